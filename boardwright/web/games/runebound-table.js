// Runebound's table beside the map: what the player does now (the movement dice, the fight,
// the adventure on the hex, the market, experience, a trade), the event in play, the doom track,
// the undefeated challenges and the markets; and the end screen. Every button that sends a move
// carries data-action = Move.text; a legal move no panel places is still offered as a button.

import { h } from "../dom.js";
import { endingLine } from "../seats.js";
import {
  ATTRS, COLOURS, HIDDEN, MODES, adventureText, blankDie, cardName, cityName, colourName, counterIcon,
  dieFace, faceName, fighter, heroIcon, marketText,
} from "./runebound-pieces.js";
import { heroValues, level, rollBonus } from "./runebound-sheets.js";

const COMBAT_PHASES = new Set(["fs", "escape", "round", "react", "defence", "pvp_fs",
                               "pvp_escape", "pvp_round", "loot"]);
/** The figures a recovery or a healer names (`json.figure`), the hero first. */
const FIGURES = ["hero", "ally1", "ally2"];

/** Legal moves by their type; each panel takes the ones it places. */
export class MoveBox {
  constructor(legal) {
    this.byType = new Map();
    for (const move of legal) {
      const type = (move.json && move.json.do) || move.text;
      if (!this.byType.has(type)) this.byType.set(type, []);
      this.byType.get(type).push(move);
    }
  }

  take(...types) {
    const out = [];
    for (const type of types) {
      out.push(...(this.byType.get(type) || []));
      this.byType.delete(type);
    }
    return out;
  }

  rest() {
    return [...this.byType.values()].flat();
  }
}

function section(cls, title, ...children) {
  return h("section", { class: `rb-panel ${cls}` },
    title ? h("h3", {}, title) : null, ...children);
}

export function createTable(ctx, activate) {
  const { t } = ctx;

  function button(move, text, { cls = "", title = null } = {}) {
    const el = h("button", { type: "button", class: `action-button rb-button ${cls}`,
                             title: title || move.label, "aria-label": title || move.label },
      text || move.label);
    activate(el, move);
    return el;
  }

  function buttons(moves, textOf = null) {
    return moves.map((m) => button(m, textOf ? textOf(m) : null));
  }

  // --- movement ---------------------------------------------------------------------------

  function restText(n) {
    if (n === 0) return t("web.runebound.rest_all");
    if (n === 1) return t("web.runebound.roll_rest_one", { rest: 3 });
    if (n < 4) return t("web.runebound.roll_rest", { n, rest: 4 - n });
    return t("web.runebound.roll_n", { n });
  }

  function moveChoice(view, box) {
    const rests = box.take("rest");
    const choices = rests.map((move) => {
      const n = move.json.dice;
      const dice = n ? Array.from({ length: n }, () => blankDie(13)) : [h("span", { class: "rb-rest-mark" }, "☾")];
      return button(move, [h("span", { class: "rb-dice-row", "aria-hidden": "true" }, dice),
                           h("span", {}, restText(n))], { cls: "rb-roll" });
    });
    const extra = box.take("use_item");
    const faces = view.map.dice.map((face) => h("span", { class: "rb-face", title: faceName(t, face) },
      dieFace(face, 22)));
    return [
      choices.length ? h("p", { class: "rb-hint" }, t("web.runebound.move_hint")) : null,
      choices.length || extra.length
        ? h("div", { class: "rb-roll-choices" }, choices, buttons(extra)) : null,
      h("p", { class: "rb-faces", title: t("web.runebound.faces_tip") },
        h("span", {}, t("web.runebound.faces")), faces),
    ];
  }

  function moving(view, box, selection) {
    const { g, map } = view;
    const moves = box.take("move");
    const stop = box.take("end_move");
    const usable = new Set(moves.map((m) => m.json.die - 1));
    const dice = g.dice.map((face, d) => {
      const used = face < 0;
      const terrains = used ? [] : map.dice[face];
      const name = used ? t("web.runebound.die_used", { n: d + 1 })
        : t("web.runebound.die_tip", { n: d + 1, face: faceName(t, terrains) });
      const chosen = selection.die === d;
      const can = usable.has(d);
      return h("button", {
        type: "button", class: `rb-die-button${chosen ? " chosen" : ""}${can ? " legal" : ""}`,
        disabled: !can, "aria-pressed": String(chosen), title: name, "aria-label": name,
        dataset: { die: String(d) }, onclick: () => selection.choose(chosen ? null : d),
      }, used ? dieFace([], 38, { used: true }) : dieFace(terrains, 38),
      h("span", { class: "rb-die-number" }, String(d + 1)));
    });
    return [
      moves.length ? h("p", { class: "rb-hint" }, t(selection.die === null
        ? "web.runebound.moving_hint" : "web.runebound.moving_die_hint",
      { n: (selection.die ?? 0) + 1 })) : null,
      h("div", { class: "rb-dice" }, dice),
      h("div", { class: "rb-row" }, buttons(stop, () => t("web.runebound.stop_here"))),
    ];
  }

  function recover(view, box) {
    const { g, map } = view;
    const p = g.players[g.seat];
    const figs = box.take("recover").map((move) => {
      const f = FIGURES.indexOf(move.json.figure);
      const name = f === 0 ? map.heroes[p.hero][0] : cardName(map, p.allies[f - 1][0]);
      return button(move, t("web.runebound.recover_fig", { name }));
    });
    const done = box.take("end_move").map((m) => button(m, t("web.runebound.recover_done")));
    return [h("p", { class: "rb-hint" }, t("web.runebound.recover_hint", { n: g.recover })),
            h("div", { class: "rb-row" }, figs, done)];
  }

  // --- adventure, market, experience --------------------------------------------------------

  function adventure(view, box) {
    const { g, map } = view;
    const p = g.players[g.seat];
    const here = g.board[p.pos];
    const face = box.take("face").map((m) => button(m, [counterIcon(here, 14),
      h("span", {}, t("web.runebound.face_colour", { colour: colourName(t, here) }))]));
    const slots = box.take("face_slot").map((m) => {
      const slot = g.slots[m.json.slot - 1];
      return button(m, t("web.runebound.face_slot", { slot: m.json.slot,
                                                     card: map.adventures[slot[0]][0] }),
                    { title: adventureText(t, map, slot[0]) });
    });
    const others = box.take("attack_player", "trade_with");
    const skip = box.take("skip");
    return [h("div", { class: "rb-row" }, face, slots, buttons(others), buttons(skip))];
  }

  function market(view, box) {
    const { g, map } = view;
    const p = g.players[g.seat];
    const k = map.cities.findIndex((c) => c[0] === p.pos);
    const buys = new Map(box.take("buy").map((m) => [m.json.index, m]));
    const rows = (k >= 0 ? g.markets[k] : []).map((key) => {
      const [name, kind, cost] = map.market[key];
      const move = buys.get(key);
      return h("li", { class: "rb-market-card", title: marketText(t, map, key) },
        h("span", { class: `rb-kind rb-kind-${kind}` }, t(`web.runebound.kind_short.${kind}`)),
        h("span", { class: "rb-card-name" }, name),
        move ? button(move, t("web.runebound.buy", { cost }), { cls: "small" })
          : h("span", { class: "rb-price muted" }, t("web.runebound.cost", { cost })));
    });
    const mine = box.take("sell", "discard_item", "use_item", "discard_ally").map((m) => {
      const json = m.json;
      const ally = json.do === "discard_ally";
      const pile = ally ? p.allies : p.items;
      const at = (ally ? json.ally : json.item) - 1;
      const key = pile[at] ? pile[at][0] : null;
      const verb = { sell: "sell", discard_item: "discard", use_item: "use", discard_ally: "dismiss" }[json.do];
      return button(m, t(`web.runebound.${verb}`, { card: key === null ? "" : cardName(map, key) }),
                    { cls: "small", title: m.label });
    });
    const heal = box.take("heal_wound", "heal_exh").map((m) => {
      const f = FIGURES.indexOf(m.json.figure);
      const name = f === 0 ? map.heroes[p.hero][0] : cardName(map, p.allies[f - 1][0]);
      return button(m, t(`web.runebound.${m.json.do}`, { name }), { cls: "small" });
    });
    const leave = box.take("end_market");
    return [
      h("h4", {}, t("web.runebound.market_of", { city: k >= 0 ? cityName(t, map.cities[k][1]) : "" })),
      rows.length ? h("ul", { class: "rb-market" }, rows)
        : h("p", { class: "muted" }, t("web.runebound.market_empty")),
      mine.length ? h("div", { class: "rb-row" }, mine) : null,
      heal.length ? h("div", { class: "rb-row", title: t("web.runebound.healer_tip") },
        h("span", { class: "rb-row-title" }, t("web.runebound.healer")), heal) : null,
      h("div", { class: "rb-row" }, buttons(leave, () => t("web.runebound.leave_market"))),
    ];
  }

  function experience(view, box) {
    const { g, map } = view;
    const p = g.players[g.seat];
    const v = heroValues(map, p);
    const xp = p.credit + p.counters.reduce((a, n, c) => a + n * map.counter_xp[c], 0);
    const now = { mind: v.mind[0], body: v.body[0], spirit: v.spirit[0], stamina: v.stamina,
                  life: v.life };
    const buy = box.take("xp").map((m) => {
      const kind = m.json.kind;
      const step = kind === "life" ? 1 : 2;
      return button(m, t("web.runebound.xp_button", { step, attr: t(`web.runebound.xp_kind.${kind}`),
                                                      value: now[kind] + step }),
                    { cls: "small" });
    });
    const end = box.take("end_turn");
    return [
      h("p", { class: "rb-hint" }, t("web.runebound.xp_hint", { xp, cost: map.xp_cost })),
      buy.length ? h("div", { class: "rb-row" }, buy) : null,
      h("div", { class: "rb-row" }, buttons(end)),
    ];
  }

  // --- combat -----------------------------------------------------------------------------

  /** "3+1": a value and the permanent roll bonus of the hero's items and ability (R7.5). */
  function withBonus(value, bonus) {
    return bonus ? `${value}+${bonus}` : String(value);
  }

  function stageIndex(g) {
    if (g.phase === "fs" || g.phase === "pvp_fs") return 0;
    if (g.phase === "escape" || g.phase === "pvp_escape") return 1;
    if (g.phase === "loot") return 5;
    return 2 + (g.combat ? g.combat.stage : 0);
  }

  function stages(g) {
    const now = stageIndex(g);
    const names = ["first_strike", "escape", ...MODES];
    return h("ol", { class: "rb-stages", "aria-label": t("web.runebound.stages") },
      names.map((name, k) => h("li", { class: k === now ? "now" : k < now ? "done" : "",
                                       "aria-current": k === now ? "step" : undefined },
        t(`web.runebound.stage.${name}`))));
  }

  function lifeBar(wounds, life, label) {
    const cells = [];
    for (let k = 0; k < life; k += 1) {
      cells.push(h("span", { class: `rb-pip${k < wounds ? " wound" : ""}` }));
    }
    return h("span", { class: "rb-pips big", role: "img", title: label, "aria-label": label }, cells);
  }

  function statTable(rows, current) {
    return h("table", { class: "rb-combat-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""),
        ...MODES.map((m, k) => h("th", { class: k === current ? "now" : "", scope: "col" },
          t(`mode.${m}`))))),
      h("tbody", {}, rows.map(([head, values, title]) => h("tr", { title: title || String(head) },
        h("th", { scope: "row" }, head),
        ...values.map((value, k) => h("td", { class: k === current ? "now" : "" }, String(value)))))));
  }

  function combat(view, box) {
    const { g, map } = view;
    const cb = g.combat;
    const current = ["round", "react", "defence", "pvp_round"].includes(g.phase) ? cb.stage : -1;
    const acts = box.take("fight", "fs_hero", "fs_ally", "fs_item", "escape", "stay",
      "attack_hero", "attack_ally", "defend", "prevent", "take", "use_item", "loot_item",
      "loot_ally", "loot_gold");
    const parts = [];
    if (cb && cb.pvp) {
      const a = g.players[cb.A];
      const d = g.players[cb.D];
      const va = heroValues(map, a);
      const vd = heroValues(map, d);
      parts.push(h("p", { class: "rb-foe" }, heroIcon(cb.A, 18), ctx.seatLabel(cb.A), " ⚔ ",
        heroIcon(cb.D, 18), ctx.seatLabel(cb.D)));
      parts.push(stages(g));
      const row = (seat, hero, key, values) => [
        h("span", {}, heroIcon(seat, 13), " ", t(`web.runebound.${key}`)), values,
        t(`web.runebound.${key}_of`, { name: `${ctx.seatLabel(seat)}, ${map.heroes[hero.hero][0]}` })];
      parts.push(statTable([
        row(cb.A, a, "value", ATTRS.map((x, k) => withBonus(va[x][0], rollBonus(map, a, MODES[k])))),
        row(cb.A, a, "damage", ATTRS.map((x) => va[x][1])),
        row(cb.D, d, "value", ATTRS.map((x, k) => withBonus(vd[x][0], rollBonus(map, d, MODES[k])))),
        row(cb.D, d, "damage", ATTRS.map((x) => vd[x][1])),
      ], current));
      if (g.phase === "pvp_round" && cb.target) {
        parts.push(h("p", { class: "rb-hint" }, t("web.runebound.pvp_target", { target: cb.target })));
      }
    } else if (cb) {
      const [name, colour, , source, info = {}] = map.adventures[cb.card];
      const f = fighter(info.fighter) || fighter([1, 0, 0, 0, 0, 0, 0, 0]);
      const p = g.players[g.seat];
      const v = heroValues(map, p);
      const wounds = t("web.runebound.enemy_life", { wounds: cb.wounds, life: f.life });
      parts.push(h("div", { class: `rb-enemy rb-enemy-${colour}`, title: adventureText(t, map, cb.card) },
        h("div", { class: "rb-enemy-head" }, counterIcon(COLOURS.indexOf(colour), 16),
          h("strong", {}, name),
          h("span", { class: "muted" }, t("web.runebound.kind.challenge", { colour: colourName(t, colour) })),
          source === "original" ? null : h("span", { class: "badge" }, t(`web.runebound.source.${source}`))),
        h("div", { class: "rb-enemy-life" }, lifeBar(cb.wounds, f.life, wounds),
          h("span", {}, wounds))));
      parts.push(stages(g));
      parts.push(statTable([
        [t("web.runebound.enemy_target"), ATTRS.map((x) => f[x][0]), t("web.runebound.enemy_target_tip")],
        [t("web.runebound.enemy_damage"), ATTRS.map((x) => f[x][1]), t("web.runebound.enemy_damage_tip")],
        [t("web.runebound.your_value"), ATTRS.map((x, k) => withBonus(v[x][0], rollBonus(map, p, MODES[k]))),
          t("web.runebound.your_value_tip")],
        [t("web.runebound.your_damage"), ATTRS.map((x) => v[x][1]), t("web.runebound.your_damage_tip")],
      ], current));
      const reward = info.gold || info.rune || info.win
        ? h("p", { class: "rb-hint" }, adventureText(t, map, cb.card).split("\n").pop()) : null;
      if (reward) parts.push(reward);
    }
    if (g.phase === "react" && cb) {
      parts.push(h("p", { class: "rb-alert" }, t("web.runebound.incoming", { wounds: cb.dmg })));
    }
    // after a fight between heroes "skip" takes no spoils (R7.14)
    const skip = g.phase === "loot" ? box.take("skip") : [];
    parts.push(h("div", { class: "rb-row rb-combat-actions" }, buttons(acts),
      buttons(skip, () => t("web.runebound.take_nothing"))));
    return parts;
  }

  function trade(view, box) {
    const { g, map } = view;
    const tr = g.trade;
    const parts = [];
    if (tr) {
      const part = (p, side) => [
        ...tr[`${side}_items`].map((i) => cardName(map, p.items[i][0])),
        ...tr[`${side}_allies`].map((i) => cardName(map, p.allies[i][0])),
        ...(tr[`${side}_gold`] ? [t("trade.gold", { n: tr[`${side}_gold`] })] : []),
      ].join(t("list.separator")) || t("trade.nothing");
      parts.push(h("p", {}, heroIcon(g.seat, 16), ctx.seatLabel(g.seat), " ⇄ ",
        heroIcon(tr.with, 16), ctx.seatLabel(tr.with)));
      parts.push(h("p", { class: "rb-hint" }, t("trade.offer", {
        give: part(g.players[g.seat], "give"), take: part(g.players[tr.with], "take") })));
    }
    parts.push(h("div", { class: "rb-row" }, buttons(box.take(
      "trade_give_item", "trade_give_ally", "trade_give_gold", "trade_take_item",
      "trade_take_ally", "trade_take_gold", "trade_propose", "trade_end", "trade_accept",
      "trade_decline"))));
    return parts;
  }

  /** The panel for what happens now; `selection` holds the chosen die of a movement. */
  function nowPanel(snapshot, box, selection) {
    const view = snapshot.view;
    const { g } = view;
    const phase = g.phase;
    let title = t(`web.runebound.now.${phase}`);
    if (title === `web.runebound.now.${phase}`) title = t("web.runebound.now.other");
    let body = [];
    if (!g.players.length) body = [];
    else if (phase === "move_choice") body = moveChoice(view, box);
    else if (phase === "moving") body = moving(view, box, selection);
    else if (phase === "recover") body = recover(view, box);
    else if (phase === "adventure") body = adventure(view, box);
    else if (phase === "market") body = market(view, box);
    else if (phase === "experience") body = experience(view, box);
    else if (COMBAT_PHASES.has(phase) || g.combat) body = combat(view, box);
    else if (phase === "trade" || phase === "trade_answer") body = trade(view, box);
    if (g.trade && phase !== "trade" && phase !== "trade_answer") body.push(...trade(view, box));
    const rest = box.rest();
    if (rest.length) body.push(h("div", { class: "rb-row" }, buttons(rest)));
    const who = g.players.length && phase !== "over"
      ? h("span", { class: "rb-now-who" }, heroIcon(g.actor >= 0 ? g.actor : g.seat, 16),
        ctx.seatLabel(g.actor >= 0 ? g.actor : g.seat)) : null;
    return section(`rb-now phase-${phase}${COMBAT_PHASES.has(phase) ? " rb-combat" : ""}`, null,
      h("h3", {}, who, h("span", {}, title)), ...body);
  }

  // --- the rest of the table --------------------------------------------------------------

  function eventPanel(view) {
    const { g, map } = view;
    const round = t("web.runebound.round_n", { round: g.round });
    const doomTitle = t("web.runebound.doom_tip", { counters: g.doom_counters, total: map.doom_counters,
      cards: g.doom.length, per: map.doom_cards });
    const crests = [];
    for (let k = 0; k < map.doom_counters; k += 1) {
      crests.push(h("span", { class: `rb-crest${k < g.doom_counters ? " filled" : ""}`,
                              "aria-hidden": "true" }, k < g.doom_counters ? "☠" : ""));
    }
    const doom = h("div", { class: "rb-doom", title: doomTitle, role: "img", "aria-label": doomTitle },
      h("span", { class: "rb-row-title" }, t("web.runebound.doom_track")), crests,
      h("span", { class: "rb-doom-cards" }, t("web.runebound.doom_cards",
        { cards: g.doom.filter((c) => c !== HIDDEN).length + (g.doom.includes(HIDDEN) ? 1 : 0),
          per: map.doom_cards })));
    const event = g.event >= 0
      ? h("p", { class: "rb-event", title: adventureText(t, map, g.event) },
        h("span", { class: "rb-row-title" }, t("web.runebound.event_in_play")),
        h("strong", {}, map.adventures[g.event][0]), " ",
        h("span", { class: "rb-event-number" }, t("web.runebound.card.event",
          { number: "I".repeat((map.adventures[g.event][4] || {}).event || 1) })),
        eventEffects(view))
      : h("p", { class: "rb-event muted" }, t("web.runebound.no_event"));
    const endgame = g.endgame
      ? h("p", { class: "rb-alert" }, t("web.runebound.endgame_order", {
        order: g.end_order.map((seat) => ctx.seatLabel(seat)).join(" → ") }))
      : null;
    return section("rb-world", null, h("p", { class: "rb-round" }, round), doom, event, endgame);
  }

  function eventEffects(view) {
    const info = view.map.adventures[view.g.event][4] || {};
    const words = (info.effects || []).map((e) => t(`web.runebound.event_effect.${e.kind}`, {
      amount: e.amount, cities: (e.cities || []).map((c) => cityName(t, c)).join(t("list.separator")) }));
    return words.length ? h("span", { class: "rb-event-effects" }, ` — ${words.join("; ")}`) : null;
  }

  function undefeatedPanel(view) {
    const { g, map } = view;
    const rows = g.slots.map((slot, k) => (slot.length ? h("li", {
      title: adventureText(t, map, slot[0]) },
    h("span", { class: "rb-slot-chip" }, String(k + 1)),
    counterIcon(COLOURS.indexOf(map.adventures[slot[0]][1]), 12),
    h("span", { class: "rb-slot-name" }, map.adventures[slot[0]][0]),
    h("span", { class: "rb-slot-stats muted" }, fightLine(map, slot[0]))) : null)).filter(Boolean);
    return section("rb-undefeated", t("web.runebound.undefeated_n", { n: rows.length }),
      rows.length ? h("ul", {}, rows) : h("p", { class: "muted" }, t("web.runebound.none")));
  }

  function fightLine(map, card) {
    const f = fighter((map.adventures[card][4] || {}).fighter);
    return f ? t("web.runebound.fight_line", { mind: f.mind[0], body: f.body[0],
                                               spirit: f.spirit[0], life: f.life }) : "";
  }

  function marketsPanel(view, skipCity) {
    const { g, map } = view;
    const heroesIn = new Map();
    g.players.forEach((p, seat) => {
      const k = map.cities.findIndex((c) => c[0] === p.pos);
      if (k >= 0) heroesIn.set(k, [...(heroesIn.get(k) || []), seat]);
    });
    const order = map.cities.map((_, k) => k)
      .sort((a, b) => Number(heroesIn.has(b)) - Number(heroesIn.has(a)));
    const rows = order.filter((k) => k !== skipCity).map((k) => {
      const cards = g.markets[k];
      const here = heroesIn.get(k) || [];
      // a city with a hero in it lists every card; the others, when long, the first few
      const shown = here.length || cards.length <= 3 ? cards : cards.slice(0, 2);
      const all = cards.map((key) => marketText(t, map, key).split("\n")[0]).join("\n");
      return h("li", { class: here.length ? "here" : "", title: all || undefined },
        ...here.map((seat) => heroIcon(seat, 13)),
        h("strong", {}, cityName(t, map.cities[k][1])), ": ",
        cards.length ? shown.flatMap((key, n) => [
          h("span", { class: "rb-market-item", title: marketText(t, map, key) },
            `${map.market[key][0]} (${map.market[key][2]})`),
          n < shown.length - 1 ? t("list.separator") : null])
          : h("span", { class: "muted" }, t("web.runebound.market_empty")),
        shown.length < cards.length
          ? h("span", { class: "muted" }, ` ${t("web.runebound.more_cards", { n: cards.length - shown.length })}`)
          : null);
    });
    return section("rb-markets", t("web.runebound.markets"), h("ul", {}, rows));
  }

  function draw(snapshot, box, selection) {
    const view = snapshot.view;
    const { g, map } = view;
    const p = g.players[g.seat];
    const inMarket = g.phase === "market" && p
      ? map.cities.findIndex((c) => c[0] === p.pos) : -1;
    return [nowPanel(snapshot, box, selection), eventPanel(view), undefeatedPanel(view),
            marketsPanel(view, inMarket)];
  }

  return { draw };
}

// --- the end --------------------------------------------------------------------------------

export function renderFinal(element, snapshot, ctx) {
  const { t } = ctx;
  const view = snapshot.view;
  const { g, map } = view;
  const ending = snapshot.ending || {};
  const ranking = ending.ranking || [];
  const winners = new Set(snapshot.winners || g.winners || []);
  const cols = ["runes", "level", "gold"];
  const cls = (col) => [ranking.includes(col) ? "ranked" : "",
                        ending.decided_by === col ? "decided" : ""].join(" ").trim();
  const head = h("tr", {}, h("th", { scope: "col" }, t("web.runebound.final.player")),
    h("th", { scope: "col", class: "rb-left" }, t("web.runebound.final.hero")),
    ...cols.map((col) => h("th", { scope: "col", class: cls(col) }, t(`web.runebound.final.${col}`))),
    h("th", { scope: "col" }, t("web.runebound.final.counters")),
    h("th", { scope: "col", class: "rb-left" }, t("web.runebound.final.cards")));
  const order = g.players.map((_, seat) => seat).sort((a, b) => {
    const pa = g.players[a];
    const pb = g.players[b];
    return Number(winners.has(b)) - Number(winners.has(a)) || pb.runes - pa.runes
      || level(pb) - level(pa) || pb.gold - pa.gold || a - b;
  });
  const rows = order.map((seat) => {
    const p = g.players[seat];
    const values = { runes: p.runes, level: level(p), gold: p.gold };
    const cards = [...p.items.map(([key]) => cardName(map, key)),
                   ...p.allies.map(([key]) => cardName(map, key))].join(t("list.separator"));
    return h("tr", { class: winners.has(seat) ? "winner" : "", dataset: { seat: String(seat) } },
      h("th", { scope: "row" }, heroIcon(seat, 16), " ", ctx.seatLabel(seat),
        winners.has(seat) ? ` ★ ${t("web.runebound.winner")}` : ""),
      h("td", { class: "rb-left" }, map.heroes[p.hero][0]),
      ...cols.map((col) => h("td", { class: cls(col) }, String(values[col]))),
      h("td", {}, p.counters.map((n, c) => h("span", { class: "rb-count" }, counterIcon(c, 11), String(n)))),
      h("td", { class: "rb-left rb-cards-cell" }, cards || "—"));
  });
  // How the game ended and what set the winners apart, each under its own heading (together
  // they are the server's `ending.text`, the sentence other games show).
  const known = Boolean(ending.reason) && t(`end.${ending.reason}`) !== `end.${ending.reason}`;
  const how = known ? t(`end.${ending.reason}`) : "";
  const decided = ending.decided_by ? t(`end.decided.${ending.decided_by}`)
    : ranking.length ? t("web.runebound.final.full_tie") : "";
  element.replaceChildren(...[
    h("h2", { id: "final-title" }, t("web.final.title")),
    h("p", { class: "winners" }, ctx.winnersText([...winners])),
    known ? null : endingLine(h, snapshot),
    h("dl", { class: "rb-ending", id: known ? "ending" : undefined },
      known ? [h("dt", {}, t("web.runebound.final.how")), h("dd", {}, how)] : null,
      decided ? [h("dt", {}, t("web.runebound.final.tiebreak")), h("dd", {}, decided)] : null,
      h("dt", {}, t("web.runebound.final.rounds")),
      h("dd", {}, String(ending.by === "cap" ? g.round - 1 : g.round))),
    h("table", { class: "final-table rb-final-table" }, h("thead", {}, head), h("tbody", {}, rows)),
    ranking.length ? h("p", { class: "muted" }, t("web.runebound.final.ranking", {
      ranking: ranking.map((col) => t(`web.runebound.final.${col}`)).join(" → ") })) : null].filter(Boolean));
}
