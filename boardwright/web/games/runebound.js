// Runebound in the browser: the hex map (terrain, cities by name, adventure counters, heroes),
// beside it what the player does now (movement dice, the fight, the adventure, the market,
// experience), the event in play, the doom track, the undefeated challenges and the markets;
// each hero's sheet in the players' panel. Drawn from one seat's view (`view.g` the state,
// `view.map` the static map and cards). Legal moves come from the server: a die's move and a
// step are chosen on the map (a highlighted hex), everything else by a button where it belongs;
// every element that sends a move carries data-action = Move.text.

import { h } from "../dom.js";
import { drawLegend, drawMap, hexLookup } from "./runebound-map.js";
import { drawSheets } from "./runebound-sheets.js";
import { MoveBox, createTable, renderFinal } from "./runebound-table.js";

/** Events whose hex (the `to` of a move, else the acting hero's) the last move outlines. */
const HERE_EVENTS = new Set(["combat", "victory", "counter", "undefeated", "draw", "knockout",
                             "quest_done", "buy", "pvp", "pvp_won", "face_slot"]);

export function createRenderer(elements, ctx) {
  const { t } = ctx;
  let last = null;          // [snapshot, state]: redrawn when a die is chosen
  let lookup = null;
  const selection = { die: null, seq: null, choose: null };
  // The path the latest hero took this turn, built from the log lines as they come.
  const trail = { seat: null, hexes: [], seq: -1, fresh: null };

  selection.choose = (die) => {
    selection.die = die;
    if (last) draw(...last);
  };

  function activate(el, move) {
    el.dataset.action = move.text;
    if (el.tagName !== "BUTTON") {   // SVG hexes behave like buttons for the keyboard too
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          ctx.play(move.text);
        }
      });
    }
    el.addEventListener("click", () => ctx.play(move.text));
  }

  const table = createTable(ctx, activate);

  /** Keeps `trail` the path of the hero who moved last: a new one starts with the first step
   * of a hero's movement (a roll alone leaves the previous path on the map). */
  function follow(snapshot, recent) {
    const { g } = snapshot.view;
    if (snapshot.seq < trail.seq) {          // a replay stepping back: start again
      trail.seat = null;
      trail.hexes = [];
      trail.fresh = null;
      trail.seq = -1;
    }
    for (const line of recent) {
      if (line.seq <= trail.seq) continue;
      const seat = line.data && line.data.seat;
      const p = typeof seat === "number" ? g.players[seat] : null;
      if (!p) continue;
      if (line.kind === "roll_dice") {
        trail.fresh = seat;                  // this hero's next move starts a new path
      } else if ((line.kind === "move" || line.kind === "step") && typeof line.data.to === "number") {
        if (trail.fresh === seat || trail.seat !== seat || line.kind === "step"
            || !trail.hexes.length) {
          trail.seat = seat;
          trail.hexes = [p.prev];
          trail.fresh = null;
        }
        trail.hexes.push(line.data.to);
      }
    }
    for (const line of recent) trail.seq = Math.max(trail.seq, line.seq);
    if (trail.seat === null && g.players.length) {   // nothing seen yet: the last step we know
      const seat = g.seat;
      const p = g.players[seat];
      if (p && p.prev !== p.pos) {
        trail.seat = seat;
        trail.hexes = [p.prev, p.pos];
      }
    }
  }

  function recentHexes(snapshot, recent) {
    const { g } = snapshot.view;
    const out = new Set();
    for (const line of recent) {
      const data = line.data || {};
      if (typeof data.to === "number") out.add(data.to);
      else if (HERE_EVENTS.has(line.kind) && typeof data.seat === "number" && g.players[data.seat]) {
        out.add(g.players[data.seat].pos);
      }
    }
    return out;
  }

  /** The map's marks: hexes a die's move reaches, hexes a step reaches, taken out of `box`. */
  function mapMarks(snapshot, box) {
    const { g, map } = snapshot.view;
    const reach = new Map();
    const steps = new Map();
    const p = g.players[g.seat];
    if (!p) return { reach, steps, picks: new Map(), from: undefined };
    const moves = box.byType.get("move") || [];
    // Several dice may reach one hex: the one with the fewest terrains goes first (it keeps
    // the more useful dice), unless the player chose a die.
    const width = (d) => (g.dice[d] >= 0 ? map.dice[g.dice[d]].length : 99);
    for (const move of moves) {
      const die = move.json.die - 1;
      if (selection.die !== null && die !== selection.die) continue;
      const hex = move.json.to;
      if (hex === undefined) continue;
      if (!reach.has(hex)) reach.set(hex, []);
      reach.get(hex).push({ move, die });
    }
    for (const list of reach.values()) list.sort((a, b) => width(a.die) - width(b.die) || a.die - b.die);
    for (const move of box.take("step")) {
      const hex = move.json.to;
      if (hex !== undefined) steps.set(hex, move);
    }
    // R5.6a / R9.4b a hex to choose (a short pool's counter, a knocked-out hero's city): marked
    // on the map too, the buttons stay in the panel
    const picks = new Map();
    for (const move of box.byType.get("refill_hex") || []) picks.set(move.json.hex, move);
    for (const move of box.byType.get("go_city") || []) picks.set(move.json.hex, move);
    return { reach, steps, picks, from: p.pos };
  }

  function draw(snapshot, state) {
    const view = snapshot.view;
    if (!view || !view.g || !view.map) return;
    if (!lookup) lookup = hexLookup(view.map);
    const interactive = Boolean(state.myTurn && !state.busy);
    const box = new MoveBox(interactive ? snapshot.legal || [] : []);
    if (selection.seq !== snapshot.seq) {
      selection.seq = snapshot.seq;
      selection.die = null;
    }
    const recent = state.recent || [];
    follow(snapshot, recent);
    const marks = mapMarks(snapshot, box);
    marks.recent = recentHexes(snapshot, recent);
    marks.trail = trail.hexes;
    marks.trailSeat = trail.seat;
    const notice = view.map.original
      ? h("p", { class: "rb-notice muted", title: t("web.runebound.notice") },
        t("web.runebound.notice_short")) : null;
    const panels = table.draw(snapshot, box, selection);   // takes the rest of the moves
    elements.board.replaceChildren(h("div", { class: "rb-table" },
      h("div", { class: "rb-map-column" }, drawMap(view, marks, ctx, activate),
        drawLegend(t, view.g.players.length), notice),
      h("div", { class: "rb-side-column" }, panels)));
    elements.actions.replaceChildren();
    elements.hand.replaceChildren();
    elements.players.replaceChildren(...(view.g.players.length
      ? drawSheets(t, ctx, snapshot) : [h("p", { class: "muted" }, t("web.runebound.phase.setup_hero"))]));
  }

  return {
    update(snapshot, state) {
      last = [snapshot, state];
      draw(snapshot, state);
    },
    prompt(snapshot) {
      const phase = snapshot.view && snapshot.view.g ? snapshot.view.g.phase : "";
      return t(`web.runebound.phase.${phase}`);
    },
    renderFinal(element, snapshot) {
      renderFinal(element, snapshot, ctx);
    },
  };
}
