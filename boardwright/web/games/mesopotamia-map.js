// Mesopotamia's hex map: the placed tiles (axial q,r; flat-topped hexes; the ziggurat at 0,0),
// huts, holy places, loose wood and stone, each tribe's members with what they carry, the
// empty hexes a move may explore, the last turn's marks and the key, drawn in place: every hex
// is a keyed node (`hex:q,r`) and board/picker.js decides which of them a tap acts on.

import { h, s } from "../dom.js";
import { language } from "../i18n.js";
import { keyed } from "../board/keyed.js";

export const R = 38;                      // hex radius
const SQ3 = Math.sqrt(3);
export const TERRAIN_FILL = { plains: "#cfe6a6", forest: "#5f9a4e", quarry: "#b9b3a8",
                              volcano: "#b5452f", ziggurat: "#e8c66a" };
// the tribes wear the page's seat colours (style.css --seat-N), so the map, the players panel
// and the status bar agree on who is who
const SEAT_FALLBACK = ["#0f7c8c", "#a3338a", "#2f58c4", "#7a6a12"];
export const SEAT_FILL = SEAT_FALLBACK.map((fallback, seat) => (typeof document === "undefined" ? ""
  : getComputedStyle(document.documentElement).getPropertyValue(`--seat-${seat}`).trim()) || fallback);
export const NEUTRAL = 9;
export const DIRS = { se: [1, 0], ne: [1, -1], n: [0, -1], nw: [-1, 0], sw: [-1, 1], s: [0, 1] };
// round the compass: neighbours in this list are adjacent directions (as text.py's _ROUND)
const ROUND = ["n", "ne", "se", "s", "sw", "nw"];
const WOOD_FILL = "#8a5a2b";
const STONE_FILL = "#7d7d86";
const OFFERING_FILL = "#f2c230";

export function centre(q, r) {
  return [1.5 * R * q, SQ3 * R * (r + q / 2)];
}

export function hexPoints(cx, cy, radius = R - 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export function neighbour(label, dir) {
  const [q, r] = label.split(",").map(Number);
  const [dq, dr] = DIRS[dir];
  return `${q + dq},${r + dr}`;
}

/** A hex in words by where it lies from the ziggurat, as the server's move labels and the log
 * name it (text.py place_name): "the forest north-east of the ziggurat". */
export function placeName(t, label, terrain, unexplored = false) {
  const what = unexplored ? t("place.unexplored") : terrain ? t(`terrain.${terrain}`)
    : t("place.tile");
  const [q, r] = label.split(",").map(Number);
  const dist = Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
  if (!dist) return t("place.centre", { what });
  for (let i = 0; i < 6; i++) {
    const d1 = ROUND[i];
    const d2 = ROUND[(i + 1) % 6];
    for (let a = 1; a <= dist; a++) {
      const b = dist - a;
      if (a * DIRS[d1][0] + b * DIRS[d2][0] !== q || a * DIRS[d1][1] + b * DIRS[d2][1] !== r) continue;
      if (b) {
        return t("place.bend", { what, a, b, dir1: t(`place.dir.${d1}`), dir2: t(`place.dir.${d2}`) });
      }
      return a === 1 ? t("place.near", { what, dir: t(`place.dir.${d1}`) })
        : t("place.line", { what, n: a, dir: t(`place.dir.${d1}`) });
    }
  }
  return label;
}

/** What a tribe's members on a hex carry, as little coloured squares (the key explains). */
function loadMarks(entry) {
  const marks = [];
  for (const [name, cnt] of Object.entries(entry)) {
    const base = name.replace("*", "");
    if (base === "empty") continue;
    const kind = base === "wood" ? "wood" : base === "stone" ? "stone" : "offering";
    const value = kind === "offering" ? base.slice("offering".length) : "";
    for (let i = 0; i < cnt; i++) marks.push({ kind, value });
  }
  return marks;
}

/** Words for everything on a placed hex: its tooltip and what a screen reader says. */
export function hexContents(t, view, lab, seatLabel) {
  const parts = [];
  for (const hut of view.huts.filter((x) => x.cell === lab)) {
    const owner = hut.owner === NEUTRAL ? t("ui.neutral_hut") : t("ui.hut", { owner: seatLabel(hut.owner) });
    parts.push(owner + (hut.value ? t("ui.hut_offering_value", { value: hut.value })
      : hut.offering ? t("ui.hut_offering") : ""));
  }
  if (view.holy[lab] !== undefined) parts.push(t("ui.holy", { owner: seatLabel(view.holy[lab]) }));
  if (view.wood[lab]) parts.push(t("ui.loose_wood", { n: view.wood[lab] }));
  if (view.stone[lab]) parts.push(t("ui.loose_stone", { n: view.stone[lab] }));
  view.members.forEach((per, seat) => {
    const entry = per[lab];
    if (!entry) return;
    const n = Object.values(entry).reduce((a, b) => a + b, 0);
    const loads = loadMarks(entry).map((m) => (m.kind === "offering"
      ? (m.value ? t("ui.load.offering_value", { value: m.value }) : t("ui.load.offering"))
      : t(`ui.load.${m.kind}`)));
    parts.push(`${seatLabel(seat)}: ${t("ui.members", { n })}${loads.length ? ` (${loads.join(", ")})` : ""}`);
  });
  return parts.join("; ");
}

/** What a hex shows, as one string: its pieces are drawn again only when this changes. */
function contentsKey(view, lab, ids) {
  return JSON.stringify([view.huts.filter((x) => x.cell === lab), view.holy[lab], view.wood[lab],
                         view.stone[lab], view.members.map((per) => per[lab] || null),
                         view.members.map((_, seat) => ids(seat, lab))]);
}

function drawPieces(view, lab, cx, cy, ids) {
  // rows inside the hex, top to bottom: the terrain's name (drawMap), huts and the holy place,
  // loose wood and stone, the tribes' members; each stays inside a clickable hex's outline.
  // A tribe's group of members is a piece with a lasting id (data-piece), so a group that
  // walks to the next hex slides there (board/motion.js)
  const out = [];
  let hx = cx - 24;
  view.huts.filter((x) => x.cell === lab).forEach((hut, i) => {
    const fill = hut.owner === NEUTRAL ? "#888" : SEAT_FILL[hut.owner];
    out.push(s("g", { dataset: { piece: `hut:${lab}:${i}`, face: `${hut.owner}` } },
      s("path", { d: `M${hx} ${cy - 9} l8 -8 l8 8 v9 h-16 z`, fill, stroke: "#222" }),
      hut.offering ? s("text", { x: hx + 8, y: cy - 1.5, class: "meso-hut-mark" },
        hut.value ? String(hut.value) : "?") : null));
    hx += 18;
  });
  if (view.holy[lab] !== undefined) {
    out.push(s("path", { d: `M${cx + 12} ${cy} h12 l-3 -5 v-8 l-3 -4 l-3 4 v8 z`,
                         fill: SEAT_FILL[view.holy[lab]], stroke: "#fff", "stroke-width": 1.5,
                         dataset: { piece: `holy:${lab}`, face: String(view.holy[lab]) } }));
  }
  // loose wood (brown logs) and stone (grey blocks) with their number
  let lx = cx - 24;
  for (const [pile, fill] of [[view.wood[lab], WOOD_FILL], [view.stone[lab], STONE_FILL]]) {
    if (!pile) continue;
    out.push(s("rect", { x: lx, y: cy + 3, width: 9, height: 7, rx: pile === view.wood[lab] ? 3 : 0.5,
                         fill, stroke: "#222", "stroke-width": 0.7 }),
             s("text", { x: lx + 11, y: cy + 10, class: "meso-count" }, `×${pile}`));
    lx += 24;
  }
  let my = view.wood[lab] || view.stone[lab] ? cy + 19 : cy + 10;
  let mx = cx - 26;
  view.members.forEach((per, seat) => {
    const entry = per[lab];
    if (!entry) return;
    const n = Object.values(entry).reduce((a, b) => a + b, 0);
    const group = s("g", { class: "meso-members", dataset: { piece: `members:${seat}:${ids(seat, lab)}` } },
      s("circle", { cx: mx + 6, cy: my, r: 6.5, fill: SEAT_FILL[seat], stroke: "#fff", "stroke-width": 1 }),
      s("text", { x: mx + 6, y: my + 3, class: "meso-member-n" }, String(n)));
    let kx = mx + 14;
    for (const mark of loadMarks(entry).slice(0, 3)) {
      const fill = mark.kind === "wood" ? WOOD_FILL : mark.kind === "stone" ? STONE_FILL : OFFERING_FILL;
      group.append(s("rect", { x: kx, y: my - 4, width: 6, height: 8, rx: 1, fill, stroke: "#222",
                               "stroke-width": 0.5 }));
      kx += 7;
    }
    out.push(group);
    mx += 26;
    if (mx > cx + 14) { mx = cx - 26; my += 13; }
  });
  return out;
}

function newHex([q, r]) {
  const [cx, cy] = centre(q, r);
  return s("g", { class: "cell meso-hex" },
    s("polygon", { points: hexPoints(cx, cy), class: "meso-ground", "stroke-width": 1.5 }),
    s("polygon", { points: hexPoints(cx, cy, R - 5), class: "highlight" }),
    s("text", { x: cx, y: cy - 18, class: "meso-terrain" }),
    s("g", { class: "meso-pieces" }),
    s("polygon", { points: hexPoints(cx, cy, R - 2.5), class: "last-move-mark" }),
    s("polygon", { points: hexPoints(cx, cy, R - 4), class: "meso-chosen" }),
    s("title", {}));
}

/**
 * Brings the map in `board` up to date in place: one keyed node per hex (`hex:q,r`), reused.
 * `opts.targets`: the picker's targets (key -> {move}|{step}); `opts.chosen`: hexes chosen so far
 * or lifted by a card; `opts.marks`: hexes the last turn touched; `opts.paths`: [{from, to, seat}]
 * steps of the last turn, drawn as arrows; `opts.ids(seat, lab)`: a members group's lasting id.
 */
export function drawMap(board, view, opts) {
  const { t, seatLabel, targets, chosen, marks, paths, ids } = opts;
  const known = new Map(view.tiles.map(([q, r, terrain]) => [`${q},${r}`, terrain]));
  let svg = board.querySelector("svg.meso-map");
  if (!svg) {
    svg = s("svg", { class: "board-svg meso-map", role: "group" },
      s("g", { class: "meso-cells" }), s("g", { class: "meso-trails", "aria-hidden": "true" }));
  }
  svg.setAttribute("aria-label", t("web.meso.board"));
  // the placed tiles, and the empty hexes a move may explore now; the frame fits them (so the
  // hexes are as large as a phone allows)
  const cells = view.tiles.map(([q, r]) => [q, r]);
  for (const key of targets.keys()) {
    const lab = key.startsWith("hex:") ? key.slice(4) : null;
    if (lab && !known.has(lab)) cells.push(lab.split(",").map(Number));
  }
  const xs = cells.map(([q, r]) => centre(q, r)[0]);
  const ys = cells.map(([q, r]) => centre(q, r)[1]);
  const minX = Math.min(...xs) - R - 4;
  const minY = Math.min(...ys) - R - 4;
  const box = `${minX} ${minY} ${Math.max(...xs) - minX + R + 4} ${Math.max(...ys) - minY + R + 4}`;
  if (svg.getAttribute("viewBox") !== box) svg.setAttribute("viewBox", box);
  keyed(svg.querySelector(".meso-cells"), cells, ([q, r]) => `hex:${q},${r}`, newHex, (g, [q, r]) => {
    const lab = `${q},${r}`;
    const terrain = known.get(lab);
    const [cx, cy] = centre(q, r);
    g.setAttribute("class", `cell meso-hex meso-${terrain || "empty"}`);
    g.dataset.cell = lab;
    const ground = g.querySelector(".meso-ground");
    ground.setAttribute("fill", terrain ? TERRAIN_FILL[terrain] : "#fffdf5");
    ground.setAttribute("stroke", terrain ? "#6b5b45" : "#999");
    ground.setAttribute("stroke-dasharray", terrain ? "" : "4 3");
    const label = g.querySelector(".meso-terrain");
    label.setAttribute("class", `meso-terrain meso-terrain-${terrain || "empty"}`);
    label.textContent = terrain ? t(`terrain.${terrain}`) : "";
    const pieces = g.querySelector(".meso-pieces");
    const face = terrain ? `${language()} ${contentsKey(view, lab, ids)}` : "";
    if (pieces.dataset.face !== face) {
      pieces.dataset.face = face;
      pieces.replaceChildren(...(terrain ? drawPieces(view, lab, cx, cy, ids) : []));
    }
    let name = placeName(t, lab, terrain, !terrain);
    const contents = terrain ? hexContents(t, view, lab, seatLabel) : "";
    if (contents) name = `${name}: ${contents}`;
    name = name.charAt(0).toUpperCase() + name.slice(1);
    const target = targets.get(`hex:${lab}`);
    g.classList.toggle("last-move", marks.has(lab));
    g.classList.toggle("lifted", chosen.has(lab));
    g.dataset.name = name;
    g.querySelector(":scope > title").textContent = target && target.move
      ? `${target.move.label || target.move.text} · ${name}` : name;
  });
  // the last turn's steps: an arrow from hex to hex in the mover's colour, over the tiles
  svg.querySelector(".meso-trails").replaceChildren(...paths.map((step) => {
    const [x1, y1] = centre(...step.from.split(",").map(Number));
    const [x2, y2] = centre(...step.to.split(",").map(Number));
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    // from the edge of one hex towards the other, stopping short of the pieces in its middle
    const [ax, ay] = [x1 + ux * 20, y1 + uy * 20];
    const [bx, by] = [x2 - ux * 24, y2 - uy * 24];
    const colour = SEAT_FILL[step.seat] || "#333";
    return s("g", { class: "meso-trail-arrow" },
      s("line", { x1: ax, y1: ay, x2: bx - ux * 6, y2: by - uy * 6, class: "meso-trail", stroke: colour }),
      s("polygon", { points: `${bx},${by} ${bx - ux * 9 - uy * 6},${by - uy * 9 + ux * 6} `
                     + `${bx - ux * 9 + uy * 6},${by - uy * 9 - ux * 6}`, fill: colour,
                     stroke: "#fff", "stroke-width": 1 }));
  }));
  return svg;
}

/** A key to the map: terrain colours, pieces, what members carry, the marks. */
export function drawLegend(t) {
  const swatch = (...children) => s("svg", { width: 24, height: 22, viewBox: "-12 -11 24 22",
                                              "aria-hidden": "true" }, ...children);
  const hex = (fill, dashed) => s("polygon", { points: hexPoints(0, 0, 10), fill,
                                               stroke: dashed ? "#999" : "#6b5b45",
                                               "stroke-dasharray": dashed ? "3 2" : "" });
  const item = (mark, text) => h("li", { class: "meso-legend-item" }, mark, h("span", {}, text));
  const terrains = Object.entries(TERRAIN_FILL).map(([terrain, fill]) =>
    item(swatch(hex(fill, false)), t(`terrain.${terrain}`)));
  const block = (x, fill, rx = 1) => s("rect", { x, y: -4, width: 6, height: 8, rx, fill,
                                                  stroke: "#222", "stroke-width": 0.5 });
  return h("div", { class: "meso-legend", role: "note", "aria-label": t("web.meso.legend") },
    h("strong", {}, t("web.meso.legend")),
    h("ul", {},
      ...terrains,
      item(swatch(hex("#fffdf5", true)), t("web.meso.legend.unexplored")),
      item(swatch(s("path", { d: "M-8 2 l8 -9 l8 9 v9 h-16 z", fill: "#888", stroke: "#222" }),
                  s("text", { x: 0, y: 9, class: "meso-hut-mark" }, "?")), t("web.meso.legend.hut")),
      item(swatch(s("path", { d: "M-6 8 h12 l-3 -5 v-9 l-3 -4 l-3 4 v9 z", fill: SEAT_FILL[0],
                              stroke: "#fff", "stroke-width": 1.5 })), t("web.meso.legend.holy")),
      item(swatch(s("circle", { r: 7, fill: SEAT_FILL[1] }),
                  s("text", { y: 3, class: "meso-member-n" }, "3")), t("web.meso.legend.members")),
      item(swatch(block(-10, WOOD_FILL), block(-3, STONE_FILL), block(4, OFFERING_FILL)),
           t("web.meso.legend.loads")),
      item(swatch(s("rect", { x: -9, y: -4, width: 9, height: 7, rx: 3, fill: WOOD_FILL }),
                  s("rect", { x: 2, y: -4, width: 9, height: 7, fill: STONE_FILL })),
           t("web.meso.legend.loose")),
      item(swatch(s("polygon", { points: hexPoints(0, 0, 9), class: "highlight" })),
           t("web.meso.legend.target")),
      item(swatch(s("polygon", { points: hexPoints(0, 0, 9), class: "meso-chosen" })),
           t("web.meso.legend.chosen")),
      item(swatch(s("polygon", { points: hexPoints(0, 0, 9), class: "last-move-mark" }),
                  s("line", { x1: -9, y1: 6, x2: 5, y2: -3, class: "meso-trail", stroke: SEAT_FILL[0] })),
           t("web.meso.legend.last"))));
}
