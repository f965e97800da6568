// Mesopotamia in the browser: the growing hex map (axial q,r; flat-topped hexes), huts, holy
// places, loose wood and stone, each tribe's members with what they carry, the mana tracks and
// the hand, drawn from one seat's view. Legal moves come from the server; a compound move is
// clicks over them: click a tile to see its moves (a neighbouring tile or an empty hex then sends
// the step there), or click a tile that is itself the target (a Teleport destination, a volcano
// spot, a holy place). Every element that sends a move carries data-action = Move.text.

import { h, s } from "../dom.js";
import { endingLine } from "../seats.js";

const R = 38;                      // hex radius
const SQ3 = Math.sqrt(3);
const TERRAIN_FILL = { plains: "#cfe6a6", forest: "#5f9a4e", quarry: "#b9b3a8",
                       volcano: "#b5452f", ziggurat: "#e8c66a" };
const SEAT_FILL = ["#2b63c9", "#c9302b", "#d9b300", "#2f9a3a"];
const NEUTRAL = 9;
const DIRS = { se: [1, 0], ne: [1, -1], n: [0, -1], nw: [-1, 0], sw: [-1, 1], s: [0, 1] };
const CELL_TARGETS = new Set(["to", "place_volcano", "place_resource", "holy_place", "breed",
                              "priesthood"]);

function centre(q, r) {
  return [1.5 * R * q, SQ3 * R * (r + q / 2)];
}

function hexPoints(cx, cy, radius = R - 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function loadCode(name) {
  const base = name.replace("*", "");
  if (base === "empty") return "";
  if (base === "wood") return "w";
  if (base === "stone") return "s";
  return "o" + base.slice("offering".length);
}

/** Legal moves by the cell a click on the board starts from, plus the rest as buttons. */
function indexMoves(legal) {
  const byCell = new Map();     // source cell -> moves starting there
  const direct = new Map();     // cell -> moves whose whole point is that cell
  const buttons = [];
  for (const move of legal) {
    const json = move.json || {};
    if (json.cell && CELL_TARGETS.has(json.do)) {
      if (!direct.has(json.cell)) direct.set(json.cell, []);
      direct.get(json.cell).push(move);
    } else if (json.cell) {
      if (!byCell.has(json.cell)) byCell.set(json.cell, []);
      byCell.get(json.cell).push(move);
    } else {
      buttons.push(move);
    }
  }
  return { byCell, direct, buttons };
}

function stepTarget(json) {
  const [q, r] = json.cell.split(",").map(Number);
  const [dq, dr] = DIRS[json.dir];
  return `${q + dq},${r + dr}`;
}

export function createRenderer(elements, ctx) {
  const { t } = ctx;
  let selected = null;
  let selectedSeq = null;
  let last = null;

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected) { selected = null; if (last) draw(...last); }
  });

  function activate(el, handler) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.addEventListener("click", handler);
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); handler(); }
    });
  }

  function moveButton(move) {
    return h("button", { type: "button", class: "action-button", dataset: { action: move.text },
                         onclick: () => ctx.play(move.text) }, move.label || move.text);
  }

  function drawBoard(view, index, interactive) {
    const tiles = view.tiles;
    const known = new Map(tiles.map(([q, r, terrain]) => [`${q},${r}`, terrain]));
    // empty hexes a selected member may explore into
    const stepMoves = new Map();
    if (interactive && selected && index.byCell.has(selected)) {
      for (const move of index.byCell.get(selected)) {
        if (move.json.do !== "move") continue;
        const to = stepTarget(move.json);
        if (!stepMoves.has(to)) stepMoves.set(to, []);
        stepMoves.get(to).push(move);
      }
    }
    const cells = [...tiles.map(([q, r]) => [q, r])];
    for (const lab of [...stepMoves.keys(), ...index.direct.keys()]) {
      if (!known.has(lab)) cells.push(lab.split(",").map(Number));
    }
    const xs = cells.map(([q, r]) => centre(q, r)[0]);
    const ys = cells.map(([q, r]) => centre(q, r)[1]);
    const minX = Math.min(...xs) - R - 4, minY = Math.min(...ys) - R - 4;
    const width = Math.max(...xs) - minX + R + 4, height = Math.max(...ys) - minY + R + 4;
    const svg = s("svg", { viewBox: `${minX} ${minY} ${width} ${height}`, class: "board-svg",
                           role: "group", "aria-label": t("web.meso.board") });
    for (const [q, r] of cells) {
      const lab = `${q},${r}`;
      const terrain = known.get(lab);
      const [cx, cy] = centre(q, r);
      const g = s("g", { class: `cell meso-${terrain || "empty"}`, dataset: { cell: lab } });
      g.append(s("polygon", { points: hexPoints(cx, cy), fill: terrain ? TERRAIN_FILL[terrain] : "#fffdf5",
                              stroke: terrain ? "#6b5b45" : "#999", "stroke-width": 1.5,
                              "stroke-dasharray": terrain ? "" : "4 3" }));
      let name = terrain ? `${t(`terrain.${terrain}`)} ${lab}` : lab;
      if (terrain) {
        g.append(s("text", { x: cx, y: cy - 25, "font-size": 7, "text-anchor": "middle",
                             fill: "#3b3024" }, t(`terrain.${terrain}`)));
        drawPieces(g, view, lab, cx, cy);
      }
      // what clicking this hex does now
      let target = null;
      if (interactive) {
        const steps = stepMoves.get(lab);
        const direct = index.direct.get(lab);
        if (steps && steps.length === 1) target = { move: steps[0] };
        else if (steps) target = { list: steps };
        else if (direct && direct.length === 1) target = { move: direct[0] };
        else if (direct) target = { list: direct };
        else if (index.byCell.has(lab)) target = { select: lab };
      }
      if (target) {
        g.classList.add(target.select ? "selectable" : "legal");
        g.append(s("polygon", { points: hexPoints(cx, cy, R - 5), class: "highlight" }));
        if (target.move) {
          g.dataset.action = target.move.text;
          name = `${name} · ${target.move.label || target.move.text}`;
          activate(g, () => ctx.play(target.move.text));
        } else if (target.list) {
          g.dataset.select = lab;
          activate(g, () => showList(target.list));
        } else {
          g.dataset.select = lab;
          activate(g, () => { selected = selected === lab ? null : lab; selectedSeq = last && last[0].seq; draw(...last); });
        }
      }
      if (selected === lab) {
        g.append(s("polygon", { points: hexPoints(cx, cy, R - 5), class: "highlight chosen-mark" }));
      }
      g.setAttribute("aria-label", name);
      g.append(s("title", {}, name));
      svg.append(g);
    }
    return svg;
  }

  function drawPieces(g, view, lab, cx, cy) {
    let hx = cx - 22;
    for (const hut of view.huts.filter((x) => x.cell === lab)) {
      const fill = hut.owner === NEUTRAL ? "#888" : SEAT_FILL[hut.owner];
      g.append(s("path", { d: `M${hx} ${cy - 14} l7 -8 l7 8 v8 h-14 z`, fill, stroke: "#222" }));
      if (hut.offering) {
        g.append(s("text", { x: hx + 7, y: cy - 7, "font-size": 8, "text-anchor": "middle",
                             fill: "#fff" }, hut.value ? String(hut.value) : "?"));
      }
      hx += 17;
    }
    if (view.holy[lab] !== undefined) {
      g.append(s("circle", { cx: cx + 16, cy: cy - 16, r: 7, fill: SEAT_FILL[view.holy[lab]],
                             stroke: "#fff", "stroke-width": 2 }));
    }
    const loose = [];
    if (view.wood[lab]) loose.push(`w${view.wood[lab]}`);
    if (view.stone[lab]) loose.push(`s${view.stone[lab]}`);
    if (loose.length) {
      g.append(s("text", { x: cx, y: cy + 2, "font-size": 10, "text-anchor": "middle" },
        loose.join(" ")));
    }
    let my = cy + 14;
    let mx = cx - 26;
    view.members.forEach((per, seat) => {
      const entry = per[lab];
      if (!entry) return;
      const n = Object.values(entry).reduce((a, b) => a + b, 0);
      let loads = "";
      for (const [name, cnt] of Object.entries(entry)) loads += loadCode(name).repeat(cnt);
      g.append(s("circle", { cx: mx + 6, cy: my, r: 6, fill: SEAT_FILL[seat] }));
      g.append(s("text", { x: mx + 6, y: my + 3, "font-size": 8, "text-anchor": "middle",
                           fill: "#fff" }, String(n)));
      if (loads) {
        g.append(s("text", { x: mx + 13, y: my + 3, "font-size": 7 }, loads.slice(0, 6)));
      }
      mx += 28;
      if (mx > cx + 20) { mx = cx - 26; my += 11; }
    });
  }

  /** A key to the map: terrain colours, pieces and the letters for what members carry. */
  function drawLegend() {
    const swatch = (...children) => s("svg", { width: 22, height: 22, viewBox: "-11 -11 22 22",
                                                "aria-hidden": "true" }, ...children);
    const hex = (fill, dashed) => s("polygon", { points: hexPoints(0, 0, 10), fill,
                                                 stroke: dashed ? "#999" : "#6b5b45",
                                                 "stroke-dasharray": dashed ? "3 2" : "" });
    const item = (mark, text) => h("li", { class: "meso-legend-item" }, mark, h("span", {}, text));
    const terrains = Object.entries(TERRAIN_FILL).map(([terrain, fill]) =>
      item(swatch(hex(fill, false)), t(`terrain.${terrain}`)));
    const code = (text) => h("code", { class: "meso-legend-code" }, text);
    return h("div", { class: "meso-legend", role: "note", "aria-label": t("web.meso.legend") },
      h("strong", {}, t("web.meso.legend")),
      h("ul", {},
        ...terrains,
        item(swatch(hex("#fffdf5", true)), t("web.meso.legend.unexplored")),
        item(swatch(s("path", { d: "M-7 0 l7 -8 l7 8 v8 h-14 z", fill: "#888", stroke: "#222" }),
                    s("text", { x: 0, y: 6, "font-size": 8, "text-anchor": "middle",
                                fill: "#fff" }, "?")), t("web.meso.legend.hut")),
        item(swatch(s("circle", { r: 7, fill: SEAT_FILL[0], stroke: "#fff", "stroke-width": 2 })),
             t("web.meso.legend.holy")),
        item(swatch(s("circle", { r: 7, fill: SEAT_FILL[1] }),
                    s("text", { y: 3, "font-size": 8, "text-anchor": "middle", fill: "#fff" }, "3")),
             t("web.meso.legend.members")),
        item(code("w s o o7"), t("web.meso.legend.loads")),
        item(code("w2 s1"), t("web.meso.legend.loose"))));
  }

  function showList(moves) {
    elements.actions.replaceChildren(...moves.map(moveButton));
  }

  function drawPlayers(snapshot) {
    const view = snapshot.view;
    return view.seats.map((info, seat) => h("div", { class: "player", dataset: { seat: String(seat) } },
      h("strong", { style: `color:${SEAT_FILL[seat]}` }, ctx.seatLabel(seat)),
      h("div", {}, t("ui.mana", { mana: info.mana, limit: info.limit })),
      h("div", { class: "muted" }, t("ui.supply", {
        members: info.members_supply, huts: info.huts_supply, holy: info.holy_supply,
        offerings: info.offerings ? info.offerings.join(", ") : info.offerings_supply })),
      h("div", {}, t("ui.delivered", { values: info.delivered.join(", ") || t("ui.none") })),
      h("div", { class: "muted" }, info.hand ? t("ui.hand", {
        cards: info.hand.map((c) => t(`card.${c}`)).join(", ") || t("ui.none") })
        : t("ui.hand", { cards: t("ui.hand_size", { n: info.hand_size }) }))));
  }

  function draw(snapshot, state) {
    const view = snapshot.view;
    if (selectedSeq !== null && snapshot.seq !== selectedSeq && !state.myTurn) selected = null;
    const interactive = Boolean(state.myTurn && !state.busy);
    const index = indexMoves(interactive ? snapshot.legal : []);
    if (selected && !index.byCell.has(selected)) selected = null;
    elements.board.replaceChildren(h("div", { class: "meso-board" },
      drawBoard(view, index, interactive), drawLegend()));
    elements.players.replaceChildren(...drawPlayers(snapshot));
    const buttons = [...index.buttons];
    if (selected) buttons.push(...index.byCell.get(selected));
    elements.actions.replaceChildren(...buttons.map(moveButton));
    const seat = snapshot.seat;
    if (seat === null || seat === undefined) {
      elements.hand.replaceChildren(h("p", { class: "muted" }, t("web.meso.spectator")));
    } else {
      const hand = view.seats[seat].hand || [];
      elements.hand.replaceChildren(...(hand.length ? hand.map((c) => h("span", { class: "hand-tile" },
        t(`card.${c}`))) : [h("span", { class: "muted" }, t("ui.none"))]));
    }
  }

  return {
    update(snapshot, state) {
      last = [snapshot, state];
      draw(snapshot, state);
    },
    prompt(snapshot) {
      const view = snapshot.view;
      return t("ui.turn", { round: view.round, player: ctx.seatLabel(view.active),
                            phase: t(`phase.${view.phase}`), mp: view.mp,
                            explorations: view.explorations, free: view.free_used,
                            free_limit: view.free_limit || "∞" });
    },
    renderFinal(element, snapshot) {
      const view = snapshot.view;
      const winners = snapshot.winners || [];
      const won = new Set(winners);
      const rows = view.seats.map((info, seat) => h("tr", { class: won.has(seat) ? "winner" : "",
                                                             dataset: { seat: String(seat) } },
        h("th", { scope: "row" }, `${won.has(seat) ? "★ " : ""}${ctx.seatLabel(seat)}`), h("td", {}, String(info.delivered.length)),
        h("td", {}, info.delivered.join(", ")), h("td", {}, String(info.mana))));
      element.replaceChildren(
        h("h2", { id: "final-title" }, t("web.final.title")),
        h("p", { class: "winners", id: "winners" }, ctx.winnersText(winners)),
        endingLine(h, snapshot),
        view.capped ? h("p", { class: "muted" }, t("web.meso.capped")) : null,
        h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("web.meso.offerings")),
          h("th", {}, t("web.meso.values")), h("th", {}, t("web.meso.mana")))), h("tbody", {}, rows)),
        snapshot.match_id ? h("p", {}, h("a", { href: `/replay/${snapshot.match_id}`,
                                                class: "replay-link" }, t("web.lobby.replay")))
          : null);
    },
  };
}
