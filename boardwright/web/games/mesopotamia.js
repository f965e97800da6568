// Mesopotamia in the browser, drawn in place (docs/web-client.md §2): the map
// (mesopotamia-map.js) with a keyed node per hex (`hex:q,r`), your cards (`card:teleport`), and a
// tray of the choices the map cannot show (`load:wood`, `act:pick_up:wood`, a Teleport's thing,
// a player to rob), drawn from the picker's targets. pathOf says what a person taps for a move,
// read from its JSON by name: the hex with your members, then (if they carry something) what
// they carry, then the hex next to it; a hex that is itself the point of a move (breeding, a holy
// place, a Teleport's destination, a volcano spot); a card, then what it acts on. Moves without a
// path (end the movement, draw a card, finish) are the status bar's buttons.

import { h } from "../dom.js";
import { keyed, slot, uniqueKeys } from "../board/keyed.js";
import { endingLine } from "../seats.js";
import { SEAT_FILL, drawLegend, drawMap, neighbour, placeName } from "./mesopotamia-map.js";

/** Log events whose hexes the map outlines as what the last turn changed. */
const MARKED = new Set(["move", "explore", "volcano", "place_resource", "pick_up", "drop", "swap",
                        "take_offering", "steal", "build_hut", "holy_place", "breed",
                        "card_target", "carrier_picked"]);
/** Prompts that say what to tap in a phase; the other phases use their name. */
const PROMPTS = new Set(["movement", "action", "building_huts", "holy_places", "breeding",
                         "teleport_to", "wrath_to", "place_volcano", "place_resource",
                         "scout_pick", "after_draw"]);
/** The screens where the page is one column (style.css): the key is folded there. */
const NARROW = "(max-width: 699px), (max-width: 1099px) and (orientation: portrait)";
/** The card a targeted card move plays. */
const CARD_OF = { priesthood: "priesthood", mana_theft: "mana_theft", teleport: "teleport",
                  wrath: "marduks_wrath" };

/** The keys a person taps for `move`, in order, or null for a status-bar button. */
export function pathOf(move) {
  const json = move.json || {};
  const hex = (lab) => `hex:${lab}`;
  const flag = json.stole ? "*" : "";
  switch (json.do) {
    case "move": {
      // members who carry nothing step at once; a carrier's load is picked between the hexes
      const to = hex(neighbour(json.cell, json.dir));
      return json.load === "empty" && !json.stole ? [hex(json.cell), to]
        : [hex(json.cell), `load:${json.load}${flag}`, to];
    }
    case "pick_up": case "drop": case "swap":
      return [hex(json.cell), `act:${json.do}:${json.resource}${flag}`];
    case "take_offering": return [hex(json.cell), `act:take:${json.value}${flag}`];
    case "steal": return [hex(json.cell), `act:steal:${json.victim}:${json.resource}`];
    case "build_hut": return [hex(json.cell), `act:hut:${json.value}`];
    case "play": return [`card:${json.card}`];
    case "priesthood": return [`card:priesthood`, hex(json.cell)];
    case "mana_theft": return ["card:mana_theft", `act:victim:${json.victim}`];
    case "teleport": case "wrath":
      return [`card:${CARD_OF[json.do]}`, hex(json.cell), `act:thing:${json.thing}`];
    case "scout_pick": return [`act:scout:${json.terrain}`];
    default: return json.cell ? [hex(json.cell)] : null;
  }
}

/** A load's name ("wood", "offering 6", "an offering"; a stolen one says so). */
function loadName(t, load) {
  const stolen = load.endsWith("*");
  const base = load.replace("*", "");
  const name = base.startsWith("offering")
    ? (base.length > 8 ? t("ui.load.offering_value", { value: base.slice(8) }) : t("ui.load.offering"))
    : t(`ui.load.${base}`);
  return stolen ? t("web.meso.stolen", { load: name }) : name;
}

/** Lasting ids for each tribe's groups of members, so a group that steps keeps its id: a hex
 * that keeps members keeps its id; a hex that gains a group takes the id of the nearest hex
 * that lost one, else a new id. */
export function createGroupIds() {
  let ids = [];      // per seat: Map(hex -> id)
  let next = 0;
  const dist = (a, b) => {
    const [q1, r1] = a.split(",").map(Number);
    const [q2, r2] = b.split(",").map(Number);
    return Math.max(Math.abs(q1 - q2), Math.abs(r1 - r2), Math.abs(q1 + r1 - q2 - r2));
  };
  return {
    follow(view) {
      ids = view.members.map((per, seat) => {
        const was = ids[seat] || new Map();
        const now = new Map();
        const fresh = [];
        for (const lab of Object.keys(per)) {
          if (was.has(lab)) now.set(lab, was.get(lab));
          else fresh.push(lab);
        }
        const gone = [...was].filter(([lab]) => !(lab in per));
        for (const lab of fresh) {
          gone.sort((a, b) => dist(a[0], lab) - dist(b[0], lab));
          now.set(lab, gone.length ? gone.shift()[1] : (next += 1));
        }
        return now;
      });
    },
    of: (seat, lab) => (ids[seat] && ids[seat].get(lab)) || 0,
  };
}

export function createRenderer(elements, ctx) {
  const { t } = ctx;
  const groups = createGroupIds();

  function place(view, lab) {
    const tile = view.tiles.find(([q, r]) => `${q},${r}` === lab);
    return placeName(t, lab, tile ? tile[2] : null, !tile);
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

  // --- the players' panel: the game's facts only (board/players.js draws the rest) -------

  function playerSummary(snapshot, seat) {
    const info = snapshot.view.seats[seat];
    const delivered = info.delivered.length
      ? t("web.meso.delivered", { n: info.delivered.length, values: info.delivered.join(", ") })
      : t("web.meso.delivered_none");
    return {
      score: `${info.delivered.length}/4`,
      scoreTitle: t("web.meso.offerings"),
      facts: [
        h("div", {}, t("ui.mana", { mana: info.mana, limit: info.limit }), " · ", delivered),
        // your own offerings by value (hidden from the others, R10), theirs as a number
        h("div", { class: "muted" }, t(info.offerings ? "web.meso.supply_own" : "ui.supply", {
          members: info.members_supply, huts: info.huts_supply, holy: info.holy_supply,
          offerings: info.offerings ? info.offerings.join(", ") || t("ui.none")
            : info.offerings_supply })),
        info.hand ? null : h("div", { class: "muted" },
          t("ui.hand", { cards: t("ui.hand_size", { n: info.hand_size }) }))].filter(Boolean),
    };
  }

  // --- the hand: the choices tray and the cards -------------------------------------------

  function hint(view, chosen, targets) {
    const card = chosen.find((key) => key.startsWith("card:"));
    const hexes = chosen.filter((key) => key.startsWith("hex:"));
    if (card && hexes.length) return t("web.meso.which", { place: place(view, hexes[0].slice(4)) });
    if (card) {
      const onMap = [...targets.keys()].some((key) => key.startsWith("hex:"));
      return t(onMap ? "web.meso.card_on_map" : "web.meso.card_choose",
               { card: t(`card.${card.slice(5)}`) });
    }
    if (!hexes.length) return "";
    const load = chosen.find((key) => key.startsWith("load:"));
    if (load) return t("web.meso.chosen_load", { place: place(view, hexes[0].slice(4)),
                                                 load: loadName(t, load.slice(5)) });
    return t("web.meso.chosen_step", { place: place(view, hexes[0].slice(4)) });
  }

  function drawTray(tray, view, marks) {
    // the choices that are no thing on the map: what members carry, what to do on the chosen
    // hex, a Teleport's thing, a player to rob, a scouted tile
    const choices = [...marks.targets].filter(([key]) => /^(load|act):/.test(key));
    const words = hint(view, marks.chosen, marks.targets);
    slot(tray, "p", "meso-hint").textContent = words;
    tray.hidden = !words && !choices.length;
    keyed(slot(tray, "div", "meso-choices"), choices, ([key]) => key,
      () => h("button", { type: "button", class: "meso-choice" }), (button, [key, target]) => {
        const label = target.move ? target.move.label || target.move.text
          : t("web.meso.carry", { load: loadName(t, key.slice(5)) });
        button.textContent = label;
        button.title = label;
        button.dataset.name = label;
      });
  }

  function drawCards(box, view, seat) {
    const info = view.seats[seat];
    let waiting = info.drawn || null;   // the card drawn this turn waits for the next (R3.2)
    const hand = info.hand || [];
    const keys = uniqueKeys(hand.map((kind) => `card:${kind}`));
    slot(box, "h3", "meso-cards-title").textContent = t("web.meso.your_cards");
    const empty = slot(box, "p", "meso-no-cards");
    empty.className = "meso-no-cards muted";
    empty.textContent = t("web.meso.no_cards");
    empty.hidden = hand.length > 0;
    keyed(slot(box, "div", "meso-cards"), hand.map((kind, i) => ({ kind, key: keys[i] })),
      (item) => item.key, ({ kind }) => h("button", { type: "button", class: "meso-card",
                                                      dataset: { card: kind } },
        h("span", { class: "meso-card-name" }), h("span", { class: "meso-card-help" })),
      (button, { kind, key }) => {
        // of two of a kind the first is the one to tap; the one drawn this turn waits
        const fresh = key.includes("#") && waiting === kind;
        if (fresh) waiting = null;
        const name = t(`card.${kind}`);
        const help = t(`web.meso.card_help.${kind}`);
        const tip = fresh ? t("web.meso.card_fresh", { card: name }) : `${name} · ${help}`;
        button.querySelector(".meso-card-name").textContent = name;
        button.querySelector(".meso-card-help").textContent = help;
        button.title = tip;
        button.dataset.name = tip;
      });
  }

  function drawHand(view, seat, marks) {
    if (seat === null || seat === undefined) {
      elements.hand.replaceChildren(h("p", { class: "muted" }, t("web.meso.spectator")));
      return;
    }
    if (!elements.hand.querySelector(".meso-hand")) {
      elements.hand.replaceChildren(h("div", { class: "meso-tray", "aria-live": "polite" }),
                                    h("div", { class: "meso-hand" }));
    }
    drawTray(elements.hand.querySelector(".meso-tray"), view, marks);
    drawCards(elements.hand.querySelector(".meso-hand"), view, seat);
  }

  function draw(snapshot, marks) {
    const started = performance.now();
    const view = snapshot.view;
    const targets = marks.targets || new Map();
    const chosen = marks.chosen || [];
    groups.follow(view);
    follow(snapshot, (marks.log && marks.log.length) ? marks.log : marks.recent);
    const { marks: touched, paths } = lastTurn(view);
    // while a Teleport or Marduk's Wrath is on its way, the hex it lifts from stays outlined
    const lifted = new Set(["teleport_to", "wrath_to"].includes(view.phase) && view.pending
      && view.pending.from ? [view.pending.from] : []);
    let board = elements.board.querySelector(":scope > .meso-board");
    if (!board) {
      // the key beside the map (under it on a phone)
      board = h("div", { class: "meso-board" });
      elements.board.replaceChildren(board);
    }
    const svg = drawMap(board, view, { t, seatLabel: ctx.seatLabel, targets, chosen: lifted,
                                       marks: touched, paths, ids: groups.of });
    if (svg.parentElement !== board) board.prepend(svg);
    if (!board.querySelector(".meso-legend") || board.dataset.lang !== document.documentElement.lang) {
      board.dataset.lang = document.documentElement.lang;
      board.querySelector(".meso-legend-box")?.remove();
      // the key is folded on a phone or an upright tablet, so the cards and choices sit under
      // the map; it is open beside the map on a wide screen
      board.append(h("details", { class: "meso-legend-box", open: !matchMedia(NARROW).matches },
        h("summary", {}, t("web.meso.legend")), drawLegend(t)));
    }
    if (!elements.hand.hidden) drawHand(view, snapshot.seat, { targets, chosen });
    if (globalThis.__mesoDrawMs) globalThis.__mesoDrawMs.push(performance.now() - started);
  }

  return {
    pathOf,
    playerSummary,
    zoomable: true,
    draw,
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
