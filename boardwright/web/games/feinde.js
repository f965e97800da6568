// Fürchterliche Feinde in the browser: the labyrinth (feinde-board.js), the players' knowledge,
// chips, gold, cards and trophies, your own spell cards, the buttons for what the board cannot
// show, a key, and the final table. Legal moves come from the server; whatever a move points at
// is clickable on the board: the space a step or the teleport goes to, a start room, the room a
// wandering monster enters, a picked room or crossing, the monster or chest to fight, the hero
// to travel to. Every element that sends a move carries data-action = Move.text; the list of all
// legal moves stays beside the board as a fallback. The board and token values are PROPOSAL data
// (said under the board).

import { h, s } from "../dom.js";
import { endingLine } from "../seats.js";
import {
  CHEST0, LETTERS, SEAT_COLOURS, TELEPORT_COLOURS, drawBoard, layout, placeName, roomToRoom,
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

/** The legal moves sorted by what the player clicks to make them. */
function indexMoves(view, legal) {
  const geo = layout(view);
  const index = { targets: new Map(), tokens: new Map(), pawns: new Map(), cards: new Map(),
                  buttons: [] };
  const mover = view.to_move;
  const here = mover >= 0 ? view.pos[mover] : -1;
  for (const move of legal) {
    const [verb, arg] = move.text.split(" ");
    let target = -1;
    if (verb === "step" && here >= 0) {
      target = geo.cells[here].nb[arg] ?? -1;
    } else if (verb === "teleport" && here >= 0) {
      target = geo.byLabel.get(teleportTwin(view, view.labels[here])) ?? -1;
    } else if (["start", "monster", "pick"].includes(verb)) {
      target = geo.byLabel.get(arg) ?? -1;
    } else if (verb === "fight" && here >= 0) {
      index.tokens.set(here, move);
      continue;
    } else if (verb === "travel") {
      index.pawns.set(Number(arg), move);
      continue;
    } else if (verb === "play") {
      index.cards.set(arg, move);
      continue;
    }
    if (target >= 0 && !index.targets.has(target)) index.targets.set(target, move);
    else index.buttons.push(move);
  }
  return index;
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

  function activate(el, move, box, about = "") {
    el.classList.add("legal");
    el.dataset.action = move.text;
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", move.label || move.text);
    if (box) {
      el.append(s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 5,
                            class: "highlight" }),
                s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, class: "fe-hit" }));
    }
    // the move's words are the tooltip, then what the piece or space is
    const title = el.querySelector(":scope > title");
    const words = move.label || move.text;
    const what = about || (title ? title.textContent : "");
    if (title) title.remove();
    el.prepend(s("title", {}, what ? `${words} · ${what}` : words));
    el.addEventListener("click", (event) => {
      event.stopPropagation();
      ctx.play(move.text);
    });
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        ctx.play(move.text);
      }
    });
  }

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

  // --- the players ---------------------------------------------------------------------

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

  function drawPlayers(snapshot) {
    const view = snapshot.view;
    const winners = new Set(snapshot.winners || []);
    const compact = view.players > 3;   // four to six players: cards and trophies on one line
    const items = [];
    for (let p = 0; p < view.players; p++) {
      const info = (snapshot.seats || []).find((x) => x.seat === p) || {};
      const badges = [];
      if (p === snapshot.seat) badges.push(h("span", { class: "badge you" }, t("web.match.you")));
      if (info.kind === "bot") badges.push(h("span", { class: "badge" }, t("web.lobby.bot")));
      if (info.stand_in) badges.push(h("span", { class: "badge warn" }, t("web.match.stand_in")));
      if (info.kind === "human" && !info.connected && !info.stand_in) {
        badges.push(h("span", { class: "badge muted" }, t("web.match.offline")));
      }
      if (p === view.dumbest) {
        badges.push(h("span", { class: "fe-dumbest", title: t("web.feinde.dumbest_help") },
          t("web.feinde.dumbest")));
      }
      if (winners.has(p) && snapshot.status === "finished") {
        badges.push(h("span", { class: "badge win" }, "★"));
      }
      const where = view.pos[p] >= 0 ? placeName(t, view.labels[view.pos[p]]) : "–";
      const hand = p === snapshot.seat && view.hand
        ? [h("span", { class: "muted" }, t("web.feinde.own_cards", { n: view.hand.length }))]
        : cardBacks(view, p);
      const dot = s("svg", { viewBox: "0 0 16 16", class: "fe-dot", "aria-hidden": "true" },
        s("circle", { cx: 8, cy: 8, r: 7, fill: SEAT_COLOURS[p] }),
        s("text", { x: 8, y: 11.5, class: "fe-pawn-letter", "font-size": 9.5 }, LETTERS[p]));
      items.push(h("li", {
        class: `player fe-player${snapshot.to_move === p ? " to-move" : ""}`,
        style: `border-left-color: ${SEAT_COLOURS[p]}`, dataset: { seat: String(p) },
      },
      h("div", { class: "player-head" }, dot, h("strong", {}, ctx.seatLabel(p)), ...badges,
        h("span", { class: "fe-gold", title: t("web.feinde.gold_help") },
          t("web.feinde.gold_n", { n: view.gold[p] }))),
      h("div", { class: "fe-stats" },
        h("span", { title: t("web.feinde.knowledge_help") },
          t("web.feinde.knowledge_n", { n: view.knowledge[p] })),
        h("span", { title: t("web.feinde.chips_help") }, t("web.feinde.chips_n", { n: view.chips[p] })),
        h("span", { class: "fe-where" }, where)),
      ...(compact
        ? [h("div", { class: "fe-row" }, h("span", { class: "fe-row-label" }, t("web.feinde.cards")),
          ...hand, h("span", { class: "fe-row-label fe-row-next" }, t("web.feinde.trophies")),
          ...trophyIcons(view, p))]
        : [h("div", { class: "fe-row" }, h("span", { class: "fe-row-label" }, t("web.feinde.cards")),
          ...hand),
        h("div", { class: "fe-row" }, h("span", { class: "fe-row-label" }, t("web.feinde.trophies")),
          ...trophyIcons(view, p))])));
    }
    elements.players.classList.add("fe-players");
    return [h("h2", {}, t("web.match.players")), h("ol", { class: "player-list" }, items)];
  }

  // --- your cards, the buttons and the key ---------------------------------------------

  function drawHand(snapshot, index) {
    const view = snapshot.view;
    if (snapshot.seat === null || snapshot.seat === undefined || !view.hand) {
      return h("p", { class: "muted" }, t("web.feinde.spectator"));
    }
    const groups = view.hand_backs[snapshot.seat] || [];
    const fresh = snapshot.to_move === snapshot.seat ? view.fresh : 0;
    const cards = view.hand.map((kind, k) => {
      const move = index.cards.get(kind);
      const name = cardName(t, kind);
      const drawnNow = k >= view.hand.length - fresh;
      const help = move ? move.label : drawnNow ? t("web.feinde.card_fresh", { card: name }) : name;
      return h("button", {
        type: "button", class: `fe-card fe-card-${cardColour(kind)}${move ? " legal" : ""}`,
        disabled: !move, title: help, "aria-label": help,
        dataset: move ? { action: move.text, card: kind } : { card: kind },
        onclick: move ? () => ctx.play(move.text) : undefined,
      }, h("span", { class: "fe-card-group" }, ROMAN[groups[k]] || ""),
      h("span", { class: "fe-card-name" }, name));
    });
    return h("div", { class: "fe-hand" },
      h("h3", {}, t("web.feinde.your_cards")),
      h("div", { class: "fe-cards" },
        cards.length ? cards : h("span", { class: "muted" }, t("web.feinde.no_cards"))));
  }

  function rotationIcon(view, move) {
    const m = /^rotate (\d)$/.exec(move.text);
    const c = view.pick_first;
    if (!m || c < 0 || view.cross_shape[c] < 0) return null;
    const shape = ["NESW", "ESW", "NS", "NE"][view.cross_shape[c]];
    const dirs = "NESW";
    const arms = [...shape].map((d) => dirs[(dirs.indexOf(d) + Number(m[1])) % 4]);
    const ends = { N: [9, 1], E: [17, 9], S: [9, 17], W: [1, 9] };
    return s("svg", { viewBox: "0 0 18 18", class: "fe-rot-icon", "aria-hidden": "true" },
      s("rect", { x: 0.5, y: 0.5, width: 17, height: 17, rx: 2, class: "fe-crossing" }),
      ...arms.map((d) => s("line", { x1: 9, y1: 9, x2: ends[d][0], y2: ends[d][1],
                                     class: "fe-rot-way" })));
  }

  function drawActions(view, index) {
    return index.buttons.map((move) => h("button", {
      type: "button", class: "action-button", dataset: { action: move.text },
      onclick: () => ctx.play(move.text), title: move.label || move.text,
    }, rotationIcon(view, move), move.label || move.text));
  }

  function drawKey(view) {
    const icon = (...parts) => s("svg", { viewBox: "0 0 30 24", class: "fe-key-icon",
                                          "aria-hidden": "true" }, ...parts);
    const item = (svg, text) => h("li", {}, svg, h("span", {}, text));
    const room = (cls) => s("rect", { x: 2, y: 2, width: 26, height: 20, rx: 4, class: cls });
    const groups = [view.g1, view.g2, view.g3].map((g) => g.filter((x) => x < CHEST0).length);
    const deck = (view.deck_sizes || []).reduce((a, b) => a + b, 0);
    return h("div", { class: "fe-key", role: "note", "aria-label": t("web.feinde.key") },
      h("strong", {}, t("web.feinde.key")),
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

  function draw(snapshot, state) {
    const view = snapshot.view;
    const interactive = Boolean(state && state.myTurn && !state.busy);
    const index = indexMoves(view, interactive ? snapshot.legal || [] : []);
    follow(snapshot, state && state.recent);
    elements.board.replaceChildren(drawBoard(view, {
      t, seatLabel: ctx.seatLabel, activate, targets: index.targets, tokenTargets: index.tokens,
      pawnTargets: index.pawns, trails: trailList(view), marks: markedCells(view),
      chosen: ["pick", "rotate"].includes(view.phase_name) ? view.pick_first : -1,
    }));
    elements.board.classList.add("fe-board-wrap");
    elements.hand.classList.add("fe-hand-wrap");
    elements.actions.classList.add("fe-actions");
    elements.players.replaceChildren(...drawPlayers(snapshot));
    // the key goes under the cards; a page without a hand (the replay) shows it under the board
    if (elements.hand.hidden) {
      elements.actions.replaceChildren(...drawActions(view, index), drawKey(view));
    } else {
      elements.actions.replaceChildren(...drawActions(view, index));
      elements.hand.replaceChildren(drawHand(snapshot, index), drawKey(view));
    }
  }

  return {
    update(snapshot, state) {
      draw(snapshot, state);
    },
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
  const legal = new Set((snapshot.legal || []).map((m) => m.text.split(" ")[0]));
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
