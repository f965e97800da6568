// Runebound in the browser: the hex map (terrain, cities, adventure counters, heroes), each
// hero's party sheet, the markets, the undefeated column, the doom track and the combat in
// progress, drawn from one seat's view (`view.g` the state, `view.map` the static map and names).
// Legal moves come from the server: clicking a highlighted hex sends the move (or step) that
// goes there; every other move is a button. Every element that sends a move carries
// data-action = Move.text.

import { h, s } from "../dom.js";
import { endingLine } from "../seats.js";

const SIZE = 16;
const TERRAIN_FILL = {
  plains: "#e8e2a0", road: "#c9b18a", river: "#8ec5e8", swamp: "#8a9a6a", forest: "#5f9a55",
  hills: "#b5a06a", mountain: "#9a9a9a", city: "#f4f1ea",
};
const GEM_FILL = ["#3cb44b", "#f0c020", "#3070e0", "#d03030"];
const GEM_LETTER = ["G", "Y", "B", "R"];
const MODES = ["ranged", "melee", "magic"];

function centre(q, r) {
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
}

function hexPoints(x, y) {
  const pts = [];
  for (let k = 0; k < 6; k += 1) {
    const a = (Math.PI / 180) * (60 * k - 30);
    pts.push(`${(x + (SIZE - 1) * Math.cos(a)).toFixed(1)},${(y + (SIZE - 1) * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** Moves indexed by the hex they lead to (move with a die, or step), the rest as buttons. */
function indexMoves(legal, g, map) {
  const toHex = new Map();
  const buttons = [];
  const me = g.players[g.seat];
  const dirs = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
  const index = new Map(map.hexes.map((hx, i) => [`${hx[0]},${hx[1]}`, i]));
  for (const move of legal) {
    const json = move.json || {};
    if ((json.type === "move" || json.type === "step") && me) {
      const d = json.type === "move" ? json.arg % 6 : json.arg;
      const [q, r] = map.hexes[me.pos];
      const target = index.get(`${q + dirs[d][0]},${r + dirs[d][1]}`);
      if (target !== undefined && !toHex.has(target)) toHex.set(target, move);
      if (json.type === "step") buttons.push(move);
    } else {
      buttons.push(move);
    }
  }
  return { toHex, buttons };
}

export function createRenderer(elements, ctx) {
  const { t } = ctx;

  function activate(el, move) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.dataset.action = move.text;
    el.addEventListener("click", () => ctx.play(move.text));
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        ctx.play(move.text);
      }
    });
  }

  function drawMap(view, index, interactive) {
    const { g, map } = view;
    const heroesAt = new Map();
    g.players.forEach((p, seat) => {
      if (!heroesAt.has(p.pos)) heroesAt.set(p.pos, []);
      heroesAt.get(p.pos).push(seat);
    });
    const slotAt = new Map(g.slots.filter((x) => x.length).map((x) => [x[1], x]));
    const xs = map.hexes.map((hx) => centre(hx[0], hx[1]));
    const minX = Math.min(...xs.map((c) => c[0])) - SIZE;
    const minY = Math.min(...xs.map((c) => c[1])) - SIZE;
    const w = Math.max(...xs.map((c) => c[0])) - minX + SIZE;
    const hgt = Math.max(...xs.map((c) => c[1])) - minY + SIZE;
    const svg = s("svg", { viewBox: `${minX} ${minY} ${w} ${hgt}`, class: "runebound-map",
                           role: "img", "aria-label": t("web.runebound.map") });
    map.hexes.forEach((hx, i) => {
      const [x, y] = xs[i];
      const move = interactive ? index.toHex.get(i) : undefined;
      const label = `${hx[3] || t(`web.runebound.terrain.${hx[2]}`)}${g.board[i] >= 0
        ? `, ${t(`web.runebound.colour.${g.board[i]}`)}` : ""}`;
      const grp = s("g", { class: `hex${move ? " legal" : ""}`, dataset: { hex: String(i) },
                          title: label });
      grp.append(s("polygon", { points: hexPoints(x, y), fill: TERRAIN_FILL[hx[2]] || "#ccc",
                                stroke: move ? "#000" : "#666",
                                "stroke-width": move ? 2.5 : 0.6 }));
      if (hx[3]) {
        grp.append(s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 9,
                               "font-weight": "bold" }, hx[3].slice(0, 3)));
      }
      if (g.board[i] >= 0) {
        grp.append(s("circle", { cx: x - 5, cy: y - 5, r: 5, fill: GEM_FILL[g.board[i]],
                                 stroke: "#222" }));
        grp.append(s("text", { x: x - 5, y: y - 2, "text-anchor": "middle", "font-size": 7,
                               fill: "#fff" }, GEM_LETTER[g.board[i]]));
      }
      if (slotAt.has(i)) {
        const k = g.slots.indexOf(slotAt.get(i)) + 1;
        grp.append(s("rect", { x: x + 1, y: y - 10, width: 9, height: 9, fill: "#222" }));
        grp.append(s("text", { x: x + 5.5, y: y - 3, "text-anchor": "middle", "font-size": 7,
                               fill: "#fff" }, String(k)));
      }
      const here = heroesAt.get(i) || [];
      here.forEach((seat, n) => {
        grp.append(s("circle", { cx: x + 4 + 3 * n, cy: y + 5, r: 5,
                                 class: `seat-fill-${seat}`, stroke: "#000" }));
        grp.append(s("text", { x: x + 4 + 3 * n, y: y + 8, "text-anchor": "middle",
                               "font-size": 7 }, String(seat + 1)));
      });
      if (move) activate(grp, move);
      svg.append(grp);
    });
    return svg;
  }

  function sheet(view, seat) {
    const { g, map } = view;
    const p = g.players[seat];
    if (!p) return null;
    const [name, source] = map.heroes[p.hero];
    const items = p.items.map(([key, spent]) => {
      const nm = key >= 1000 ? map.adventures[key - 1000][0] : map.market[key][0];
      return h("li", {}, `${nm}${spent ? ` (${t("web.runebound.used")})` : ""}`);
    });
    const allies = p.allies.map(([key, w, e]) => h("li", {},
      `${key >= 1000 ? map.adventures[key - 1000][0] : map.market[key][0]} — `
      + `${t("web.runebound.wounds")} ${w}, ${t("web.runebound.exh")} ${e}`));
    const quest = p.quest ? h("p", {}, `${t("web.runebound.quest")}: ${map.adventures[p.quest[0]][0]}`)
      : null;
    return h("div", { class: `player seat-border-${seat}${g.seat === seat ? " to-move" : ""}` },
      h("strong", {}, ctx.seatLabel(seat)), " ", `${name}`,
      source === "original" ? h("span", { class: "badge" }, t("web.runebound.original")) : null,
      h("p", {}, `${t("web.runebound.wounds")} ${p.wounds}, ${t("web.runebound.exh")} ${p.exh},`
        + ` ${t("web.runebound.gold")} ${p.gold}, ${t("web.runebound.runes")} ${p.runes},`
        + ` XP+${p.bonus.reduce((a, b) => a + b, 0)}, ${t("web.runebound.counters")}`
        + ` ${p.counters.join("/")}`),
      items.length ? h("ul", { class: "items" }, items) : null,
      allies.length ? h("ul", { class: "allies" }, allies) : null, quest);
  }

  function tradePanel(view) {
    const { g, map } = view;
    const tr = g.trade;
    if (!tr) return null;
    const name = (key) => (key >= 1000 ? map.adventures[key - 1000][0] : map.market[key][0]);
    const part = (p, side) => [
      ...tr[`${side}_items`].map((i) => name(p.items[i][0])),
      ...tr[`${side}_allies`].map((i) => name(p.allies[i][0])),
      ...(tr[`${side}_gold`] ? [`${tr[`${side}_gold`]} ${t("web.runebound.gold")}`] : []),
    ].join(", ") || "—";
    return h("div", { class: "combat", "aria-live": "polite" },
      h("h3", {}, `${t("web.runebound.offer")}: ${ctx.seatLabel(g.seat)} ⇄ ${ctx.seatLabel(tr.with)}`),
      h("p", {}, `${part(g.players[g.seat], "give")} ⇄ ${part(g.players[tr.with], "take")}`));
  }

  function combatPanel(view) {
    const { g, map } = view;
    if (!g.combat) return null;
    const cb = g.combat;
    if (cb.pvp) {
      return h("div", { class: "combat", "aria-live": "polite" },
        h("h3", {}, `${t("web.runebound.combat")}: ${ctx.seatLabel(cb.A)} → ${ctx.seatLabel(cb.D)}`),
        h("p", {}, `${t(`web.runebound.mode.${MODES[cb.stage]}`)}`
          + (g.phase === "pvp_round" ? ` · ${t("web.runebound.target")} ${cb.target}` : "")));
    }
    const [name, colour, , source] = map.adventures[cb.card];
    const stage = g.phase === "round" ? t(`web.runebound.mode.${MODES[cb.stage]}`) : g.phase;
    return h("div", { class: "combat", "aria-live": "polite" },
      h("h3", {}, `${t("web.runebound.combat")}: ${name} (${colour}${source === "original"
        ? `, ${t("web.runebound.original")}` : ""})`),
      h("p", {}, `${t("web.runebound.enemy_wounds")} ${cb.wounds} — ${stage}`));
  }

  function draw(snapshot, state) {
    const view = snapshot.view;
    const interactive = Boolean(state.myTurn && !state.busy);
    const index = indexMoves(interactive ? snapshot.legal || [] : [], view.g, view.map);
    const notice = view.map.original
      ? h("p", { class: "muted" }, t("web.runebound.notice")) : null;
    elements.board.replaceChildren(
      ...[notice, drawMap(view, index, interactive), combatPanel(view), tradePanel(view)]
        .filter(Boolean));
    elements.players.replaceChildren(...view.g.players.map((_, seat) => sheet(view, seat)));
    elements.actions.replaceChildren(...index.buttons.map((move) => h("button", {
      type: "button", class: "action-button", dataset: { action: move.text },
      onclick: () => ctx.play(move.text) }, move.label || move.text)));
    const g = view.g;
    const markets = view.map.cities.map(([, nm], k) => g.markets[k].length
      ? h("li", {}, `${nm}: ${g.markets[k].map((c) => `${view.map.market[c][0]} (${view.map.market[c][2]})`).join(", ")}`)
      : null);
    const slots = g.slots.map((x, k) => (x.length
      ? h("li", {}, `${k + 1}: ${view.map.adventures[x[0]][0]}`) : null));
    elements.hand.replaceChildren(
      h("div", { class: "hand-group" }, h("h3", {}, t("web.runebound.markets")),
        h("ul", {}, markets.filter(Boolean))),
      h("div", { class: "hand-group" }, h("h3", {}, t("web.runebound.undefeated")),
        h("ul", {}, slots.filter(Boolean))),
      h("p", {}, `${t("web.runebound.doom")}: ${g.doom_counters}/8 · ${t("web.runebound.round")} ${g.round}`
        + (g.event >= 0 ? ` · ${t("web.runebound.event")}: ${view.map.adventures[g.event][0]}` : "")));
  }

  return {
    update(snapshot, state) {
      draw(snapshot, state);
    },
    prompt(snapshot) {
      const phase = snapshot.view && snapshot.view.g ? snapshot.view.g.phase : "";
      return t(`web.runebound.phase.${phase}`);
    },
    renderFinal(element, snapshot) {
      element.replaceChildren(h("h2", { id: "final-title" }, t("web.final.title")),
        h("p", { class: "winners" }, ctx.winnersText(snapshot.winners || [])),
        endingLine(h, snapshot));
    },
  };
}
