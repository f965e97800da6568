// Runebound's hero sheets: life and wounds, stamina and exhaustion, Mind/Body/Spirit with their
// damage, gold, adventure counters, dragon runes, level, items and allies (used or ready), the
// quest a hero carries. One sheet per seat, in the players' panel.

import { h } from "../dom.js";
import {
  ATTRS, COLOURS, MODES, REWARD, cardName, cityName, counterIcon, effectText, fighter, heroIcon,
  marketText, skillName, statsText,
} from "./runebound-pieces.js";

/** A hero's current values: the card's plus experience (R8.2: +2 each, +1 life). */
export function heroValues(map, p) {
  const info = map.heroes[p.hero][2] || {};
  const f = fighter(info.fighter) || fighter([0, 0, 0, 0, 0, 0, 0, 0]);
  const b = p.bonus;
  return {
    life: f.life + b[4], stamina: f.stamina + 2 * b[3],
    mind: [f.mind[0] + 2 * b[0], f.mind[1]], body: [f.body[0] + 2 * b[1], f.body[1]],
    spirit: [f.spirit[0] + 2 * b[2], f.spirit[1]],
    skills: info.skills || {}, ability: info.ability || null,
  };
}

/** The permanent roll bonus of a hero's items and ability in one combat phase (R7.5). */
export function rollBonus(map, p, mode) {
  let total = 0;
  for (const [key] of p.items) {
    const info = key >= REWARD ? map.adventures[key - REWARD][4] || {} : map.market[key][4] || {};
    const effect = key >= REWARD ? info.keep : info.effect;
    const usage = key >= REWARD ? (effect && effect.usage) || "permanent" : info.usage;
    if (effect && effect.kind === "roll_bonus" && usage === "permanent" && effect.mode === mode) {
      total += effect.amount || 0;
    }
  }
  const ability = (map.heroes[p.hero][2] || {}).ability;
  if (ability && ability.kind === "roll_bonus" && ability.mode === mode) total += ability.amount || 0;
  return total;
}

export function level(p) {
  return p.bonus.reduce((a, b) => a + b, 0) + 1;
}

function pips(filled, total, cls, label) {
  const cells = [];
  for (let k = 0; k < total; k += 1) {
    cells.push(h("span", { class: `rb-pip${k < filled ? ` ${cls}` : ""}` }));
  }
  return h("span", { class: "rb-pips", title: label, "aria-label": label, role: "img" }, cells);
}

function meter(t, key, filled, total, cls) {
  const label = t(`web.runebound.${key}_of`, { n: filled, total });
  return h("span", { class: `rb-meter rb-meter-${key}`, title: label },
    h("span", { class: "rb-meter-name" }, t(`web.runebound.${key}`)),
    pips(filled, total, cls, label),
    h("span", { class: "rb-meter-count" }, `${filled}/${total}`));
}

function meterShort(t, key, filled, total) {
  const label = t(`web.runebound.${key}_of`, { n: filled, total });
  return h("span", { class: `rb-meter rb-meter-${key}`, title: label, "aria-label": label },
    h("span", { class: "rb-meter-symbol", "aria-hidden": "true" }, key === "life" ? "♥" : "⚡"),
    h("span", { class: `rb-meter-count${filled ? " hurt" : ""}`, "aria-hidden": "true" },
      `${filled}/${total}`));
}

function statBox(t, attr, value, damage, short = false) {
  const mode = MODES[ATTRS.indexOf(attr)];
  const label = t("web.runebound.stat_tip", { attr: t(`web.runebound.attr.${attr}`), value,
                                              mode: t(`mode.${mode}`), damage });
  return h("span", { class: `rb-stat rb-stat-${attr}`, title: label, "aria-label": label },
    h("span", { class: "rb-stat-name" }, t(`web.runebound.attr.${attr}`)),
    h("b", {}, String(value)),
    h("span", { class: "rb-stat-dmg" }, short ? `(${damage})` : t("web.runebound.damage_short", { damage })));
}

function cardChip(t, map, key, used, extra = "") {
  const name = cardName(map, key);
  const tip = marketText(t, map, key) + (used ? `\n${t("web.runebound.used_tip")}` : "");
  return h("li", { class: `rb-chip${used ? " used" : ""}${key >= REWARD ? " reward" : ""}`,
                   title: tip },
    name, extra ? h("span", { class: "rb-chip-extra" }, extra) : null,
    used ? h("span", { class: "rb-chip-used" }, ` (${t("web.runebound.used")})`) : null);
}

function allyChip(t, map, ally) {
  const [key, wounds, exh] = ally;
  const info = key >= REWARD ? map.adventures[key - REWARD][4] : map.market[key][4];
  const f = fighter(info.fighter || info.ally);
  const extra = f ? ` ♥${f.life - wounds}/${f.life}${f.stamina ? ` ⚡${exh}/${f.stamina}` : ""}` : "";
  const tip = `${marketText(t, map, key)}\n${t("web.runebound.ally_state", { wounds, exh })}`;
  return h("li", { class: `rb-chip ally${key >= REWARD ? " reward" : ""}`, title: tip },
    h("span", { class: "rb-chip-kind" }, t("web.runebound.ally_mark")), cardName(map, key),
    h("span", { class: "rb-chip-extra" }, extra));
}

/** One hero's sheet. `info`: the seat's entry of snapshot.seats; `compact` for 4+ players. */
export function heroSheet(t, ctx, snapshot, seat, { compact = false } = {}) {
  const { g, map } = snapshot.view;
  const p = g.players[seat];
  const v = heroValues(map, p);
  const info = (snapshot.seats || []).find((x) => x.seat === seat) || {};
  const winners = new Set(snapshot.winners || g.winners || []);
  const heroName = map.heroes[p.hero][0];
  const badges = [];
  if (seat === snapshot.seat) badges.push(h("span", { class: "badge you" }, t("web.match.you")));
  if (info.kind === "bot") badges.push(h("span", { class: "badge" }, t("web.lobby.bot")));
  if (info.stand_in) badges.push(h("span", { class: "badge warn" }, t("web.match.stand_in")));
  if (winners.has(seat)) badges.push(h("span", { class: "badge win" }, t("web.runebound.winner")));
  const toMove = g.phase !== "over" && (g.actor >= 0 ? g.actor : g.seat) === seat;
  const abilityTip = [
    statsText(t, v),
    v.ability ? t("web.runebound.ability", { effect: effectText(t, v.ability) }) : "",
    Object.keys(v.skills).length ? t("web.runebound.skills", {
      skills: Object.entries(v.skills).map(([k, n]) => `${skillName(t, k)} +${n}`)
        .join(t("list.separator")) }) : "",
  ].filter(Boolean).join("\n");
  const counters = COLOURS.map((c, k) => h("span", { class: "rb-count",
    title: t("web.runebound.counters_of", { n: p.counters[k], colour: t(`colour.${c}`) }) },
    counterIcon(k, 12), String(p.counters[k])));
  const items = p.items.map(([key, used]) => cardChip(t, map, key, used));
  const allies = p.allies.map((a) => allyChip(t, map, a));
  const quest = p.quest ? h("li", { class: "rb-chip quest",
    title: map.adventures[p.quest[0]] ? `${map.adventures[p.quest[0]][0]}` : "" },
  t("web.runebound.quest_to", { card: map.adventures[p.quest[0]][0],
    city: cityName(t, (map.adventures[p.quest[0]][4] || {}).quest || "") })) : null;
  const runes = h("span", { class: "rb-runes", title: t("web.runebound.runes_of", { n: p.runes }) },
    t("web.runebound.runes_short", { n: p.runes }), " ",
    ...[0, 1, 2].map((k) => h("span", { class: `rb-rune${k < p.runes ? " won" : ""}`,
                                        "aria-hidden": "true" }, "ᚱ")));
  const levelTag = h("span", { class: "rb-level", title: t("web.runebound.level_tip", { level: level(p) }) },
    t("web.runebound.level", { level: level(p) }));
  const gold = h("span", { class: "rb-gold", title: t("web.runebound.gold_of", { n: p.gold }) },
    t("web.runebound.gold_short", { n: p.gold }));
  const head = h("div", { class: "player-head", title: abilityTip },
    heroIcon(seat, 18), h("strong", {}, ctx.seatLabel(seat)),
    ...(compact ? badges.filter((b) => !b.classList.contains("warn") && b.textContent !== t("web.lobby.bot")) : badges),
    h("span", { class: "rb-hero-name" }, heroName), compact ? null : levelTag);
  const chips = items.length || allies.length || quest
    ? h("ul", { class: "rb-chips" }, ...items, ...allies, quest) : null;
  const cls = `player rb-sheet seat-border-${seat} rb-border-${seat}${toMove ? " to-move" : ""}`;
  if (compact) {   // 4 to 6 heroes: three short lines each, numbers instead of pips
    return h("li", { class: `${cls} compact`, dataset: { seat: String(seat) } }, head,
      h("div", { class: "rb-stats" },
        meterShort(t, "life", p.wounds, v.life), meterShort(t, "stamina", p.exh, v.stamina),
        ...ATTRS.map((a) => statBox(t, a, v[a][0], v[a][1], true))),
      h("div", { class: "rb-wealth" }, levelTag, gold, runes,
        h("span", { class: "rb-counters", title: t("web.runebound.counters_tip", {
          credit: p.credit, cost: map.xp_cost }) }, ...counters)),
      chips);
  }
  return h("li", { class: cls, dataset: { seat: String(seat) } }, head,
    h("div", { class: "rb-meters" },
      meter(t, "life", p.wounds, v.life, "wound"),
      meter(t, "stamina", p.exh, v.stamina, "exh")),
    h("div", { class: "rb-stats" },
      ...ATTRS.map((a) => statBox(t, a, v[a][0], v[a][1])), gold),
    h("div", { class: "rb-wealth" }, runes,
      h("span", { class: "rb-counters", title: t("web.runebound.counters_tip", {
        credit: p.credit, cost: map.xp_cost }) }, ...counters)),
    chips);
}

export function drawSheets(t, ctx, snapshot) {
  const { g } = snapshot.view;
  const compact = g.players.length > 3;
  return [h("h2", {}, t("web.runebound.heroes")),
          h("ol", { class: "player-list rb-sheets" },
            g.players.map((_, seat) => heroSheet(t, ctx, snapshot, seat, { compact })))];
}
