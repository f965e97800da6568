// Beowulf in the browser: the act board (5×5, 5×5 with printed gorges, 5×10), the hands, the
// figure supplies and saga points, drawn from one seat's view. Legal moves come from the server;
// compound turns are successive clicks over them (a figure, then a space; draw, a hand tile,
// a space; Good Counsel: your figure, then where it goes). Every clickable element that sends a
// move carries data-action = Move.text.

import { h, s } from "../dom.js";
import {
  ROMAN, actName, cellLabel, figureName, figureSvg, gorgeSvg, parseToken, tileBackSvg,
  tileName, tileSvg,
} from "./beowulf-pieces.js";
import { createScoring, renderFinal } from "./beowulf-scoring.js";

const CELL = 62;
const MARGIN = 24;
const DIRECTION = { up: [-1, 0], right: [0, 1], down: [1, 0], left: [0, -1] };

function parseLabel(label) {
  return { row: Number(label.slice(1)) - 1, col: label.charCodeAt(0) - 65 };
}

/** The legal moves sorted by what the player clicks to make them. */
function indexMoves(legal) {
  const index = { figures: new Map(), cells: new Map(), counsel: new Map(), hand: new Map(),
                  buttons: [] };
  for (const move of legal) {
    const json = move.json || {};
    switch (json.do) {
      case "place_figure": {
        if (!index.figures.has(json.diamonds)) index.figures.set(json.diamonds, new Map());
        index.figures.get(json.diamonds).set(json.cell, move);
        break;
      }
      case "place_tile": case "replace_mead": case "target":
        index.cells.set(json.cell, move);
        break;
      case "counsel": {
        // The figure's cell first, then the space it moves to (one step in `direction`).
        const from = parseLabel(json.cell);
        const [dr, dc] = DIRECTION[json.direction] || [0, 0];
        if (!index.counsel.has(json.cell)) index.counsel.set(json.cell, new Map());
        index.counsel.get(json.cell).set(cellLabel(from.row + dr, from.col + dc), move);
        break;
      }
      case "choose_tile":
        index.hand.set(json.tile, move);
        break;
      default:
        // draw, cash_in, pass, and any move a newer server adds: a plain button.
        index.buttons.push(move);
    }
  }
  return index;
}

/** Events that put or move something on the board: the cells the last move outlines. */
const MOVE_EVENTS = new Set(["figure_placed", "tile_placed", "figure_moved", "mead_replaced",
                             "tiles_swapped", "tile_removed"]);

export function createRenderer(elements, ctx) {
  const { t } = ctx;
  let pending = null;      // {figure: diamonds} or {counsel: "B2"}: half of a compound move
  let pendingSeq = null;   // the seq the pending choice belongs to
  let last = null;         // [snapshot, state] of the latest update, to redraw on a choice
  const scoring = createScoring(elements.scoring, ctx, () => { if (last) draw(...last); });

  // Escape drops a half-made move (a chosen figure or Good Counsel figure).
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && pending) choose(null);
  });

  function choose(choice) {
    pending = choice;
    if (last) draw(...last);
  }

  function activate(el, handler) {
    // Clickable SVG cells behave like buttons for the keyboard too.
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.addEventListener("click", handler);
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        handler();
      }
    });
  }

  // --- the board ------------------------------------------------------------------------

  function cellTarget(label, index, interactive) {
    // What clicking this space does now: send a move, or pick a Good Counsel figure.
    if (!interactive) return null;
    if (pending && pending.figure) {
      const move = index.figures.get(pending.figure)?.get(label);
      return move ? { move } : null;
    }
    if (pending && pending.counsel) {
      const move = index.counsel.get(pending.counsel)?.get(label);
      return move ? { move } : null;
    }
    if (index.cells.has(label)) return { move: index.cells.get(label) };
    if (index.counsel.has(label)) return { select: { counsel: label } };
    return null;
  }

  function drawBoard(view, index, interactive, recent) {
    const rows = view.board;
    const cols = rows.length ? rows[0].length : 0;
    const width = MARGIN + cols * CELL + 4;
    const height = MARGIN + rows.length * CELL + 4;
    const marked = new Set([view.effect_cell, view.swap_first].filter(Boolean));
    const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "board-svg",
                           role: "group", "aria-label": t("render.board", { act: actName(t, view.act) }) });
    for (let c = 0; c < cols; c++) {
      svg.append(s("text", { x: MARGIN + c * CELL + CELL / 2, y: 16, class: "coord" },
        String.fromCharCode(65 + c)));
    }
    rows.forEach((row, r) => {
      svg.append(s("text", { x: 10, y: MARGIN + r * CELL + CELL / 2 + 5, class: "coord" },
        String(r + 1)));
      row.forEach((token, c) => {
        const label = cellLabel(r, c);
        const x = MARGIN + c * CELL;
        const y = MARGIN + r * CELL;
        const piece = parseToken(token);
        const g = s("g", { class: `cell cell-${piece.kind}`, dataset: { cell: label } });
        if (piece.kind !== "none") {
          g.append(s("rect", { x, y, width: CELL, height: CELL, class: "space" }));
        }
        let name = label;
        if (piece.kind === "tile") {
          g.append(...tileSvg(piece, x, y, CELL, t));
          name = `${label}: ${tileName(t, token)}`;
        } else if (piece.kind === "figure") {
          g.append(...figureSvg(piece.seat, piece.diamonds, x, y, CELL));
          name = `${label}: ${t("figure.owned", { figure: figureName(t, piece.diamonds),
                                                   player: ctx.seatLabel(piece.seat) })}`;
        } else if (piece.kind === "gorge") {
          g.append(...gorgeSvg(x, y, CELL));
          name = `${label}: ${t("tile.gorge")}`;
        }
        if (recent.has(label)) {  // the last move: where a piece was just put or moved
          g.classList.add("last-move");
          g.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4,
                               class: "last-move-mark" }));
        }
        if (marked.has(label)) {
          g.classList.add("marked");
          g.append(s("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "mark" }));
        }
        const target = cellTarget(label, index, interactive);
        if (target) {
          g.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6,
                               class: "highlight" }));
          if (target.move) {
            g.classList.add("legal");
            g.dataset.action = target.move.text;
            name = target.move.label;
            activate(g, () => ctx.play(target.move.text));
          } else {
            g.classList.add("selectable");
            g.dataset.select = `counsel ${label}`;
            name = `${name} · ${t("web.beowulf.counsel_pick")}`;
            activate(g, () => choose(target.select));
          }
          if (pending && pending.counsel === label) g.classList.add("chosen");
        }
        if (pending && pending.counsel === label) {
          g.classList.add("chosen");
          g.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6,
                               class: "highlight chosen-mark" }));
        }
        g.setAttribute("aria-label", name);
        g.append(s("title", {}, name));
        svg.append(g);
      });
    });
    return svg;
  }

  // --- the hand, the figure supply and the buttons --------------------------------------

  function drawSupply(view, seat, index, interactive) {
    const supply = view.supply[seat];
    return [4, 3, 2, 1].map((d) => {
      const count = Number(supply[String(d)] || 0);
      const moves = index.figures.get(d);
      const legal = interactive && moves && moves.size > 0;
      const icon = s("svg", { viewBox: "0 0 40 40", class: "piece-icon", "aria-hidden": "true" },
        ...figureSvg(seat, d, 0, 0, 40));
      const label = `${figureName(t, d)} × ${count}`;
      const button = h("button", {
        type: "button", class: `figure-button${legal ? " legal" : ""}${count ? "" : " empty"}`,
        disabled: !legal, "aria-pressed": String(Boolean(pending && pending.figure === d)),
        dataset: { figure: String(d) }, title: label, "aria-label": label,
        onclick: () => choose(pending && pending.figure === d ? null : { figure: d }),
      }, icon, h("span", { class: "count" }, `×${count}`));
      return button;
    });
  }

  function drawHand(view, seat, index, interactive) {
    const hand = view.hands[seat];
    const tiles = hand.tiles || [];
    if (!tiles.length) return [h("span", { class: "muted" }, t("render.hand.empty"))];
    return tiles.map((token) => {
      const move = interactive ? index.hand.get(token) : null;
      const icon = s("svg", { viewBox: "0 0 56 56", class: "piece-icon tile-icon", "aria-hidden": "true" },
        ...tileSvg(parseToken(token), 0, 0, 56, t));
      const name = tileName(t, token);
      return h("button", {
        type: "button", class: `hand-tile${move ? " legal" : ""}`,
        disabled: !move, title: move ? move.label : name, "aria-label": move ? move.label : name,
        dataset: move ? { action: move.text, tile: token } : { tile: token },
        onclick: move ? () => ctx.play(move.text) : undefined,
      }, icon);
    });
  }

  function drawActions(view, index, interactive) {
    const buttons = [];
    if (interactive) {
      for (const move of index.buttons) {
        buttons.push(h("button", { type: "button", class: `action-button do-${move.json.do}`,
                                   dataset: { action: move.text }, onclick: () => ctx.play(move.text) },
          move.label));
      }
      if (pending) {
        buttons.push(h("button", { type: "button", class: "cancel", onclick: () => choose(null) },
          t("web.beowulf.cancel")));
      }
    }
    return buttons;
  }

  // --- the players' panel ---------------------------------------------------------------

  function drawPlayers(snapshot) {
    const view = snapshot.view;
    const winners = new Set(view.winners || snapshot.winners || []);
    const items = [];
    for (let p = 0; p < view.players; p++) {
      const info = (snapshot.seats || []).find((x) => x.seat === p) || {};
      const hand = view.hands[p];
      const badges = [];
      if (p === snapshot.seat) badges.push(h("span", { class: "badge you" }, t("web.match.you")));
      if (info.kind === "bot") badges.push(h("span", { class: "badge" }, t("web.lobby.bot")));
      if (info.stand_in) badges.push(h("span", { class: "badge warn" }, t("web.match.stand_in")));
      if (info.kind === "human" && !info.connected && !info.stand_in) {
        badges.push(h("span", { class: "badge muted" }, t("web.match.offline")));
      }
      if (winners.has(p)) badges.push(h("span", { class: "badge win" }, "★"));
      const backs = s("svg", { viewBox: `0 0 ${Math.max(1, hand.count) * 22} 24`,
                               class: "backs", "aria-hidden": "true",
                               width: Math.max(1, hand.count) * 22, height: 24 },
        ...hand.acts.flatMap((act, i) => tileBackSvg(act, i * 22, 0, 24)));
      const acts = hand.acts.map((a) => ROMAN[a - 1]).join(t("list.separator"));
      const supply = [4, 3, 2, 1].map((d) => h("span", {
        class: "supply-count", title: figureName(t, d),
      }, `◆${d}×${view.supply[p][String(d)]}`));
      items.push(h("li", {
        class: `player seat-border-${p}${snapshot.to_move === p ? " to-move" : ""}`,
        dataset: { seat: String(p) },
      },
        h("div", { class: "player-head" },
          h("span", { class: `seat-dot seat-fill-${p}`, "aria-hidden": "true" }),
          h("strong", {}, ctx.seatLabel(p)), ...badges,
          h("span", { class: "saga", title: t("render.col.saga") }, String(view.saga[p]))),
        h("div", { class: "player-supply", "aria-label": t("web.beowulf.supply") }, supply),
        h("div", { class: "player-hand" },
          h("span", { class: "muted" }, t("web.beowulf.hand_count", { count: hand.count })),
          backs, acts ? h("span", { class: "muted" }, `(${acts})`) : null)));
    }
    const later = view.later_pools || [];
    const pool = later.length
      ? t("render.status.later", { act: actName(t, view.act), pool: view.pool,
                                   later: later.join(t("list.separator")) })
      : t("render.status", { act: actName(t, view.act), pool: view.pool });
    const results = view.act_results || [];
    const reopen = results.length && elements.scoring.hidden
      ? h("button", { type: "button", class: "open-scoring", onclick: () => scoring.open() },
        t("web.scoring.open", { act: actName(t, results[results.length - 1].act) }))
      : null;
    return [h("h2", {}, t("web.match.players")), h("p", { class: "pool", id: "pool" }, pool),
            h("ol", { class: "player-list" }, items), reopen].filter(Boolean);
  }

  // --- all of it ------------------------------------------------------------------------

  function draw(snapshot, state) {
    const view = snapshot.view;
    const seat = snapshot.seat;
    const interactive = Boolean(state.myTurn && !state.busy);
    const index = indexMoves(interactive ? snapshot.legal : []);
    scoring.update(snapshot);   // first: the players' panel offers to reopen it when closed
    const recent = new Set((state.recent || []).filter((line) => MOVE_EVENTS.has(line.kind))
      .flatMap((line) => [line.data.cell, line.data.to, line.data.a, line.data.b])
      .filter((cell) => typeof cell === "string"));
    elements.board.replaceChildren(drawBoard(view, index, interactive, recent));
    elements.players.replaceChildren(...drawPlayers(snapshot));
    elements.actions.replaceChildren(...drawActions(view, index, interactive));
    if (seat === null || seat === undefined) {
      elements.hand.replaceChildren(h("p", { class: "muted" }, t("render.spectator")));
    } else {
      const selected = view.selected
        ? h("p", { class: "selected" }, t("render.selected", { tile: tileName(t, view.selected) }))
        : null;
      elements.hand.replaceChildren(
        h("div", { class: "hand-group" }, h("h3", {}, t("web.beowulf.your_figures")),
          h("div", { class: "supply-buttons" }, drawSupply(view, seat, index, interactive))),
        h("div", { class: "hand-group" }, h("h3", {}, t("render.hand")),
          h("div", { class: "hand-tiles" }, drawHand(view, seat, index, interactive)), selected));
    }
  }

  return {
    update(snapshot, state) {
      if (pendingSeq !== snapshot.seq) pending = null;   // a half-made move is per position
      pendingSeq = snapshot.seq;
      last = [snapshot, state];
      draw(snapshot, state);
    },
    prompt(snapshot) {
      return phasePrompt(t, snapshot.view);
    },
    renderFinal(element, snapshot) {
      renderFinal(element, snapshot, ctx);
    },
  };
}

/** What the player to move must do now (the terminal's phase_prompt, for display only). */
function phasePrompt(t, view) {
  const phase = view.phase;
  if (phase === "turn") {
    const seat = view.to_move;
    const figures = seat !== null && seat !== undefined
      && Object.values(view.supply[seat]).some((n) => Number(n) > 0);
    const tiles = view.pool > 0 ? "draw" : "play";
    return t(`prompt.turn.${figures ? "figure_or_" : ""}${tiles}`);
  }
  if (phase === "play" && view.selected) {
    const type = parseToken(view.selected).type;
    const key = { treasure: "prompt.play.treasure", drunkenness: "prompt.play.drunkenness",
                  counsel: "prompt.play.counsel" }[type] || "prompt.play.plain";
    return t(key, { tile: tileName(t, view.selected) });
  }
  if (phase === "remove") return t("prompt.remove.any");
  if (phase === "swap_second") return t("prompt.swap_second", { cell: view.swap_first || "?" });
  return t(`prompt.${phase}`);
}
