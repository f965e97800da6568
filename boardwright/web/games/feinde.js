// Fürchterliche Feinde in the browser: the labyrinth in SVG (one map character = one space),
// monsters with their strength, chests, power chips, crossings, teleports and heroes, drawn from
// one seat's view. Legal moves come from the server; the space a move goes to is clickable
// (a step, a wandering monster's next room, a picked room or crossing, a start room, the
// monster to fight); every other move is a button. Every element that sends a move carries
// data-action = Move.text. The board and token values are PROPOSAL data (said on the page).

import { h, s } from "../dom.js";
import { endingLine } from "../seats.js";

const CELL = 18;
const DIRS = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const ARMS = { NESW: "NESW", ESW: "ESW", NS: "NS", NE: "NE" };
const SHAPES = ["NESW", "ESW", "NS", "NE"];
const LETTERS = "ABCDEF";
const SEAT_COLOURS = ["#1f9bd1", "#c03fbf", "#d8a200", "#2e9e48", "#d23c3c", "#3b4fd8"];

function cellsOf(map) {
  const cells = [];
  map.forEach((row, r) => {
    [...row].forEach((ch, c) => { if (ch !== " ") cells.push({ r, c, ch }); });
  });
  return cells;
}

/** "move5" -> the catalogue's "Movement +5". */
function cardName(t, kind) {
  const m = /^(move|power|know|monster)(\d)$/.exec(kind);
  return m ? t(`card.${m[1]}`, { n: m[2] }) : t(`card.${kind}`);
}

function openArms(shape, rot) {
  const order = "NESW";
  return [...ARMS[SHAPES[shape]]].map((d) => order[(order.indexOf(d) + rot) % 4]);
}

/** The space each legal move points at (by space index), and the moves that are buttons. */
function indexMoves(view, legal) {
  const byCell = new Map();
  const buttons = [];
  const labels = view.labels;
  const cells = cellsOf(view.map);
  const where = new Map(cells.map((x, i) => [`${x.r},${x.c}`, i]));
  const me = view.asker;
  const here = me >= 0 ? view.pos[me] : -1;
  for (const move of legal) {
    const [verb, arg] = move.text.split(" ");
    let target = -1;
    if (verb === "step" && here >= 0) {
      const [dr, dc] = DIRS[arg];
      target = where.get(`${cells[here].r + dr},${cells[here].c + dc}`) ?? -1;
    } else if (["monster", "pick", "start"].includes(verb)) {
      target = labels.indexOf(arg);
    } else if (verb === "fight") {
      target = here;
    }
    if (target >= 0 && !byCell.has(target)) byCell.set(target, move);
    else buttons.push(move);
  }
  return { byCell, buttons };
}

export function createRenderer(elements, ctx) {
  const { t } = ctx;

  function activate(el, move) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.classList.add("legal");
    el.dataset.action = move.text;
    el.append(s("title", {}, move.label || move.text));
    el.addEventListener("click", () => ctx.play(move.text));
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        ctx.play(move.text);
      }
    });
  }

  function drawBoard(view, index) {
    const cells = cellsOf(view.map);
    const cols = Math.max(...view.map.map((r) => r.length));
    const svg = s("svg", { viewBox: `0 0 ${cols * CELL + 4} ${view.map.length * CELL + 4}`,
                           class: "board-svg feinde-board", role: "group",
                           "aria-label": t("render.title") });
    const heroesAt = new Map();
    view.pos.forEach((c, p) => { if (c >= 0) heroesAt.set(c, [...(heroesAt.get(c) || []), p]); });
    cells.forEach((cell, i) => {
      const x = cell.c * CELL + 2;
      const y = cell.r * CELL + 2;
      const g = s("g", { class: "cell", dataset: { label: view.labels[i] } });
      const room = cell.ch === "R" || cell.ch === "S";
      const token = view.token[i];
      if (room) {
        let fill = view.chip[i] ? "#cfe8c8" : "#f4efe4";
        if (token > 0 && token < 51) fill = "#e9b3a6";
        if (token >= 51) fill = "#f3d46b";
        g.append(s("rect", { x, y, width: CELL, height: CELL, rx: 3, fill, stroke: "#5a4a3a" }));
        let text = "";
        if (token > 0 && token < 51) text = String(token);
        else if (token >= 51) text = `C${token - 50}`;
        else if (view.chip[i]) text = "•";
        else if (cell.ch === "S") text = view.labels[i];
        if (text) {
          g.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle",
                               "font-size": 9, "font-weight": "bold" }, text));
        }
      } else if (cell.ch === "X") {
        g.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2,
                             fill: view.cross_shape[i] < 0 ? "#7a6a5a" : "#ddd", stroke: "#555" }));
        if (view.cross_shape[i] < 0) {
          g.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle",
                               "font-size": 10, fill: "#fff" }, "?"));
        } else {
          for (const d of openArms(view.cross_shape[i], view.cross_rot[i])) {
            const [dr, dc] = DIRS[d];
            g.append(s("line", { x1: x + CELL / 2, y1: y + CELL / 2,
                                 x2: x + CELL / 2 + dc * CELL / 2, y2: y + CELL / 2 + dr * CELL / 2,
                                 stroke: "#333", "stroke-width": 3 }));
          }
        }
      } else {
        g.append(s("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10,
                             fill: "#b9ad9d" }));
        if ("abcd".includes(cell.ch)) {
          g.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle",
                               "font-size": 10, "font-weight": "bold", fill: "#1849a9" }, cell.ch));
        }
      }
      (heroesAt.get(i) || []).forEach((p, k) => {
        g.append(s("circle", { cx: x + 5 + (k % 3) * 4, cy: y + CELL - 5 - Math.floor(k / 3) * 4,
                               r: 4, fill: SEAT_COLOURS[p], stroke: "#000",
                               title: ctx.seatLabel(p) }));
      });
      const move = index.byCell.get(i);
      if (move) {
        g.append(s("rect", { x, y, width: CELL, height: CELL, class: "highlight" }));
        activate(g, move);
      }
      svg.append(g);
    });
    return svg;
  }

  function drawPlayers(snapshot) {
    const view = snapshot.view;
    return view.knowledge.map((k, p) => h("div", {
      class: `player seat-border-${p}${snapshot.to_move === p ? " to-move" : ""}`,
    },
    h("strong", {}, `${LETTERS[p]} · ${ctx.seatLabel(p)}`),
    p === snapshot.seat ? h("span", { class: "badge you" }, t("web.match.you")) : null,
    p === view.dumbest ? h("span", { class: "badge" }, "☹") : null,
    h("div", {}, `${t("render.knowledge")}: ${k} · ${t("render.chips")}: ${view.chips[p]}`
      + ` · ${t("render.gold")}: ${view.gold[p]}`),
    h("div", { class: "muted" }, `${t("render.trophies")}: ${
      view.trophies[p].map((x) => (x > 50 ? `C${x - 50}` : x)).join(" ") || "-"}`
      + ` · ${t("render.hand")}: ${view.hand_backs[p].length}`)));
  }

  function drawActions(view, index) {
    const info = h("p", { class: "muted" }, t("render.storage", {
      n: view.storage, box: view.box, round: view.round }));
    const proposal = view.proposal_data ? h("p", { class: "muted proposal" }, t("proposal")) : null;
    const buttons = index.buttons.map((move) => h("button", {
      type: "button", class: "legal", dataset: { action: move.text },
      onclick: () => ctx.play(move.text) }, move.label || move.text));
    return [proposal, info, h("div", { class: "feinde-buttons" }, ...buttons)];
  }

  function draw(snapshot, state) {
    const view = snapshot.view;
    const interactive = Boolean(state && state.myTurn && !state.busy);
    const index = indexMoves(view, interactive ? snapshot.legal || [] : []);
    elements.board.replaceChildren(drawBoard(view, index));
    elements.players.replaceChildren(...drawPlayers(snapshot));
    elements.actions.replaceChildren(...drawActions(view, index));
    const hand = view.hand;
    elements.hand.replaceChildren(hand === null || hand === undefined
      ? h("p", { class: "muted" }, "")
      : h("p", {}, t("render.your_hand", {
        cards: hand.map((k) => cardName(t, k)).join(", ") || "-" })));
  }

  return {
    update(snapshot, state) {
      draw(snapshot, state);
    },
    prompt(snapshot) {
      const cur = snapshot.view.current;
      return cur >= 0 ? t("render.to_move", { player: ctx.seatLabel(cur) }) : "";
    },
    renderFinal(element, snapshot) {
      const view = snapshot.view;
      element.replaceChildren(h("h2", { id: "final-title" }, t("web.final.title")),
        h("p", { class: "winners" }, ctx.winnersText(snapshot.winners || [])),
        endingLine(h, snapshot),
        h("ul", {}, ...view.gold.map((g, p) => h("li", {},
          `${ctx.seatLabel(p)}: ${t("render.gold")} ${g}, ${t("render.chips")} ${view.chips[p]}`))));
    },
  };
}
