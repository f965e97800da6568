// Beowulf in the browser: the act board (5×5, 5×5 with printed gorges, 5×10), the hand, the
// figure supply and saga points, drawn in place from one seat's view (docs/web-client.md §2).
// Every space, figure and hand tile is a keyed node (`cell:B2`, `figure:4`, `hand:W+1/I`);
// pathOf says which of them a person taps for a move, and board/picker.js does the rest.

import { h, s } from "../dom.js";
import { language } from "../i18n.js";
import { keyed, slot, uniqueKeys } from "../board/keyed.js";
import {
  ROMAN, actName, cellLabel, figureName, figureSvg, gorgeSvg, parseToken, tileBackSvg,
  tileName, tileSvg,
} from "./beowulf-pieces.js";
import { createScoring, renderFinal } from "./beowulf-scoring.js";

const CELL = 62;
const MARGIN = 24;
const DIRECTION = { up: [-1, 0], right: [0, 1], down: [1, 0], left: [0, -1] };

/** Events that put or move something on the board: the cells the last move outlines. */
const MOVE_EVENTS = new Set(["figure_placed", "tile_placed", "figure_moved", "mead_replaced",
                             "tiles_swapped", "tile_removed"]);

function parseLabel(label) {
  return { row: Number(label.slice(1)) - 1, col: label.charCodeAt(0) - 65 };
}

/** The keys a person taps for `move`, or null for a status-bar button (draw, cash in, pass). */
export function pathOf(move) {
  const json = move.json || {};
  switch (json.do) {
    case "place_figure": return [`figure:${json.diamonds}`, `cell:${json.cell}`];
    case "place_tile": case "replace_mead": case "target": return [`cell:${json.cell}`];
    case "choose_tile": return [`hand:${json.tile}`];
    case "counsel": {
      // the figure's space, then the space it moves to (one step in `direction`)
      const from = parseLabel(json.cell);
      const [dr, dc] = DIRECTION[json.direction] || [0, 0];
      return [`cell:${json.cell}`, `cell:${cellLabel(from.row + dr, from.col + dc)}`];
    }
    default: return null;
  }
}

export function createRenderer(elements, ctx) {
  const { t } = ctx;
  const scoring = createScoring(elements.scoring, ctx, () => ctx.redraw && ctx.redraw());

  // --- the board ------------------------------------------------------------------------

  function boardSvg(rows, cols) {
    const dims = `${rows}x${cols}`;
    let svg = elements.board.querySelector(":scope > svg.board-svg");
    if (svg && svg.dataset.dims === dims) return svg;
    const width = MARGIN + cols * CELL + 4;
    const height = MARGIN + rows * CELL + 4;
    svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "board-svg", role: "group",
                     dataset: { dims } });
    for (let c = 0; c < cols; c++) {
      svg.append(s("text", { x: MARGIN + c * CELL + CELL / 2, y: 16, class: "coord",
                             "aria-hidden": "true" }, String.fromCharCode(65 + c)));
    }
    for (let r = 0; r < rows; r++) {
      svg.append(s("text", { x: 10, y: MARGIN + r * CELL + CELL / 2 + 5, class: "coord",
                             "aria-hidden": "true" }, String(r + 1)));
    }
    svg.append(s("g", { class: "cells" }));
    elements.board.replaceChildren(svg);
    return svg;
  }

  function newCell({ r, c }) {
    const x = MARGIN + c * CELL;
    const y = MARGIN + r * CELL;
    return s("g", { class: "cell bw-cell" },
      s("rect", { x, y, width: CELL, height: CELL, class: "space" }),
      s("g", { class: "piece-slot" }),
      s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, class: "last-move-mark" }),
      s("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "mark" }),
      s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "highlight" }),
      s("title", {}));
  }

  function updateCell(g, { r, c, token, label }, recent, marked, targets) {
    const piece = parseToken(token);
    const x = MARGIN + c * CELL;
    const y = MARGIN + r * CELL;
    let name = label;
    if (piece.kind === "tile") name = `${label}: ${tileName(t, token)}`;
    else if (piece.kind === "figure") {
      name = `${label}: ${t("figure.owned", { figure: figureName(t, piece.diamonds),
                                               player: ctx.seatLabel(piece.seat) })}`;
    } else if (piece.kind === "gorge") name = `${label}: ${t("tile.gorge")}`;
    const target = targets.get(`cell:${label}`);
    if (target && target.step) name = `${name} · ${t("web.beowulf.counsel_pick")}`;
    g.setAttribute("class", `cell bw-cell cell-${piece.kind}`);
    g.classList.toggle("last-move", recent.has(label));
    g.classList.toggle("marked", marked.has(label));
    g.dataset.cell = label;
    g.dataset.name = name;
    g.querySelector(".space").style.display = piece.kind === "none" ? "none" : "";
    g.querySelector(":scope > title").textContent = name;
    const holder = g.querySelector(".piece-slot");
    const face = `${token} ${language()}`;   // a tile's name is drawn in the reader's language
    if (holder.dataset.token === face) return;
    holder.dataset.token = face;
    const parts = piece.kind === "tile" ? tileSvg(piece, x, y, CELL, t)
      : piece.kind === "figure" ? figureSvg(piece.seat, piece.diamonds, x, y, CELL)
        : piece.kind === "gorge" ? gorgeSvg(x, y, CELL) : [];
    holder.replaceChildren(...(parts.length
      ? [s("g", { class: "piece", dataset: { piece: label, face: token } }, ...parts)] : []));
  }

  function drawBoard(view, recent, targets) {
    const rows = view.board;
    const cols = rows.length ? rows[0].length : 0;
    const svg = boardSvg(rows.length, cols);
    svg.setAttribute("aria-label", t("render.board", { act: actName(t, view.act) }));
    const marked = new Set([view.effect_cell, view.swap_first].filter(Boolean));
    const cells = rows.flatMap((row, r) => row.map((token, c) => ({
      r, c, token, label: cellLabel(r, c) })));
    keyed(svg.querySelector(".cells"), cells, (cell) => `cell:${cell.label}`, newCell,
      (g, cell) => updateCell(g, cell, recent, marked, targets));
  }

  // --- the hand and the figure supply ----------------------------------------------------

  function drawSupply(container, view, seat) {
    const supply = view.supply[seat];
    keyed(container, [4, 3, 2, 1], (d) => `figure:${d}`, (d) => h("button", {
      type: "button", class: "figure-button", dataset: { figure: String(d) } },
    s("svg", { viewBox: "0 0 40 40", class: "piece-icon", "aria-hidden": "true" },
      ...figureSvg(seat, d, 0, 0, 40)),
    h("span", { class: "count" })), (button, d) => {
      const count = Number(supply[String(d)] || 0);
      const label = `${figureName(t, d)} × ${count}`;
      button.classList.toggle("empty", !count);
      button.title = label;
      button.dataset.name = label;
      button.setAttribute("aria-label", label);
      button.querySelector(".count").textContent = `×${count}`;
    });
  }

  function drawTiles(container, view, seat) {
    const tiles = view.hands[seat].tiles || [];
    const empty = slot(container.parentElement, "p", "hand-empty");
    empty.className = "hand-empty muted";
    empty.textContent = tiles.length ? "" : t("render.hand.empty");
    empty.hidden = tiles.length > 0;
    const keys = uniqueKeys(tiles.map((token) => `hand:${token}`));
    keyed(container, tiles.map((token, i) => ({ token, key: keys[i] })), (item) => item.key,
      ({ token }) => h("button", { type: "button", class: "hand-tile", dataset: { tile: token } },
        s("svg", { viewBox: "0 0 56 56", class: "piece-icon tile-icon", "aria-hidden": "true" })),
      (button, { token }) => {
        const svg = button.querySelector("svg");
        if (svg.dataset.lang !== language()) {
          svg.dataset.lang = language();
          svg.replaceChildren(s("g", { dataset: { piece: `hand:${token}`, face: token } },
            ...tileSvg(parseToken(token), 0, 0, 56, t)));
        }
        const name = tileName(t, token);
        button.title = name;
        button.dataset.name = name;
        button.setAttribute("aria-label", name);
      });
  }

  function drawHand(view, seat) {
    if (seat === null || seat === undefined) {
      elements.hand.replaceChildren(h("p", { class: "muted" }, t("render.spectator")));
      return;
    }
    let figures = elements.hand.querySelector(".supply-buttons");
    if (!figures) {
      elements.hand.replaceChildren(
        h("div", { class: "hand-group" }, h("h3", { class: "figures-title" }),
          h("div", { class: "supply-buttons" })),
        h("div", { class: "hand-group" }, h("h3", { class: "hand-title" }),
          h("div", { class: "hand-tiles" }), h("p", { class: "selected" })));
      figures = elements.hand.querySelector(".supply-buttons");
    }
    elements.hand.querySelector(".figures-title").textContent = t("web.beowulf.your_figures");
    elements.hand.querySelector(".hand-title").textContent = t("render.hand");
    drawSupply(figures, view, seat);
    drawTiles(elements.hand.querySelector(".hand-tiles"), view, seat);
    const selected = elements.hand.querySelector(".selected");
    selected.textContent = view.selected
      ? t("render.selected", { tile: tileName(t, view.selected) }) : "";
    selected.hidden = !view.selected;
  }

  // --- the players' panel: the game's facts only (board/players.js draws the rest) -------

  function playerSummary(snapshot, p) {
    const view = snapshot.view;
    const hand = view.hands[p];
    const backs = s("svg", { viewBox: `0 0 ${Math.max(1, hand.count) * 22} 24`, class: "backs",
                             "aria-hidden": "true", width: Math.max(1, hand.count) * 22, height: 24 },
      ...hand.acts.flatMap((act, i) => tileBackSvg(act, i * 22, 0, 24)));
    const acts = hand.acts.map((a) => ROMAN[a - 1]).join(t("list.separator"));
    const supply = [4, 3, 2, 1].map((d) => h("span", {
      class: "supply-count", title: figureName(t, d) }, `◆${d}×${view.supply[p][String(d)]}`));
    return {
      score: String(view.saga[p]),
      scoreTitle: t("render.col.saga"),
      facts: [
        h("div", { class: "player-supply", role: "group", "aria-label": t("web.beowulf.supply") }, supply),
        h("div", { class: "player-hand" },
          h("span", { class: "muted" }, t("web.beowulf.hand_count", { count: hand.count })),
          backs, acts ? h("span", { class: "muted" }, `(${acts})`) : null)],
    };
  }

  function tableSummary(snapshot) {
    const view = snapshot.view;
    const later = view.later_pools || [];
    const pool = later.length
      ? t("render.status.later", { act: actName(t, view.act), pool: view.pool,
                                   later: later.join(t("list.separator")) })
      : t("render.status", { act: actName(t, view.act), pool: view.pool });
    return [h("p", { class: "pool", id: "pool" }, pool)];
  }

  function tableAfter(snapshot) {
    const results = snapshot.view.act_results || [];
    return results.length && elements.scoring.hidden
      ? [h("button", { type: "button", class: "open-scoring", onclick: () => scoring.open() },
        t("web.scoring.open", { act: actName(t, results[results.length - 1].act) }))]
      : [];
  }

  return {
    pathOf,
    playerSummary,
    tableSummary,
    tableAfter,
    zoomable: false,
    draw(snapshot, marks) {
      const view = snapshot.view;
      scoring.update(snapshot);   // first: the players' panel offers to reopen it when closed
      const recent = new Set((marks.recent || []).filter((line) => MOVE_EVENTS.has(line.kind))
        .flatMap((line) => [line.data.cell, line.data.to, line.data.a, line.data.b])
        .filter((cell) => typeof cell === "string"));
      drawBoard(view, recent, marks.targets || new Map());
      drawHand(view, snapshot.seat);
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
