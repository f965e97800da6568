// Mesopotamia in the browser: the map (mesopotamia-map.js) with the moves chosen on it, the
// players' mana and offerings, your cards, the buttons for what the map cannot show, and the
// final table. Legal moves come from the server and are sorted by what a player clicks:
// a hex with your members selects them, then a highlighted neighbouring hex steps there; a hex
// that is itself the point of a move (breeding, a holy place, a Teleport destination, a volcano
// spot) sends it; things done on the chosen hex (pick up, drop, steal, build a hut, the thing a
// card moves) become buttons naming it in words; a card in your hand is played by clicking it.
// Every element that sends a move carries data-action = Move.text.

import { h, s } from "../dom.js";
import { endingLine } from "../seats.js";
import { SEAT_FILL, drawLegend, drawMap, neighbour, placeName } from "./mesopotamia-map.js";

// moves whose whole point is one hex: clicking that hex sends them
const CELL_TARGETS = new Set(["to", "place_volcano", "place_resource", "holy_place", "breed",
                              "priesthood"]);
// moves that play a card from the hand, and which card: a card with moves is clicked first,
// then what it acts on is picked (a hex on the map, a player as a button)
const CARD_OF = { play: (json) => json.card, mana_theft: () => "mana_theft",
                  teleport: () => "teleport", wrath: () => "marduks_wrath",
                  priesthood: () => "priesthood" };
/** Log events whose hexes the map outlines as what the last turn changed. */
const MARKED = new Set(["move", "explore", "volcano", "place_resource", "pick_up", "drop", "swap",
                        "take_offering", "steal", "build_hut", "holy_place", "breed",
                        "card_target", "carrier_picked"]);
/** Prompts that say what to click in a phase; the other phases use their name. */
const PROMPTS = new Set(["movement", "action", "building_huts", "holy_places", "breeding",
                         "teleport_to", "wrath_to", "place_volcano", "place_resource",
                         "scout_pick", "after_draw"]);

function indexMoves(legal) {
  const index = { steps: new Map(), here: new Map(), direct: new Map(), cards: new Map(),
                  buttons: [] };
  const add = (map, key, move) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(move);
  };
  for (const move of legal) {
    const json = move.json || {};
    if (json.do === "move") {
      if (!index.steps.has(json.cell)) index.steps.set(json.cell, new Map());
      add(index.steps.get(json.cell), neighbour(json.cell, json.dir), move);
    } else if (CARD_OF[json.do]) {
      add(index.cards, CARD_OF[json.do](json), move);
    } else if (json.cell && CELL_TARGETS.has(json.do)) {
      add(index.direct, json.cell, move);
    } else if (json.cell) {
      add(index.here, json.cell, move);
    } else {
      index.buttons.push(move);
    }
  }
  return index;
}

export function createRenderer(elements, ctx) {
  const { t } = ctx;
  let selected = null;      // the hex whose members the player has chosen
  let choice = null;        // {lab, moves}: several moves on one hex, shown as buttons
  let card = null;          // the card clicked in the hand, whose target is picked next
  let seenSeq = null;
  let last = null;

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && (selected || choice || card) && last) {
      selected = null;
      choice = null;
      card = null;
      draw(...last);
    }
  });

  function redraw() {
    if (last) draw(...last);
  }

  function activate(el, handler) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.addEventListener("click", (event) => { event.stopPropagation(); handler(); });
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); handler(); }
    });
  }

  function moveButton(move) {
    const label = move.label || move.text;
    return h("button", { type: "button", class: "action-button", title: label,
                         dataset: { action: move.text }, onclick: () => ctx.play(move.text) }, label);
  }

  function terrainAt(view, lab) {
    const tile = view.tiles.find(([q, r]) => `${q},${r}` === lab);
    return tile ? tile[2] : null;
  }

  function place(view, lab) {
    const terrain = terrainAt(view, lab);
    return placeName(t, lab, terrain, !terrain);
  }

  /** Which hex does what when clicked, with the words of its tooltip. */
  function boardTargets(view, index) {
    const targets = new Map();
    const offer = (lab, moves) => {
      if (moves.length === 1) {
        targets.set(lab, { kind: "move", move: moves[0], tip: moves[0].label || moves[0].text,
                           onClick: () => ctx.play(moves[0].text) });
      } else {
        targets.set(lab, { kind: "list", tip: t("web.meso.tip.choose", { n: moves.length }),
                           onClick: () => { choice = { lab, moves }; redraw(); } });
      }
    };
    if (card) {   // a card is being played: only the hexes it may act on
      const byCell = new Map();
      for (const move of index.cards.get(card) || []) {
        if (!move.json.cell) continue;
        if (!byCell.has(move.json.cell)) byCell.set(move.json.cell, []);
        byCell.get(move.json.cell).push(move);
      }
      for (const [lab, moves] of byCell) offer(lab, moves);
      return targets;
    }
    if (selected && index.steps.has(selected)) {
      for (const [to, moves] of index.steps.get(selected)) offer(to, moves);
    }
    // a hex none of your members step from (the action phase, a card's target): everything
    // done there is offered on it at once, e.g. breeding and building a hut on one plains
    for (const lab of new Set([...index.direct.keys(), ...index.here.keys()])) {
      if (targets.has(lab) || index.steps.has(lab)) continue;
      offer(lab, [...(index.direct.get(lab) || []), ...(index.here.get(lab) || [])]);
    }
    for (const lab of new Set([...index.steps.keys(), ...index.here.keys()])) {
      if (targets.has(lab)) continue;
      const chosen = lab === selected;
      targets.set(lab, { kind: "select", tip: t(chosen ? "web.meso.tip.unselect" : "web.meso.tip.select"),
                         onClick: () => { selected = chosen ? null : lab; choice = null; redraw(); } });
    }
    return targets;
  }

  // The turns as the log tells them: each seat's lines since its latest turn began. The map
  // shows the turn of the player before the one to move (what the previous player did) and
  // the steps the player to move has taken so far. The match page hands in its whole log (so a
  // reloaded page knows the last turn too); the replay hands in each step's lines.
  let turns = new Map();    // seat -> log lines of its latest turn
  let followed = -1;        // the highest log seq taken in

  function follow(snapshot, lines) {
    if (snapshot.seq < followed) {   // a replay stepped back: start over
      turns = new Map();
      followed = -1;
    }
    for (const line of lines || []) {
      if (line.seq <= followed) continue;
      const data = line.data || {};
      if (line.kind === "turn") {
        turns.set(data.seat, []);
        continue;
      }
      const seat = typeof data.seat === "number" ? data.seat : line.actor;
      if (seat < 0 || !MARKED.has(line.kind)) continue;
      if (!turns.has(seat)) turns.set(seat, []);
      turns.get(seat).push(line);
    }
    for (const line of lines || []) followed = Math.max(followed, line.seq);
  }

  /** The hexes the previous player's turn touched, and the steps of that turn and this one. */
  function lastTurn(view) {
    const marks = new Set();
    const paths = [];
    const active = view.active;
    const before = (active - 1 + view.players) % view.players;
    for (const seat of [before, active]) {
      for (const line of turns.get(seat) || []) {
        const data = line.data || {};
        if (seat === before) {
          for (const lab of [data.cell, data.from, data.to]) if (typeof lab === "string") marks.add(lab);
        }
        if ((line.kind === "move" || line.kind === "explore") && data.from && data.to) {
          paths.push({ from: data.from, to: data.to, seat });
        }
      }
    }
    return { marks, paths };
  }

  function drawPlayers(snapshot) {
    const view = snapshot.view;
    const items = view.seats.map((info, seat) => {
      const badges = [];
      if (seat === snapshot.seat) badges.push(h("span", { class: "badge you" }, t("web.match.you")));
      const delivered = info.delivered.length
        ? t("web.meso.delivered", { n: info.delivered.length, values: info.delivered.join(", ") })
        : t("web.meso.delivered_none");
      const hand = info.hand ? null : t("ui.hand", { cards: t("ui.hand_size", { n: info.hand_size }) });
      return h("li", { class: `player meso-player${view.active === seat ? " to-move" : ""}`,
                       style: `border-left: 5px solid ${SEAT_FILL[seat]}`,
                       dataset: { seat: String(seat) } },
        h("div", { class: "player-head" },
          s("svg", { viewBox: "0 0 16 16", class: "meso-dot", "aria-hidden": "true" },
            s("circle", { cx: 8, cy: 8, r: 7, fill: SEAT_FILL[seat] })),
          h("strong", {}, ctx.seatLabel(seat)), ...badges),
        h("div", {}, t("ui.mana", { mana: info.mana, limit: info.limit }), " · ", delivered),
        // your own offerings by value (hidden from the others, R10), theirs as a number
        h("div", { class: "muted" }, t(info.offerings ? "web.meso.supply_own" : "ui.supply", {
          members: info.members_supply, huts: info.huts_supply, holy: info.holy_supply,
          offerings: info.offerings ? info.offerings.join(", ") || t("ui.none")
            : info.offerings_supply })),
        hand ? h("div", { class: "muted" }, hand) : null);
    });
    return [h("h2", {}, t("web.match.players")), h("ol", { class: "player-list" }, items)];
  }

  function drawHand(snapshot, index) {
    const view = snapshot.view;
    const seat = snapshot.seat;
    if (seat === null || seat === undefined) {
      return h("p", { class: "muted" }, t("web.meso.spectator"));
    }
    const info = view.seats[seat];
    let waiting = info.drawn || null;   // the card drawn this turn waits for the next (R3.2)
    const shown = new Set();
    const cards = (info.hand || []).map((kind) => {
      // two of a kind: the first is the one to click
      const moves = shown.has(kind) ? null : index.cards.get(kind);
      shown.add(kind);
      const fresh = !moves && waiting === kind;
      if (fresh) waiting = null;
      const name = t(`card.${kind}`);
      const help = t(`web.meso.card_help.${kind}`);
      // one move that needs no target is sent at once; else the target is picked next
      const direct = moves && moves.length === 1 && !moves[0].json.cell ? moves[0] : null;
      const tip = direct ? `${direct.label} · ${help}`
        : moves ? `${t("web.meso.card_pick", { card: name })} · ${help}`
          : fresh ? t("web.meso.card_fresh", { card: name }) : `${name} · ${help}`;
      const onclick = direct ? () => ctx.play(direct.text)
        : moves ? () => { card = card === kind ? null : kind; selected = null; choice = null; redraw(); }
          : undefined;
      return h("button", {
        // of two of a kind only the clickable first one shows as chosen
        type: "button", class: `meso-card${moves ? " legal" : ""}${moves && card === kind ? " chosen" : ""}`,
        disabled: !moves, title: tip, "aria-label": tip,
        dataset: direct ? { action: direct.text, card: kind } : { card: kind }, onclick,
      }, h("span", { class: "meso-card-name" }, name), h("span", { class: "meso-card-help" }, help));
    });
    return h("div", { class: "meso-hand" }, h("h3", {}, t("web.meso.your_cards")),
      h("div", { class: "meso-cards" },
        cards.length ? cards : h("span", { class: "muted" }, t("web.meso.no_cards"))));
  }

  function drawActions(view, index) {
    const out = [];
    if (card) {
      const moves = index.cards.get(card) || [];
      const anyCell = moves.some((move) => move.json.cell);
      out.push(h("p", { class: "meso-hint" }, t(anyCell ? "web.meso.card_on_map" : "web.meso.card_choose",
                                                 { card: t(`card.${card}`) })));
      if (choice) out.push(...choice.moves.map(moveButton));
      out.push(...moves.filter((move) => !move.json.cell).map(moveButton));
      return out;
    }
    if (choice) {
      out.push(h("p", { class: "meso-hint" }, t("web.meso.which", { place: place(view, choice.lab) })),
               ...choice.moves.map(moveButton));
    } else if (selected) {
      const here = index.here.get(selected) || [];
      const steps = index.steps.has(selected);
      out.push(h("p", { class: "meso-hint" }, t(steps ? "web.meso.chosen_step" : "web.meso.chosen",
                                                 { place: place(view, selected) })),
               ...here.map(moveButton));
    }
    out.push(...index.buttons.map(moveButton));
    return out;
  }

  function draw(snapshot, state) {
    const view = snapshot.view;
    const interactive = Boolean(state && state.myTurn && !state.busy);
    if (snapshot.seq !== seenSeq) {   // a new position: the last list of choices is stale
      choice = null;
      card = null;
      seenSeq = snapshot.seq;
    }
    const index = indexMoves(interactive ? snapshot.legal || [] : []);
    const sources = new Set([...index.steps.keys(), ...index.here.keys()]);
    if (selected && !sources.has(selected)) selected = null;
    // one hex to start from: it is chosen already, so its steps show at once
    if (!selected && sources.size === 1 && index.steps.size === 1 && !index.direct.size) {
      selected = [...sources][0];
    }
    follow(snapshot, state && (state.log || state.recent));
    const { marks, paths } = lastTurn(view);
    // while a Teleport or Marduk's Wrath is on its way, the hex it lifts from stays outlined
    const lifted = ["teleport_to", "wrath_to"].includes(view.phase) && view.pending
      ? view.pending.from : null;
    // the key beside the map, so the map, the buttons and the cards fit 1280×800 together
    elements.board.replaceChildren(h("div", { class: "meso-board" }, drawMap(view, {
      t, seatLabel: ctx.seatLabel, targets: boardTargets(view, index), selected: selected || lifted,
      marks, paths, activate,
    }), drawLegend(t)));
    elements.players.replaceChildren(...drawPlayers(snapshot));
    elements.actions.replaceChildren(...drawActions(view, index));
    if (!elements.hand.hidden) elements.hand.replaceChildren(drawHand(snapshot, index));
  }

  return {
    update(snapshot, state) {
      last = [snapshot, state];
      draw(snapshot, state);
    },
    prompt(snapshot) {
      return phasePrompt(t, snapshot);
    },
    renderFinal(element, snapshot) {
      renderFinal(element, snapshot, ctx);
    },
  };
}

/** What the player to move must do now, in words: what to click on the viewer's turn, else
 * which phase that player is in; movement points and explorations while moving. */
function phasePrompt(t, snapshot) {
  const view = snapshot.view;
  const mine = snapshot.seat !== null && snapshot.seat !== undefined
    && snapshot.seat === snapshot.to_move && (snapshot.legal || []).length > 0;
  const params = { mp: view.mp, explorations: view.explorations, phase: t(`phase.${view.phase}`),
                   resource: view.pending && view.pending.resource
                     ? t(`resource.${view.pending.resource}`) : "" };
  let text = mine && PROMPTS.has(view.phase) ? t(`web.meso.prompt.${view.phase}`, params)
    : t("web.meso.status", params);
  if (view.phase === "movement") text += " " + t("web.meso.prompt.points", params);
  return text;
}

/** The end: who won and why (the server's ending), then per player the offerings delivered,
 * their values adding up, mana left and the mana limit, in the order the tie-breaks rank them;
 * the column that decided is marked. */
function renderFinal(element, snapshot, ctx) {
  const { t } = ctx;
  const view = snapshot.view;
  const winners = new Set(snapshot.winners || []);
  const decided = snapshot.ending ? snapshot.ending.decided_by : null;
  const head = (key, criterion = null) => {
    const mark = criterion && decided === criterion;
    return h("th", { scope: "col", class: mark ? "meso-decided" : null,
                     title: mark ? t("web.meso.final.decided") : null }, t(key), mark ? " ◆" : "");
  };
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const order = view.seats.map((_, seat) => seat).sort((a, b) => {
    const x = view.seats[a];
    const y = view.seats[b];
    return (y.delivered.length - x.delivered.length) || (sum(y.delivered) - sum(x.delivered))
      || (y.mana - x.mana) || (a - b);
  });
  const rows = order.map((seat) => {
    const info = view.seats[seat];
    const values = info.delivered.length
      ? `${info.delivered.join(" + ")} = ${sum(info.delivered)}` : "–";
    const huts = view.huts.filter((hut) => hut.owner === seat).length;
    const holy = Object.values(view.holy).filter((owner) => owner === seat).length;
    return h("tr", { class: winners.has(seat) ? "winner" : null, dataset: { seat: String(seat) } },
      h("th", { scope: "row" },
        h("span", { class: "meso-final-dot", style: `background: ${SEAT_FILL[seat]}` }),
        ctx.seatLabel(seat), winners.has(seat) ? " ★" : ""),
      h("td", { class: decided === "offerings" ? "meso-decided" : null },
        t("web.meso.final.count", { n: info.delivered.length })),
      h("td", { class: decided === "offering_values" ? "meso-decided" : null }, values),
      h("td", { class: decided === "mana" ? "meso-decided" : null }, String(info.mana)),
      h("td", {}, String(info.limit)),
      h("td", {}, String(huts)),
      h("td", {}, String(holy)));
  });
  element.replaceChildren(
    h("h2", { id: "final-title" }, t("web.final.title")),
    h("p", { class: "winners", id: "winners" }, ctx.winnersText(snapshot.winners || [])),
    // how it ended and what decided (the server's words): a turn cap, or a fourth offering
    endingLine(h, snapshot),
    h("table", { class: "final-table meso-final" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("web.match.players")),
        head("web.meso.offerings", "offerings"), head("web.meso.values", "offering_values"),
        head("web.meso.mana", "mana"), head("web.meso.final.limit"), head("web.meso.final.huts"),
        head("web.meso.final.holy"))),
      h("tbody", {}, rows)),
    h("p", { class: "muted" }, t("web.meso.final.rule")),
    snapshot.match_id ? h("p", {}, h("a", { href: `/replay/${snapshot.match_id}`,
                                            class: "replay-link" }, t("web.lobby.replay")))
      : null);
}
