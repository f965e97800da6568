// Runebound's map in SVG: hexes with their terrain, the cities by their full names, adventure
// counters, undefeated-challenge counters, hero tokens, the hexes a move or step can reach, the
// path the last hero took, and the key.

import { h, s } from "../dom.js";
import {
  COLOURS, TERRAINS, TERRAIN_FILL, adventureText, cityName, colourName, counterIcon, counterShape,
  faceName, heroIcon, heroToken, marketText, terrainMark, terrainName,
} from "./runebound-pieces.js";

export const SIZE = 20;
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const SQRT3 = Math.sqrt(3);

export function centre(q, r) {
  return [SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r];
}

function hexPoints(x, y, radius = SIZE - 0.6) {
  const pts = [];
  for (let k = 0; k < 6; k += 1) {
    const a = (Math.PI / 180) * (60 * k - 30);
    pts.push(`${(x + radius * Math.cos(a)).toFixed(1)},${(y + radius * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** The hex a direction (0..5, state.py's DIRS) leads to from `hex`, or undefined. */
export function neighbour(map, lookup, hex, dir) {
  const [q, r] = map.hexes[hex];
  return lookup.get(`${q + DIRS[dir][0]},${r + DIRS[dir][1]}`);
}

export function hexLookup(map) {
  return new Map(map.hexes.map((hx, i) => [`${hx[0]},${hx[1]}`, i]));
}

/** Where hero tokens sit on a hex holding `n` of them. */
function tokenSpots(n, x, y) {
  if (n === 1) return [[x, y + 3, 10]];
  if (n === 2) return [[x - 6.5, y + 3, 8.5], [x + 6.5, y + 3, 8.5]];
  const r = n <= 4 ? 7.5 : 6.5;
  return Array.from({ length: n }, (_, k) => {
    const a = (2 * Math.PI * k) / n - Math.PI / 2;
    return [x + 8 * Math.cos(a), y + 2 + 8 * Math.sin(a), r];
  });
}

/** The dice that reach a hex, short: "2", "1·3", "1–5" (the tooltip names them all). */
function diceBadge(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const run = sorted.length >= 3 && sorted.every((n, k) => k === 0 || n === sorted[k - 1] + 1);
  if (run) return `${sorted[0]}–${sorted[sorted.length - 1]}`;
  return sorted.length > 3 ? `${sorted.slice(0, 2).join("·")}…` : sorted.join("·");
}

/** What a hex is, in words (its tooltip and accessible name). */
export function hexName(t, view, i, ctx) {
  const { g, map } = view;
  const [, , terrain, city] = map.hexes[i];
  const parts = [city ? t("web.runebound.city_named", { city: cityName(t, city) }) : terrainName(t, terrain)];
  if (g.board[i] >= 0) {
    parts.push(t("web.runebound.counter_here", { colour: colourName(t, g.board[i]) }));
  }
  g.slots.forEach((slot, k) => {
    if (slot.length && slot[1] === i) {
      parts.push(t("web.runebound.slot_here", { slot: k + 1,
        card: adventureText(t, map, slot[0]).split("\n")[0] }));
    }
  });
  g.players.forEach((p, seat) => {
    if (p.pos === i) parts.push(`${ctx.seatLabel(seat)}: ${map.heroes[p.hero][0]}`);
  });
  if (city) {
    const k = map.cities.findIndex((c) => c[0] === i);
    const cards = k >= 0 ? g.markets[k] : [];
    parts.push(cards.length
      ? t("web.runebound.market_list", { cards: cards.map((c) => marketText(t, map, c)
        .split("\n")[0]).join("; ") })
      : t("web.runebound.market_empty"));
  }
  return parts.join("\n");
}

/**
 * The map. `marks`: {reach: Map(hex -> [{move, die}]), steps: Map(hex -> move), trail: [hex],
 * trailSeat, recent: Set(hex), selectedDie}; `activate(el, move)` makes an element send a move.
 */
export function drawMap(view, marks, ctx, activate) {
  const { t } = ctx;
  const { g, map } = view;
  const xs = map.hexes.map((hx) => centre(hx[0], hx[1]));
  const pad = SIZE + 2;
  const minX = Math.min(...xs.map((c) => c[0])) - pad;
  const minY = Math.min(...xs.map((c) => c[1])) - pad;
  const w = Math.max(...xs.map((c) => c[0])) - minX + pad;
  const hgt = Math.max(...xs.map((c) => c[1])) - minY + pad;
  const svg = s("svg", { viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${w.toFixed(1)} ${hgt.toFixed(1)}`,
                         class: "runebound-map", role: "group",
                         "aria-label": t("web.runebound.map") });
  svg.append(s("defs", {},
    s("marker", { id: "rb-arrow", viewBox: "0 0 10 10", refX: 7, refY: 5, markerWidth: 5,
                  markerHeight: 5, orient: "auto-start-reverse" },
      s("path", { d: "M0 0L10 5L0 10z", class: "rb-arrow-head" }))));
  const ground = s("g", { class: "rb-ground" });
  const over = s("g", { class: "rb-over", "pointer-events": "none" });
  const labels = s("g", { class: "rb-labels", "pointer-events": "none" });
  const tokens = s("g", { class: "rb-tokens", "pointer-events": "none" });
  const heroesAt = new Map();
  g.players.forEach((p, seat) => {
    if (!heroesAt.has(p.pos)) heroesAt.set(p.pos, []);
    heroesAt.get(p.pos).push(seat);
  });
  const slotAt = new Map();
  g.slots.forEach((slot, k) => { if (slot.length) slotAt.set(slot[1], k); });

  map.hexes.forEach((hx, i) => {
    const [x, y] = xs[i];
    const terrain = hx[2];
    const reach = marks.reach.get(i);
    const step = marks.steps.get(i);
    const pick = marks.picks ? marks.picks.get(i) : undefined;
    const move = reach ? reach[0].move : step || pick;
    let name = hexName(t, view, i, ctx);
    const grp = s("g", { class: `hex terrain-${terrain}${move ? " legal" : ""}`,
                        dataset: { hex: String(i), terrain } });
    grp.append(s("polygon", { points: hexPoints(x, y), fill: TERRAIN_FILL[terrain],
                              class: "rb-hex" }));
    const mark = terrainMark(terrain, x, y + (terrain === "city" ? 1 : 2), terrain === "city" ? 0.9 : 0.75);
    if (mark) grp.append(mark);
    if (g.board[i] >= 0) {
      grp.append(counterShape(g.board[i], x - (heroesAt.has(i) ? 9 : 0), y - 9, 5.5));
    }
    if (slotAt.has(i)) {
      const k = slotAt.get(i);
      grp.append(s("rect", { x: x + 3, y: y - 16, width: 11, height: 11, rx: 2, class: "rb-slot" }));
      grp.append(s("text", { x: x + 8.5, y: y - 7, class: "rb-slot-number" }, String(k + 1)));
    }
    if (marks.recent.has(i)) {
      over.append(s("polygon", { points: hexPoints(x, y, SIZE - 2.5), class: "last-move-mark" }));
    }
    if (reach) {
      grp.classList.add("rb-reach");
      over.append(s("polygon", { points: hexPoints(x, y, SIZE - 2.2), class: "rb-reach-mark" }));
      const dice = diceBadge(reach.map((r) => r.die + 1));
      over.append(s("rect", { x: x - 3.5 - 2.6 * dice.length, y: y + 8.5, width: 7 + 5.2 * dice.length,
                              height: 9, rx: 3, class: "rb-die-badge" }));
      over.append(s("text", { x, y: y + 15.8, class: "rb-die-badge-text" }, dice));
      const first = reach[0];
      name = `${t("web.runebound.move_tip", { die: first.die + 1,
        face: faceName(t, map.dice[g.dice[first.die]] || []) })}${reach.length > 1
        ? ` (${t("web.runebound.also_dice", { dice: reach.slice(1).map((r) => r.die + 1).join(", ") })})`
        : ""}\n${name}`;
    } else if (step) {
      grp.classList.add("rb-step");
      over.append(s("polygon", { points: hexPoints(x, y, SIZE - 2.2), class: "rb-step-mark" }));
      name = `${t("web.runebound.step_tip")}\n${name}`;
    } else if (pick) {   // a choice of hex with no path to it: no arrow
      grp.classList.add("rb-step");
      over.append(s("polygon", { points: hexPoints(x, y, SIZE - 2.2), class: "rb-step-mark" }));
      name = `${pick.label}\n${name}`;
    }
    if (move) activate(grp, move);
    grp.setAttribute("aria-label", name);
    grp.append(s("title", {}, name));
    ground.append(grp);
    if (hx[3]) {   // a city: its full name under (or over, near the bottom edge) the hex
      const below = y + SIZE + 9 < minY + hgt;
      labels.append(s("text", { x, y: below ? y + SIZE + 7 : y - SIZE - 2, class: "rb-city-name" },
        cityName(t, hx[3])));
    }
    const here = heroesAt.get(i) || [];
    tokenSpots(here.length, x, y).forEach(([tx, ty, tr], n) => {
      tokens.append(...heroToken(here[n], tx, ty, tr));
    });
  });

  // Steps: an arrow from the hero to each hex one step away.
  if (marks.steps.size && marks.from !== undefined) {
    const [fx, fy] = xs[marks.from];
    for (const hex of marks.steps.keys()) {
      const [tx, ty] = xs[hex];
      over.append(s("line", { x1: fx + (tx - fx) * 0.42, y1: fy + (ty - fy) * 0.42,
                              x2: fx + (tx - fx) * 0.8, y2: fy + (ty - fy) * 0.8,
                              class: "rb-step-arrow", "marker-end": "url(#rb-arrow)" }));
    }
  }
  // The last path: where the hero to move (or the one who just moved) went this turn.
  if (marks.trail && marks.trail.length > 1) {
    const pts = marks.trail.map((hex) => xs[hex].map((v) => v.toFixed(1)).join(",")).join(" ");
    over.append(s("polyline", { points: pts, class: `rb-trail-halo` }));
    over.append(s("polyline", { points: pts, class: `rb-trail rb-trail-${marks.trailSeat}` }));
    marks.trail.slice(0, -1).forEach((hex) => {
      over.append(s("circle", { cx: xs[hex][0], cy: xs[hex][1], r: 3.2,
                                class: `rb-trail-dot rb-seat-${marks.trailSeat}` }));
    });
  }
  svg.append(ground, over, tokens, labels);   // the names stay readable over tokens
  return svg;
}

/** The key: terrains, counters, tokens and the marks a move leaves on the map. */
export function drawLegend(t, seats) {
  const swatch = (terrain) => s("svg", { viewBox: "-11 -11 22 22", width: 18, height: 18,
                                         class: "rb-icon", "aria-hidden": "true" },
    s("polygon", { points: hexPoints(0, 0, 10.5), fill: TERRAIN_FILL[terrain],
                   class: "rb-hex" }),
    terrainMark(terrain, 0, 1, 0.45));
  const mark = (cls) => s("svg", { viewBox: "-11 -11 22 22", width: 18, height: 18,
                                   class: "rb-icon", "aria-hidden": "true" },
    s("polygon", { points: hexPoints(0, 0, 9.5), class: `rb-hex-plain ${cls}` }));
  const item = (icon, text) => h("li", { title: text }, icon, h("span", {}, text));
  const slot = s("svg", { viewBox: "0 0 14 14", width: 14, height: 14, class: "rb-icon",
                          "aria-hidden": "true" },
    s("rect", { x: 1, y: 1, width: 12, height: 12, rx: 2, class: "rb-slot" }),
    s("text", { x: 7, y: 10.5, class: "rb-slot-number" }, "1"));
  return h("div", { class: "rb-legend", role: "note", "aria-label": t("web.runebound.key") },
    h("ul", {},
      h("li", { class: "rb-legend-title" }, t("web.runebound.key")),
      ...TERRAINS.map((terrain) => item(swatch(terrain), terrainName(t, terrain))),
      ...COLOURS.map((_, c) => item(counterIcon(c, 14), t(`web.runebound.colour.${c}`))),
      item(slot, t("web.runebound.key_slot")),
      item(heroIcon(seats > 1 ? 1 : 0, 16), t("web.runebound.key_hero")),
      item(mark("rb-reach-mark"), t("web.runebound.key_reach")),
      item(mark("rb-step-mark"), t("web.runebound.key_step")),
      item(mark("last-move-mark"), t("web.runebound.key_last"))));
}
