// Fürchterliche Feinde's labyrinth in SVG, drawn from one seat's view: rooms as rooms (labelled
// with the names the log uses), corridors as lanes of spaces, crossing tiles with their open arms
// (face-down ones as tile backs), the two teleport colours, monsters and chests as tokens, the
// power chips still waiting in unexplored rooms, heroes as pawns in the seat colours standing
// beside a monster they share a room with, the last turn's path, and the storage track.
//
// The map is the board file's text map (one character per space). Columns and rows that hold a
// room or crossing are drawn wide (NODE_W × NODE_H), the others narrow (LANE): rooms read as
// rooms and corridors as the narrow ways between them, on any board file.
//
// The board is drawn in place (docs/web-client.md §2): the SVG and its rock and lanes are made
// once per map; every space is a keyed node (`space:R07`), every monster, chest and hero too
// (`monster:17`, `chest:2`, `hero:0`), so a piece that moved is the same node in its new place
// and board/motion.js slides it. Only targets catch taps: a space or piece that is not one lets
// the tap through (pointer-events), so nothing on top of a target steals it.

import { s } from "../dom.js";
import { keyed } from "../board/keyed.js";

export const NODE_W = 48;
export const NODE_H = 38;
export const LANE = 10;
const TRACK_H = 30;            // the storage track under the labyrinth
const DIRS = "NESW";
const STEP = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const SHAPES = ["NESW", "ESW", "NS", "NE"];                      // data.TILE_SHAPES
const PAIRINGS = [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 3], [1, 2]]];  // data.TELEPORT_PAIRINGS
const TELEPORT_LETTERS = "abcd";
export const TELEPORT_COLOURS = ["blue", "yellow"];
export const CHEST0 = 51;      // chest tokens are 51, 52, 53
/** Seat colours: the first four are the site's (--seat-0..3), then two more for 5-6 players. */
export const SEAT_COLOURS = ["#0f7c8c", "#a3338a", "#2f58c4", "#7a6a12", "#c2410c", "#4d7c0f"];
export const LETTERS = "ABCDEF";

// --- geometry ------------------------------------------------------------------------------

let cached = null;

/** Every space of the map with its rectangle, centre, kind and label (cached per map). */
export function layout(view) {
  const key = view.map.join("\n") + "|" + view.labels.join(",");
  if (cached && cached.key === key) return cached;
  const map = view.map;
  const cols = Math.max(...map.map((row) => row.length));
  const nodeCol = new Array(cols).fill(false);
  const nodeRow = new Array(map.length).fill(false);
  const cells = [];
  const at = new Map();
  map.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === " ") return;
    if ("RSX".includes(ch)) { nodeCol[c] = true; nodeRow[r] = true; }
    at.set(`${r},${c}`, cells.length);
    cells.push({ r, c, ch });
  }));
  const xs = [0];
  nodeCol.forEach((node, c) => xs.push(xs[c] + (node ? NODE_W : LANE)));
  const ys = [0];
  nodeRow.forEach((node, r) => ys.push(ys[r] + (node ? NODE_H : LANE)));
  const byLabel = new Map();
  cells.forEach((cell, i) => {
    cell.i = i;
    cell.x = xs[cell.c];
    cell.y = ys[cell.r];
    cell.w = xs[cell.c + 1] - cell.x;
    cell.h = ys[cell.r + 1] - cell.y;
    cell.cx = cell.x + cell.w / 2;
    cell.cy = cell.y + cell.h / 2;
    cell.label = view.labels[i];
    cell.kind = { R: "room", S: "start", X: "crossing" }[cell.ch]
      || (TELEPORT_LETTERS.includes(cell.ch) ? "teleport" : "corridor");
    cell.nb = {};
    for (const d of DIRS) {
      const [dr, dc] = STEP[d];
      cell.nb[d] = at.get(`${cell.r + dr},${cell.c + dc}`) ?? -1;
    }
    byLabel.set(cell.label, i);
  });
  cached = { key, cells, byLabel, width: xs[cols], height: ys[map.length] };
  return cached;
}

export function isRoom(cell) {
  return cell.kind === "room" || cell.kind === "start";
}

/** A crossing's open arms ("N", "E", ...) after its rotation; [] while it lies face down. */
export function openArms(view, i) {
  const shape = view.cross_shape[i];
  if (shape < 0) return [];
  return [...SHAPES[shape]].map((d) => DIRS[(DIRS.indexOf(d) + view.cross_rot[i]) % 4]);
}

/** The teleport colour ("blue"/"yellow") of a teleport field, or null before the pairing. */
export function teleportColour(view, letter) {
  if (view.teleport < 0) return null;
  const k = TELEPORT_LETTERS.indexOf(letter);
  const pair = PAIRINGS[view.teleport].findIndex((p) => p.includes(k));
  return pair < 0 ? null : TELEPORT_COLOURS[pair];
}

/** The field linked with teleport field `letter`, or "" before the pairing. */
export function teleportTwin(view, letter) {
  if (view.teleport < 0) return "";
  const k = TELEPORT_LETTERS.indexOf(letter);
  for (const [x, y] of PAIRINGS[view.teleport]) {
    if (x === k) return TELEPORT_LETTERS[y];
    if (y === k) return TELEPORT_LETTERS[x];
  }
  return "";
}

/** The spaces between two neighbouring rooms along the corridors (a wandering monster's way,
 * which the log gives room by room): the shortest way not through another room. */
export function roomToRoom(view, from, to) {
  const { cells } = layout(view);
  const back = new Map([[from, -1]]);
  const todo = [from];
  while (todo.length) {
    const cur = todo.shift();
    if (cur === to) break;
    if (cur !== from && isRoom(cells[cur])) continue;
    for (const d of DIRS) {
      const next = cells[cur].nb[d];
      if (next >= 0 && !back.has(next)) {
        back.set(next, cur);
        todo.push(next);
      }
    }
  }
  if (!back.has(to)) return [from, to];
  const way = [];
  for (let i = to; i !== -1; i = back.get(i)) way.push(i);
  return way.reverse();
}

// --- words for pieces (tooltips and accessible names) ---------------------------------------

export function placeName(t, label) {
  const corridor = /^([A-Z]\w*)-([A-Z]\w*)\/\d+$/.exec(label);
  if (corridor) return t("place.corridor", { a: corridor[1], b: corridor[2] });
  if (label.length === 1 && TELEPORT_LETTERS.includes(label)) {
    return t("place.teleport", { letter: label });
  }
  if (/^X\d+$/.test(label)) return t("place.crossing", { crossing: label });
  return label;
}

export function tokenName(t, view, token) {
  const comp = view.components;
  if (token >= CHEST0) {
    const [knowledge, gold] = comp.chests[token - CHEST0] || [0, 0];
    return t("web.feinde.chest", { n: token - CHEST0 + 1, knowledge, gold });
  }
  const hearts = comp.hearts[token] || 0;
  const name = comp.monster_names[String(token)];
  const base = t(hearts ? "web.feinde.monster_hearts" : "web.feinde.monster",
                 { n: token, gold: comp.gold[token], hearts });
  return name ? `${name}: ${base}` : base;
}

// --- drawing -------------------------------------------------------------------------------

/** The hit area of a target corridor space or piece, in board units: at the zoom's largest
 * scale on a phone (4 × 358/868 px per unit) 30 units are 49 CSS px. */
const HIT = 30;

function roomBox(cell) {
  return { x: cell.x + 2, y: cell.y + 2, w: cell.w - 4, h: cell.h - 4 };
}

function monsterParts(view, token, cx, cy, r) {
  const boss = token === 49 || token === 50;
  const hearts = view.components.hearts[token] || 0;
  const parts = [
    s("circle", { cx, cy, r, class: `fe-monster${boss ? " fe-boss" : ""}` }),
    s("text", { x: cx, y: cy + r * 0.38, class: "fe-monster-n", "font-size": r * 1.05 },
      String(token)),
  ];
  if (hearts) {
    parts.push(s("text", { x: cx - r * 0.75, y: cy + r * 1.15, class: "fe-heart",
                           "font-size": r * 0.95 }, "♥".repeat(hearts)));
  }
  return parts;
}

function chestParts(token, x, y, w, h) {
  return [
    s("rect", { x, y, width: w, height: h, rx: 2, class: "fe-chest" }),
    s("line", { x1: x, y1: y + h * 0.38, x2: x + w, y2: y + h * 0.38, class: "fe-chest-lid" }),
    s("text", { x: x + w / 2, y: y + h * 0.86, class: "fe-chest-n", "font-size": h * 0.55 },
      String(token - CHEST0 + 1))];
}

/** Where the pawns stand in a room: beside its monster or chest, or across an empty room. */
function pawnSlots(box, count, beside) {
  const { x, y, w, h } = box;
  if (!count) return [];
  if (beside) {
    const left = x + 26;
    const right = x + w - 1;
    if (count <= 2) {
      const r = count === 1 ? 8.5 : 7.5;
      const cx = (left + right) / 2;
      return count === 1 ? [[cx, y + h * 0.62, r]] : [[cx, y + 9, r], [cx, y + h - 8, r]];
    }
    const r = 5.5;
    const xsPair = [left + r, right - r];
    const rows = Math.ceil(count / 2);
    return Array.from({ length: count }, (_, k) => [
      xsPair[k % 2], y + 14 + Math.floor(k / 2) * ((h - 20) / Math.max(1, rows - 1)), r]);
  }
  const perRow = count <= 3 ? count : 3;
  const r = count <= 3 ? 8.5 : 6.5;
  const rows = Math.ceil(count / perRow);
  return Array.from({ length: count }, (_, k) => {
    const row = Math.floor(k / perRow);
    const inRow = Math.min(perRow, count - row * perRow);
    const col = k % perRow;
    const gap = (w - 6) / 3;
    const cx = x + w / 2 + (col - (inRow - 1) / 2) * gap;
    const cy = rows === 1 ? y + h * 0.6 : y + 16 + row * 12;
    return [cx, cy, r];
  });
}

function pawnParts(seat, cx, cy, r) {
  return [
    s("circle", { cx, cy, r: r + 1.4, class: "fe-pawn-halo" }),
    s("circle", { cx, cy, r, fill: SEAT_COLOURS[seat], class: "fe-pawn-body" }),
    s("text", { x: cx, y: cy + r * 0.42, class: "fe-pawn-letter", "font-size": r * 1.2 },
      LETTERS[seat])];
}

function crossingArt(view, cell, box) {
  const parts = [];
  const arms = openArms(view, cell.i);
  if (view.cross_shape[cell.i] < 0) {
    parts.push(s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 3,
                           class: "fe-crossing-back" }),
               s("text", { x: cell.cx, y: cell.cy + 7, class: "fe-crossing-q" }, "?"));
  } else {
    parts.push(s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 3,
                           class: "fe-crossing" }));
    // the open ways as one path (square caps: no seams where the arms meet in the middle)
    const half = 5;
    const d = arms.map((dir) => {
      const [dr, dc] = STEP[dir];
      const x2 = dc > 0 ? box.x + box.w - half : dc < 0 ? box.x + half : cell.cx;
      const y2 = dr > 0 ? box.y + box.h - half : dr < 0 ? box.y + half : cell.cy;
      return `M${cell.cx} ${cell.cy}L${x2} ${y2}`;
    }).join("");
    parts.push(s("path", { d, class: "fe-crossing-way" }));
  }
  parts.push(s("text", { x: box.x + 2, y: box.y + 8, class: "fe-label fe-label-light" },
    cell.label));
  return parts;
}

function spaceName(t, view, cell) {
  const label = cell.label;
  if (cell.kind === "crossing") {
    const arms = openArms(view, cell.i);
    return arms.length
      ? t("web.feinde.crossing_open", { crossing: label,
                                        ways: arms.map((d) => t(`dir.${d}`)).join(", ") })
      : t("web.feinde.crossing_down", { crossing: label });
  }
  if (cell.kind === "teleport") {
    const colour = teleportColour(view, label);
    return colour
      ? t("web.feinde.teleport", { letter: label, colour: t(`web.feinde.colour.${colour}`),
                                   twin: teleportTwin(view, label) })
      : placeName(t, label);
  }
  if (isRoom(cell)) {
    const named = view.names && view.names[label] ? `${label} (${view.names[label]})` : label;
    if (view.chip[cell.i]) return t("web.feinde.room_unexplored", { room: named });
    return t(cell.kind === "start" ? "web.feinde.start_room" : "web.feinde.room",
             { room: named });
  }
  return placeName(t, label);
}

/** The picture of a space as it lies now (what changes it: a chip taken, a tile turned over). */
function spaceArt(view, cell) {
  if (isRoom(cell)) {
    const box = roomBox(cell);
    const unexplored = Boolean(view.chip[cell.i]);
    const parts = [
      s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 5,
                  class: `fe-room${cell.kind === "start" ? " fe-start" : ""}`
                    + `${unexplored ? " fe-unexplored" : ""}` }),
      s("text", { x: box.x + 3, y: box.y + 9.5, class: "fe-label" }, cell.label)];
    if (unexplored) {
      parts.push(s("circle", { cx: cell.cx, cy: cell.cy + 3, r: 6.5, class: "fe-chip" }),
                 s("circle", { cx: cell.cx, cy: cell.cy + 3, r: 3.5, class: "fe-chip-inner" }));
    }
    return parts;
  }
  if (cell.kind === "crossing") return crossingArt(view, cell, roomBox(cell));
  if (cell.kind === "teleport") {
    const colour = teleportColour(view, cell.label);
    return [s("circle", { cx: cell.cx, cy: cell.cy, r: 7.5,
                          class: `fe-teleport fe-teleport-${colour || "unpaired"}` }),
            s("text", { x: cell.cx, y: cell.cy + 3.2, class: "fe-teleport-letter",
                        fill: colour === "yellow" ? "#2b2118" : "#fff" }, cell.label)];
  }
  return [s("rect", { x: cell.cx - 4, y: cell.cy - 4, width: 8, height: 8, rx: 1.5,
                      class: "fe-corridor" })];
}

function spaceFace(view, cell) {
  if (isRoom(cell)) return `${view.chip[cell.i] ? 1 : 0}`;
  if (cell.kind === "crossing") return `${view.cross_shape[cell.i]}/${view.cross_rot[cell.i]}`;
  if (cell.kind === "teleport") return String(view.teleport);
  return "";
}

/** A rectangle, as attributes. */
function rectOf(box) {
  return { x: box.x, y: box.y, width: box.w, height: box.h };
}

/** Where a target space catches taps: a room or crossing as a whole; a corridor space or
 * teleport by a square of HIT units, pushed away from the hero by `away` ([dx, dy]) so the
 * four ways out of a space do not overlap. */
function hitBox(cell, away) {
  if (isRoom(cell) || cell.kind === "crossing") return roomBox(cell);
  const [dx, dy] = away || [0, 0];
  const push = HIT / 2 - 5;
  return { x: cell.cx - HIT / 2 + dx * push, y: cell.cy - HIT / 2 + dy * push, w: HIT, h: HIT };
}

function setRect(node, box) {
  for (const [name, value] of Object.entries(rectOf(box))) node.setAttribute(name, value);
}

/** The SVG for this map, made once: the rock, the corridors' lanes and the layers drawn into. */
function boardSvg(container, view, t) {
  const geo = layout(view);
  let svg = container.querySelector(":scope > svg.feinde-board");
  if (svg && svg.dataset.map === geo.key) return svg;
  const width = geo.width;
  const height = geo.height + TRACK_H;
  svg = s("svg", { viewBox: `-2 -2 ${width + 4} ${height + 4}`, class: "board-svg feinde-board",
                   role: "group", "aria-label": t("web.feinde.board") });
  svg.dataset.map = geo.key;
  svg.append(s("rect", { x: -2, y: -2, width: width + 4, height: geo.height + 4, rx: 6,
                         class: "fe-rock" }));
  const lanes = s("g", { class: "fe-lanes", "aria-hidden": "true" });
  for (const cell of geo.cells) {
    for (const d of ["E", "S"]) {
      const j = cell.nb[d];
      if (j < 0) continue;
      const other = geo.cells[j];
      lanes.append(s("line", { x1: cell.cx, y1: cell.cy, x2: other.cx, y2: other.cy,
                               class: "fe-lane" }));
    }
  }
  svg.append(lanes,
    s("g", { class: "fe-spaces" }),
    s("g", { class: "fe-marks", "aria-hidden": "true", "pointer-events": "none" }),
    s("g", { class: "fe-trails", "pointer-events": "none" }),
    s("g", { class: "fe-pieces" }),
    s("g", { class: "fe-track-slot" }));
  container.replaceChildren(svg);
  return svg;
}

/**
 * The labyrinth, brought up to date in `container`. `opts`: {t, seatLabel, targets (the
 * picker's Map(key -> {move}|{step})), away: Map(key -> [dx, dy]) (a step's direction), trails:
 * [{seat, cells, latest, name}], marks: Set(space), chosen: a space picked first (or -1)}.
 */
export function drawBoard(container, view, opts) {
  const { t } = opts;
  const targets = opts.targets || new Map();
  const geo = layout(view);
  const svg = boardSvg(container, view, t);
  svg.setAttribute("aria-label", t("web.feinde.board"));
  const cells = geo.cells;
  const wandering = view.dm_token ? view.dm_cell : -1;
  const tokenAt = (i) => (i === wandering ? view.dm_token : view.token[i]);

  keyed(svg.querySelector(".fe-spaces"), cells, (cell) => `space:${cell.label}`, (cell) => s("g", {
    class: `fe-space fe-space-${cell.kind}`, dataset: { label: cell.label } },
  s("title", {}), s("g", { class: "fe-art" }),
  s("rect", { ...rectOf(hitBox(cell)), rx: 5, class: "highlight", display: "none" }),
  s("rect", { ...rectOf(hitBox(cell)), class: "fe-hit" })), (g, cell) => {
    const name = spaceName(t, view, cell);
    const target = targets.get(`space:${cell.label}`);
    const token = tokenAt(cell.i);
    const about = token && target ? ` · ${tokenName(t, view, token)}` : "";
    g.dataset.name = name;
    g.setAttribute("aria-label", name);
    g.querySelector(":scope > title").textContent = name + about;
    const art = g.querySelector(".fe-art");
    const face = spaceFace(view, cell);
    if (art.dataset.face !== face) {
      art.dataset.face = face;
      art.replaceChildren(...spaceArt(view, cell));
    }
    g.classList.toggle("fe-target", Boolean(target));
    g.setAttribute("pointer-events", target ? "all" : "none");
    const box = hitBox(cell, target ? opts.away && opts.away.get(`space:${cell.label}`) : null);
    setRect(g.querySelector(".highlight"), isRoom(cell) || cell.kind === "crossing" ? box
      : { x: cell.cx - 9, y: cell.cy - 9, w: 18, h: 18 });
    g.querySelector(".highlight").setAttribute("display", target ? "inline" : "none");
    setRect(g.querySelector(".fe-hit"), box);
  });

  // what the last turn changed: outlined spaces, and the paths walked (drawn anew: a few nodes)
  const marks = svg.querySelector(".fe-marks");
  const outline = [];
  if (opts.chosen >= 0 && cells[opts.chosen]) {   // the first pick of a spell card
    const box = roomBox(cells[opts.chosen]);
    outline.push(s("rect", { x: box.x - 2, y: box.y - 2, width: box.w + 4, height: box.h + 4,
                             rx: 6, class: "mark fe-chosen" }));
  }
  for (const i of opts.marks || []) {
    const cell = cells[i];
    if (!cell) continue;
    const big = isRoom(cell) || cell.kind === "crossing";
    const box = big ? roomBox(cell) : { x: cell.cx - 8, y: cell.cy - 8, w: 16, h: 16 };
    outline.push(s("rect", { x: box.x - 1.5, y: box.y - 1.5, width: box.w + 3,
                             height: box.h + 3, rx: 5, class: "last-move-mark" }));
  }
  marks.replaceChildren(...outline);
  const trails = [];
  for (const trail of opts.trails || []) {
    const points = trail.cells.map((i) => cells[i]).filter(Boolean);
    if (points.length < 2) continue;
    const colour = trail.seat >= 0 ? SEAT_COLOURS[trail.seat] : "#7a1010";
    trails.push(s("polyline", {
      points: points.map((c) => `${c.cx},${c.cy}`).join(" "), stroke: colour,
      class: `fe-trail${trail.latest ? " fe-trail-latest" : ""}`,
      dataset: { seat: String(trail.seat) },
    }, s("title", {}, trail.name)));
    const end = points[points.length - 1];
    trails.push(s("circle", { cx: end.cx, cy: end.cy, r: 4, fill: colour, class: "fe-trail-end" }));
  }
  svg.querySelector(".fe-trails").replaceChildren(...trails);

  keyed(svg.querySelector(".fe-pieces"), pieceList(view, opts, cells, tokenAt, wandering),
    (piece) => piece.key, (piece) => s("g", { class: piece.cls }, s("title", {})),
    (g, piece) => updatePiece(g, piece, targets));

  const track = svg.querySelector(".fe-track-slot");
  const storage = `${view.storage}|${document.documentElement.lang}`;
  if (track.dataset.storage !== storage) {
    track.dataset.storage = storage;
    track.replaceChildren(drawTrack(view, t, geo.height + 6, geo.width));
  }
  return svg;
}

/** Every monster, chest and hero on the board with where it is drawn. */
function pieceList(view, opts, cells, tokenAt, wandering) {
  const { t } = opts;
  const out = [];
  const seen = new Set();
  const heroesAt = new Map();
  view.pos.forEach((c, p) => { if (c >= 0) heroesAt.set(c, [...(heroesAt.get(c) || []), p]); });
  for (const cell of cells) {
    const token = tokenAt(cell.i);
    const heroes = heroesAt.get(cell.i) || [];
    if (isRoom(cell)) {
      const box = roomBox(cell);
      const key = token >= CHEST0 ? `chest:${token - CHEST0 + 1}` : `monster:${token}`;
      if (token > 0 && !seen.has(key)) {
        seen.add(key);
        const name = tokenName(t, view, token);
        const place = token >= CHEST0
          ? { x: box.x + 3, y: box.y + 13, w: 21, h: 16, hit: { x: box.x + 1, y: box.y + 6, w: 25, h: 26 } }
          : { cx: box.x + 13, cy: box.y + box.h / 2 + 4, r: 10.5 };
        out.push({ key, cls: "fe-token", name, token, view, place, wandering: cell.i === wandering,
                   face: `${token}@${cell.i}` });
      }
      pawnSlots(box, heroes.length, token > 0).forEach(([cx, cy, r], k) => {
        out.push(heroPiece(view, opts, heroes[k], cx, cy, r));
      });
    } else {
      // several heroes on one space stand side by side along the wider side of the space
      const along = cell.w >= cell.h ? [1, 0] : [0, 1];
      const r = heroes.length > 2 ? 6 : 7;
      heroes.forEach((p, k) => {
        const shift = (k - (heroes.length - 1) / 2) * (2 * r - 1);
        out.push(heroPiece(view, opts, p, cell.cx + along[0] * shift,
                           cell.cy + along[1] * shift, r));
      });
    }
  }
  return out;
}

function heroPiece(view, opts, p, cx, cy, r) {
  const { t } = opts;
  const where = view.pos[p] >= 0 ? placeName(t, view.labels[view.pos[p]]) : "";
  const name = t("web.feinde.hero", { player: opts.seatLabel(p), knowledge: view.knowledge[p],
                                      where });
  return { key: `hero:${p}`, cls: "fe-pawn", name, seat: p, place: { cx, cy, r },
           face: `${cx},${cy},${r}` };
}

function updatePiece(g, piece, targets) {
  const target = targets.get(piece.key);
  const about = target && target.move ? `${target.move.label} · ` : "";
  g.querySelector(":scope > title").textContent = about + piece.name;
  g.dataset.name = piece.name;
  if (piece.seat !== undefined) g.dataset.seat = String(piece.seat);
  g.setAttribute("pointer-events", target ? "all" : "none");
  const face = `${piece.face}|${target ? 1 : 0}|${piece.wandering ? 1 : 0}`;
  if (g.dataset.drawn === face) return;
  g.dataset.drawn = face;
  const { place } = piece;
  const parts = [];
  if (piece.seat !== undefined) parts.push(...pawnParts(piece.seat, place.cx, place.cy, place.r));
  else if (piece.token >= CHEST0) parts.push(...chestParts(piece.token, place.x, place.y, place.w, place.h));
  else {
    parts.push(...monsterParts(piece.view, piece.token, place.cx, place.cy, place.r));
  }
  if (piece.wandering) {
    g.dataset.wandering = "true";
    parts.push(s("circle", { cx: place.cx, cy: place.cy, r: 13, class: "fe-wandering" }));
  } else delete g.dataset.wandering;
  if (target) {
    const box = place.hit || (place.cx !== undefined
      ? { x: place.cx - HIT / 2, y: place.cy - HIT / 2, w: HIT, h: HIT }
      : { x: place.x - 4, y: place.y - 7, w: HIT, h: HIT });
    parts.push(s("rect", { ...rectOf(box), rx: 5, class: "highlight" }),
               s("rect", { ...rectOf(box), class: "fe-hit" }));
  }
  const title = g.querySelector(":scope > title");
  g.replaceChildren(title, ...parts);
}

/** The storage track: its spaces (shaded ones darker) with the chips lying on them. */
function drawTrack(view, t, y, width) {
  const comp = view.components;
  const length = comp.track_length;
  const shaded = new Set(comp.shaded);
  const onShaded = comp.shaded.filter((k) => k <= view.storage).length;
  const name = t("web.feinde.track", { n: view.storage, length, rest: onShaded });
  const g = s("g", { class: "fe-track", role: "img", "aria-label": name, title: name });
  const labelWidth = 118;
  const size = Math.min(12, (width - labelWidth - 4) / length);
  g.append(s("text", { x: 0, y: y + 15, class: "fe-track-label" },
    t("web.feinde.track_short", { n: view.storage })));
  for (let k = 1; k <= length; k++) {
    const x = labelWidth + (k - 1) * size;
    g.append(s("rect", { x, y: y + 3, width: size - 1.5, height: 16, rx: 2,
                         class: shaded.has(k) ? "fe-track-space fe-shaded" : "fe-track-space" }));
    if (k <= view.storage) {
      g.append(s("circle", { cx: x + (size - 1.5) / 2, cy: y + 11, r: Math.min(4.2, size / 2 - 1),
                             class: "fe-chip" }));
    }
  }
  return g;
}
