// Fürchterliche Feinde in the browser: the labyrinth (feinde-board.js), the players' knowledge,
// chips, gold, cards and trophies (the shared players panel), your own spell cards, a key, and
// the final table, drawn in place from one seat's view (docs/web-client.md §2). pathOf reads a
// move's JSON by name and says what a player taps: the space a step, the teleport, a start room,
// a wandering monster's next room or a picked room or crossing goes to (`space:R07`), the
// monster or chest to fight (`monster:17`, `chest:2`), the hero to travel to (`hero:1`), the
// spell card to play (`card:move5`); everything else (run, rest, end, yes/no, amounts, turns of
// a crossing) is a button of the status bar. The board and token values are PROPOSAL data
// (said under the cards).

import { h, s } from "../dom.js";
import { endingLine } from "../seats.js";
import { keyed, uniqueKeys } from "../board/keyed.js";
import {
  CHEST0, SEAT_COLOURS, TELEPORT_COLOURS, drawBoard, layout, placeName, roomToRoom,
  teleportTwin, tokenName,
} from "./feinde-board.js";

const ROMAN = ["I", "II", "III", "IV", "V"];
// rules.py's card modes while a red or green card is used (state field `card_mode`)
const CARD_MODES = { 1: "swap", 2: "travels", 3: "three", 4: "rotate" };
const RED_CARDS = new Set(["monster1", "monster3", "monster4", "monster_travels", "swap",
                           "three_monsters"]);
/** Log events whose spaces the board outlines as what the last turn changed. */
const MARKED = new Set(["room_revealed", "token_placed", "crossing_revealed", "crossing_rotated",
                        "swapped", "monster_moved", "hero_dropped", "chest_opened"]);

/** "move5" -> the catalogue's "Movement +5". */
export function cardName(t, kind) {
  const m = /^(move|power|know|monster)(\d)$/.exec(kind);
  return m ? t(`card.${m[1]}`, { n: m[2] }) : t(`card.${kind}`);
}

function cardColour(kind) {
  if (kind === "rotate") return "green";
  return RED_CARDS.has(kind) ? "red" : "blue";
}

const DIR_STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/** The token a hero stands with, as a key (`monster:17`, `chest:2`), or null. */
function tokenKey(view, cell) {
  const token = view.dm_token && view.dm_cell === cell ? view.dm_token : view.token[cell];
  if (!token) return null;
  return token >= CHEST0 ? `chest:${token - CHEST0 + 1}` : `monster:${token}`;
}

/** The keys a person taps for `move` in `snapshot`'s position (read from the move's JSON by
 * name), or null for a status-bar button. */
export function pathOf(move, snapshot) {
  const json = move.json || {};
  const view = snapshot && snapshot.view;
  if (!view || !view.map) return null;
  const geo = layout(view);
  const mover = view.to_move;
  const here = mover >= 0 ? view.pos[mover] : -1;
  switch (json.do) {
    case "step": {
      const to = here >= 0 ? geo.cells[here].nb[json.dir] ?? -1 : -1;
      return to >= 0 ? [`space:${geo.cells[to].label}`] : null;
    }
    case "teleport": {
      const twin = here >= 0 ? teleportTwin(view, view.labels[here]) : "";
      return twin ? [`space:${twin}`] : null;
    }
    case "start": case "monster": case "pick":
      return typeof json.space === "string" ? [`space:${json.space}`] : null;
    case "fight": {
      const key = here >= 0 ? tokenKey(view, here) : null;
      return key ? [key] : null;
    }
    case "travel":
      return Number.isInteger(json.seat) ? [`hero:${json.seat}`] : null;
    case "play":
      return typeof json.card === "string" ? [`card:${json.card}`] : null;
    default:
      return null;
  }
}

export function createRenderer(elements, ctx) {
  const { t } = ctx;
  // The turns as the log tells them: each hero's path in his latest turn, the latest wandering
  // monster's path, and the log lines of the latest player's actions (what the board outlines).
  let trails = new Map();   // seat (-1: the wandering monster) -> {cells, seq}
  let turnLines = [];
  let latestActor = -1;
  let seenSeq = -1;
  let lastPos = null;       // view.pos before the latest update

  // --- the last turn, from the log -----------------------------------------------------

  function follow(snapshot, recent) {
    const view = snapshot.view;
    const geo = layout(view);
    if (snapshot.seq < seenSeq) {   // a replay stepped back: start over
      trails = new Map();
      turnLines = [];
      latestActor = -1;
      seenSeq = -1;
      lastPos = null;
    }
    const before = lastPos || view.pos;
    const fresh = (recent || []).filter((line) => line.seq > seenSeq);
    for (const line of fresh) {
      const data = line.data || {};
      if (line.actor >= 0 && line.actor !== latestActor) {
        latestActor = line.actor;
        turnLines = [];
      }
      turnLines.push(line);
      const cell = (label) => geo.byLabel.get(label) ?? -1;
      const seat = data.seat;
      switch (line.kind) {
        case "action": case "hero_placed":
          trails.set(seat, { cells: before[seat] >= 0 ? [before[seat]] : [], seq: line.seq });
          if (line.kind === "hero_placed") trails.get(seat).cells = [cell(data.room)];
          break;
        case "stepped": case "teleported": case "travelled": case "follows": {
          const trail = trails.get(seat) || { cells: before[seat] >= 0 ? [before[seat]] : [] };
          trail.cells.push(cell(data.to));
          trail.seq = line.seq;
          trails.set(seat, trail);
          break;
        }
        case "wandering":
          trails.set(-1, { cells: [cell(data.room)], seq: line.seq, monster: data.monster,
                           actor: line.actor });
          break;
        case "monster_moved": {
          const trail = trails.get(-1);
          if (trail) {
            trail.cells.push(cell(data.room));
            trail.seq = line.seq;
          }
          break;
        }
        default:
      }
    }
    if (fresh.length) seenSeq = Math.max(...fresh.map((line) => line.seq));
    lastPos = view.pos.slice();
  }

  function trailList(view) {
    const out = [];
    for (const [seat, trail] of trails) {
      let cells = trail.cells.filter((i) => i >= 0);
      if (seat < 0) {   // a monster goes room to room: draw the corridors it went along
        cells = cells.flatMap((room, k) => (k ? roomToRoom(view, cells[k - 1], room).slice(1)
                                              : [room]));
      }
      const name = seat >= 0
        ? t("web.feinde.trail", { player: ctx.seatLabel(seat) })
        : t("web.feinde.trail_monster", { monster: trail.monster || "?" });
      const latest = seat >= 0 ? seat === latestActor : trail.actor === latestActor;
      out.push({ seat, cells, name, latest, seq: trail.seq });
    }
    // the latest on top
    return out.sort((a, b) => (a.seq || 0) - (b.seq || 0));
  }

  function markedCells(view) {
    const geo = layout(view);
    const out = new Set();
    for (const line of turnLines) {
      if (!MARKED.has(line.kind)) continue;
      const data = line.data || {};
      for (const label of [data.room, data.crossing, ...(data.rooms || [])]) {
        if (typeof label === "string" && geo.byLabel.has(label)) out.add(geo.byLabel.get(label));
      }
    }
    return out;
  }

  // --- the players' panel: the game's facts (board/players.js draws the rest) -------------

  function trophyIcons(view, p) {
    const tokens = view.trophies[p];
    if (!tokens.length) return [h("span", { class: "muted" }, t("web.feinde.no_trophies"))];
    return tokens.map((token) => {
      const name = tokenName(t, view, token);
      const chest = token >= CHEST0;
      return h("span", { class: `fe-trophy${chest ? " fe-trophy-chest" : ""}`, title: name,
                         "aria-label": name },
        chest ? t("web.feinde.chest_short", { n: token - CHEST0 + 1 }) : String(token));
    });
  }

  function cardBacks(view, p) {
    const backs = view.hand_backs[p];
    if (!backs.length) return [h("span", { class: "muted" }, t("web.feinde.no_cards"))];
    return backs.map((group) => h("span", {
      class: "fe-card-back", title: t("web.feinde.card_back", { group: ROMAN[group] }),
    }, ROMAN[group]));
  }

  /** One seat's knowledge and power (as meters of their printed ranges), place, cards and
   * trophies; gold is the score. */
  function playerSummary(snapshot, p) {
    const view = snapshot.view;
    const where = view.pos[p] >= 0 ? placeName(t, view.labels[view.pos[p]]) : "–";
    const hand = p === snapshot.seat && view.hand
      ? [h("span", { class: "muted" }, t("web.feinde.own_cards", { n: view.hand.length }))]
      : cardBacks(view, p);
    const meter = (value, max, cls, title, text) => h("span", { class: `fe-meter ${cls}`, title },
      h("span", { class: "fe-meter-bar", style: `display:inline-block;vertical-align:middle;`
        + `width:3rem;height:.45rem;border-radius:3px;background:#e4dccb;margin-right:.25rem;`
        + `background-image:linear-gradient(90deg, ${cls === "fe-knowledge" ? "#2f58c4" : "#2f7d4f"} `
        + `${Math.min(100, (100 * value) / max)}%, transparent 0)`, "aria-hidden": "true" }), text);
    const facts = [
      h("div", { class: "fe-stats" },
        meter(view.knowledge[p], 50, "fe-knowledge", t("web.feinde.knowledge_help"),
              t("web.feinde.knowledge_n", { n: view.knowledge[p] })),
        meter(view.chips[p], Math.max(10, ...view.chips), "fe-power", t("web.feinde.chips_help"),
              t("web.feinde.chips_n", { n: view.chips[p] })),
        h("span", { class: "fe-where" }, where)),
      h("div", { class: "fe-row" }, h("span", { class: "fe-row-label" }, t("web.feinde.cards")),
        ...hand, h("span", { class: "fe-row-label fe-row-next" }, t("web.feinde.trophies")),
        ...trophyIcons(view, p))];
    if (p === view.dumbest) {
      facts.unshift(h("span", { class: "fe-dumbest", title: t("web.feinde.dumbest_help") },
        t("web.feinde.dumbest")));
    }
    return { score: t("web.feinde.gold_n", { n: view.gold[p] }),
             scoreTitle: t("web.feinde.gold_help"), facts };
  }

  // --- your cards and the key ----------------------------------------------------------

  function drawHand(snapshot) {
    const view = snapshot.view;
    let cards = elements.hand.querySelector(".fe-cards");
    if (!cards) {
      elements.hand.replaceChildren(
        h("div", { class: "fe-hand" }, h("h3", {}), h("div", { class: "fe-cards" }),
          h("span", { class: "muted fe-spectator" })),
        h("div", { class: "fe-key-slot" }));
      cards = elements.hand.querySelector(".fe-cards");
    }
    const watching = snapshot.seat === null || snapshot.seat === undefined || !view.hand;
    elements.hand.querySelector(".fe-hand h3").textContent = watching ? "" : t("web.feinde.your_cards");
    const empty = elements.hand.querySelector(".fe-spectator");
    empty.textContent = watching ? t("web.feinde.spectator")
      : view.hand.length ? "" : t("web.feinde.no_cards");
    empty.hidden = !empty.textContent;
    const hand = watching ? [] : view.hand;
    const groups = watching ? [] : view.hand_backs[snapshot.seat] || [];
    const fresh = snapshot.to_move === snapshot.seat ? view.fresh : 0;
    const keys = uniqueKeys(hand.map((kind) => `card:${kind}`));
    keyed(cards, hand.map((kind, k) => ({ kind, k, key: keys[k] })), (card) => card.key,
      ({ kind }) => h("button", { type: "button", class: `fe-card fe-card-${cardColour(kind)}`,
                                  dataset: { card: kind } },
        h("span", { class: "fe-card-group" }), h("span", { class: "fe-card-name" })),
      (button, { kind, k }) => {
        const name = cardName(t, kind);
        const help = k >= hand.length - fresh ? t("web.feinde.card_fresh", { card: name }) : name;
        button.title = help;
        button.dataset.name = help;
        button.setAttribute("aria-label", help);
        button.querySelector(".fe-card-group").textContent = ROMAN[groups[k]] || "";
        button.querySelector(".fe-card-name").textContent = name;
      });
    const key = elements.hand.querySelector(".fe-key-slot");
    const facts = `${document.documentElement.lang}|${view.box}|${view.round}|${view.bonus}|`
      + `${view.g2.length}|${view.g3.length}|${view.g4.length}|${(view.deck_sizes || []).join(",")}`;
    if (key.dataset.facts !== facts) {
      key.dataset.facts = facts;
      key.replaceChildren(drawKey(view));
    }
  }

  function drawKey(view) {
    const icon = (...parts) => s("svg", { viewBox: "0 0 30 24", class: "fe-key-icon",
                                          "aria-hidden": "true" }, ...parts);
    const item = (svg, text) => h("li", {}, svg, h("span", {}, text));
    const room = (cls) => s("rect", { x: 2, y: 2, width: 26, height: 20, rx: 4, class: cls });
    const groups = [view.g1, view.g2, view.g3].map((g) => g.filter((x) => x < CHEST0).length);
    const deck = (view.deck_sizes || []).reduce((a, b) => a + b, 0);
    // folded on a phone (it is long) unless the player opened it; open on a wide screen
    const before = elements.hand.querySelector("details.fe-key");
    const open = before ? before.open
      : !(window.matchMedia && matchMedia("(max-width: 700px)").matches);
    return h("details", { class: "fe-key", role: "note", "aria-label": t("web.feinde.key"), open },
      h("summary", {}, h("strong", {}, t("web.feinde.key"))),
      h("ul", {},
        item(icon(room("fe-room"), s("text", { x: 5, y: 10, class: "fe-label" }, "R7")),
          t("web.feinde.key.room")),
        item(icon(room("fe-room fe-start"), s("text", { x: 5, y: 10, class: "fe-label" }, "S1")),
          t("web.feinde.key.start")),
        item(icon(room("fe-room fe-unexplored"), s("circle", { cx: 15, cy: 13, r: 5.5, class: "fe-chip" }),
          s("circle", { cx: 15, cy: 13, r: 3, class: "fe-chip-inner" })), t("web.feinde.key.unexplored")),
        item(icon(s("circle", { cx: 15, cy: 12, r: 10, class: "fe-monster" }),
          s("text", { x: 15, y: 16, class: "fe-monster-n", "font-size": 11 }, "17"),
          s("text", { x: 25, y: 7, class: "fe-heart", "font-size": 9 }, "♥")),
        t("web.feinde.key.monster")),
        item(icon(s("rect", { x: 5, y: 5, width: 20, height: 15, rx: 2, class: "fe-chest" }),
          s("text", { x: 15, y: 18, class: "fe-chest-n", "font-size": 8 }, "1")),
        t("web.feinde.key.chest")),
        item(icon(s("line", { x1: 0, y1: 12, x2: 30, y2: 12, class: "fe-lane" }),
          s("rect", { x: 6, y: 8, width: 8, height: 8, rx: 1.5, class: "fe-corridor" }),
          s("rect", { x: 17, y: 8, width: 8, height: 8, rx: 1.5, class: "fe-corridor" })),
        t("web.feinde.key.corridor")),
        item(icon(s("rect", { x: 4, y: 1, width: 22, height: 22, rx: 3, class: "fe-crossing-back" }),
          s("text", { x: 15, y: 17, class: "fe-crossing-q" }, "?")), t("web.feinde.key.face_down")),
        item(icon(s("rect", { x: 4, y: 1, width: 22, height: 22, rx: 3, class: "fe-crossing" }),
          s("path", { d: "M15 12H22M15 12H8M15 12V5", class: "fe-crossing-way",
                      "stroke-width": 7 })),
        t("web.feinde.key.crossing")),
        item(icon(...TELEPORT_COLOURS.map((colour, k) => s("circle", {
          cx: 8 + k * 14, cy: 12, r: 6.5, class: `fe-teleport fe-teleport-${colour}` }))),
        t("web.feinde.key.teleport")),
        item(icon(...[0, 1].map((p) => s("circle", { cx: 9 + p * 12, cy: 12, r: 6,
                                                     fill: SEAT_COLOURS[p] }))),
        t("web.feinde.key.hero")),
        item(icon(s("rect", { x: 2, y: 2, width: 26, height: 20, rx: 4, class: "highlight" })),
          t("web.feinde.key.target")),
        item(icon(s("polyline", { points: "2,18 12,18 12,6 28,6", class: "fe-trail fe-trail-latest",
                                  stroke: SEAT_COLOURS[0] }),
          s("rect", { x: 20, y: 1, width: 9, height: 9, rx: 2, class: "last-move-mark" })),
        t("web.feinde.key.last")),
        item(icon(s("rect", { x: 2, y: 5, width: 8, height: 14, rx: 2, class: "fe-track-space fe-shaded" }),
          s("rect", { x: 11, y: 5, width: 8, height: 14, rx: 2, class: "fe-track-space" }),
          s("circle", { cx: 6, cy: 12, r: 3, class: "fe-chip" })), t("web.feinde.key.track")),
        item(h("span", { class: "fe-dumbest" }, t("web.feinde.dumbest")),
          t("web.feinde.dumbest_help"))),
      h("p", { class: "muted fe-facts" }, t("web.feinde.facts", {
        box: view.box, round: view.round, bonus: view.bonus, g2: groups[1], g3: groups[2],
        g4: view.g4.length, deck })),
      view.proposal_data ? h("p", { class: "muted proposal" }, t("proposal")) : null);
  }

  // --- all of it -----------------------------------------------------------------------

  function draw(snapshot, marks) {
    const view = snapshot.view;
    const targets = marks.targets || new Map();
    follow(snapshot, marks.recent);
    // a step's space catches taps on its far side: the four ways out do not overlap
    const away = new Map();
    for (const [key, target] of targets) {
      const dir = target.move && target.move.json && target.move.json.do === "step"
        ? DIR_STEP[target.move.json.dir] : null;
      if (dir) away.set(key, dir);
    }
    const started = performance.now();
    drawBoard(elements.board, view, {
      t, seatLabel: ctx.seatLabel, targets, away, trails: trailList(view), marks: markedCells(view),
      chosen: ["pick", "rotate"].includes(view.phase_name) ? view.pick_first : -1,
    });
    elements.board.classList.add("fe-board-wrap");
    // the play area scrolls; the labyrinth's viewport is never squeezed below its height
    if (elements.board.parentElement) elements.board.parentElement.style.flex = "none";
    elements.hand.classList.add("fe-hand-wrap");
    if (elements.actions) elements.actions.classList.add("fe-actions");
    if (elements.players) elements.players.classList.add("fe-players");
    drawHand(snapshot);
    drawTimes.push(performance.now() - started);
    if (drawTimes.length > 200) drawTimes.shift();
  }

  // the last draws' times in ms (read by the e2e test: draw in place is measured, not assumed)
  const drawTimes = [];
  if (typeof window !== "undefined") window.__feindeDrawTimes = drawTimes;

  return {
    pathOf,
    playerSummary,
    zoomable: true,
    draw,
    prompt(snapshot) {
      return phasePrompt(t, snapshot, ctx);
    },
    renderFinal(element, snapshot) {
      renderFinal(element, snapshot, ctx);
    },
  };
}

/** What the player to move must do now, in words: what to click when it is the viewer's turn
 * (after "Your turn:"), else what that player is doing (after "Player B to move:"). */
function phasePrompt(t, snapshot, ctx) {
  const view = snapshot.view;
  const phase = view.phase_name;
  const mover = view.to_move;
  const cell = mover >= 0 ? view.pos[mover] : -1;
  const token = cell >= 0 ? view.token[cell] : 0;
  const legal = new Set((snapshot.legal || []).map((m) => (m.json && m.json.do) || ""));
  const mine = snapshot.seat !== null && snapshot.seat !== undefined
    && snapshot.seat === snapshot.to_move && legal.size > 0;
  const key = (name) => `web.feinde.${mine ? "prompt" : "status"}.${name}`;
  switch (phase) {
    case "place_hero":
      return t(key("place_hero"));
    case "dumb": {
      const params = { monster: view.dm_token, left: view.dm_limit - view.dm_steps };
      return t(key(view.card_mode ? "card_monster" : "dumb"), params)
        + (mine && legal.has("mstop") ? " " + t("web.feinde.prompt.or_stay") : "");
    }
    case "choose": {
      const pinned = mine && token > 0 && token < CHEST0 && !legal.has("run");
      return t(key("choose")) + (pinned ? " " + t(
        legal.has("escape") ? "web.feinde.prompt.pinned_escape" : "web.feinde.prompt.pinned",
        { monster: token }) : "");
    }
    case "move": {
      if (!mine) {
        return view.stopped || view.budget <= 0 ? t(key("move_done"))
          : t(key("move"), { n: view.budget });
      }
      const parts = [];
      if (legal.has("step") || legal.has("teleport")) {
        parts.push(t("web.feinde.prompt.move", { n: view.budget }));
      } else {
        parts.push(t("web.feinde.prompt.move_done"));
      }
      if (legal.has("fight")) {
        parts.push(t(token >= CHEST0 ? "web.feinde.prompt.open" : "web.feinde.prompt.fight",
                     { monster: token }));
      }
      if (legal.has("play")) parts.push(t("web.feinde.prompt.cards"));
      parts.push(t("web.feinde.prompt.end"));
      return parts.join(" ");
    }
    case "free_step":
    case "apprentice":
    case "travel":
    case "invisible":
      return t(key(phase));
    case "follow": {
      const asker = view.asker;
      const master = asker >= 0 ? view.master[asker] : -1;
      return t(key("follow"), { player: master >= 0 ? ctx.seatLabel(master) : "?" });
    }
    case "join":
      return t(key("join"), { player: ctx.seatLabel(mover) });
    case "delta":
      return t(key("delta"), { monster: token });
    case "pick":
      return t(key(`pick_${CARD_MODES[view.card_mode] || "swap"}`))
        + (mine && view.pick_first >= 0 && view.card_mode === 1
          ? " " + t("web.feinde.prompt.swap_with", { room: view.labels[view.pick_first] }) : "");
    case "rotate":
      return t(key("rotate"), {
        crossing: view.pick_first >= 0 ? view.labels[view.pick_first] : "?" });
    case "amount":
      return t(key("amount"));
    case "over":
      return t("web.match.over");
    default:
      return t("web.feinde.prompt.chance");
  }
}

/** What a defeated token is worth in gold as printed (a chest only with the chest_gold option). */
function faceGold(view, token) {
  const comp = view.components;
  if (token >= CHEST0) return view.options.chest_gold ? (comp.chests[token - CHEST0] || [0, 0])[1] : 0;
  return comp.gold[token] || 0;
}

/** The end: gold (the tokens' printed gold, then total victories and frights) and power chips
 * per player, the order they decide in, knowledge and the defeated tokens, the winner, the
 * criterion that decided, and how the game ended. */
function renderFinal(element, snapshot, ctx) {
  const { t } = ctx;
  const view = snapshot.view;
  const winners = new Set(snapshot.winners || []);
  const decided = snapshot.ending ? snapshot.ending.decided_by : null;
  const head = (key, criterion = null) => h("th", {
    scope: "col", class: criterion && decided === criterion ? "fe-decided" : null,
    title: criterion && decided === criterion ? t("web.feinde.final.decided") : null,
  }, t(key), criterion && decided === criterion ? " ◆" : "");
  const order = [...Array(view.players).keys()].sort((a, b) =>
    (view.gold[b] - view.gold[a]) || (view.chips[b] - view.chips[a]) || (a - b));
  const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");
  const rows = order.map((p) => {
    const face = view.trophies[p].reduce((sum, x) => sum + faceGold(view, x), 0);
    const tokens = view.trophies[p].map((x) => h("span", {
      class: `fe-trophy${x >= CHEST0 ? " fe-trophy-chest" : ""}`, title: tokenName(t, view, x),
    }, x >= CHEST0 ? t("web.feinde.chest_short", { n: x - CHEST0 + 1 }) : String(x)));
    return h("tr", { class: winners.has(p) ? "winner" : null, dataset: { seat: String(p) } },
      h("th", { scope: "row" },
        h("span", { class: "fe-final-dot", style: `background: ${SEAT_COLOURS[p]}` }),
        ctx.seatLabel(p), winners.has(p) ? " ★" : ""),
      h("td", {}, String(face)),
      h("td", {}, signed(view.gold[p] - face)),
      h("td", { class: "fe-final-total" }, String(view.gold[p])),
      h("td", {}, String(view.chips[p])),
      h("td", {}, String(view.knowledge[p])),
      h("td", { class: "fe-final-trophies" }, tokens.length ? tokens : "–"));
  });
  element.replaceChildren(
    h("h2", { id: "final-title" }, t("web.final.title")),
    h("p", { class: "winners", id: "winners" }, ctx.winnersText(snapshot.winners || [])),
    endingLine(h, snapshot),
    h("table", { class: "final-table fe-final" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("render.players")),
        head("web.feinde.final.face"), head("web.feinde.final.bonus"),
        head("web.feinde.final.gold", "gold"), head("web.feinde.final.chips", "chips"),
        head("render.knowledge"), head("web.feinde.final.tokens"))),
      h("tbody", {}, rows)),
    h("p", { class: "muted" }, t("web.feinde.final.rule")));
}
