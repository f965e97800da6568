// Beowulf's scoring, step by step: when an act ends, its board as it was scored and each
// figure's line (R5.2: sum of its row and column segments × diamonds and horns) appear one
// after the other; the final panel sums the acts. Data: `view.act_results` (server-built).

import { h, s } from "../dom.js";
import { endingLine } from "../seats.js";
import {
  actName, cellLabel, figureName, figureSvg, gorgeSvg, parseToken, signed, tileBackSvg,
  tileSvg,
} from "./beowulf-pieces.js";

const STEP_MS = 700;
const MINI = 34;
const MINUS = "\u2212";

/** `(4 + 1 − 1) × (3 + 1) = +16`, as the terminal's formula(). */
export function formula(terms, diamonds, horns, points) {
  let added = "0";
  if (terms.length) {
    added = terms[0] >= 0 ? String(terms[0]) : signed(terms[0]);
    for (const v of terms.slice(1)) added += v >= 0 ? ` + ${v}` : ` ${MINUS} ${-v}`;
    if (terms.length > 1) added = `(${added})`;
  }
  const mult = horns ? `(${diamonds} + ${horns})` : String(diamonds);
  return `${added} × ${mult} = ${signed(points)}`;
}

function miniBoard(result, current, t) {
  // The act's last board (tokens separated by spaces); turned-down tiles show their backs.
  const rows = result.board.map((line) => line.trim().split(/\s+/));
  const cols = rows.length ? rows[0].length : 0;
  const down = new Set(result.turned_down || []);
  const svg = s("svg", { viewBox: `0 0 ${cols * MINI} ${rows.length * MINI}`, class: "mini-board",
                         role: "img", "aria-label": t("web.scoring.board") });
  rows.forEach((row, r) => row.forEach((token, c) => {
    const x = c * MINI;
    const y = r * MINI;
    const label = cellLabel(r, c);
    const piece = parseToken(token);
    if (piece.kind !== "none") svg.append(s("rect", { x, y, width: MINI, height: MINI, class: "space" }));
    if (piece.kind === "tile") {
      svg.append(...(down.has(label) ? tileBackSvg(null, x, y, MINI) : tileSvg(piece, x, y, MINI)));
    } else if (piece.kind === "figure") {
      svg.append(...figureSvg(piece.seat, piece.diamonds, x, y, MINI));
    } else if (piece.kind === "gorge") {
      svg.append(...gorgeSvg(x, y, MINI));
    }
    if (current && current.cell === label) {
      svg.append(s("rect", { x: 1, y: y + 1, width: cols * MINI - 2, height: MINI - 2, class: "scan" }),
                 s("rect", { x: x + 1, y: 1, width: MINI - 2, height: rows.length * MINI - 2, class: "scan" }),
                 s("rect", { x: x + 1, y: y + 1, width: MINI - 2, height: MINI - 2, class: "scan-cell" }));
    }
  }));
  return svg;
}

export function createScoring(element, ctx, onClose) {
  const { t } = ctx;
  let known = null;     // how many act results we have already seen
  let shown = -1;       // the index of the act result on display
  let step = 0;         // how many of its figures are revealed
  let timer = null;
  let results = [];
  let players = 0;

  function stop() {
    clearInterval(timer);
    timer = null;
  }

  function show(index, animate) {
    stop();
    shown = index;
    const figures = results[index].figures;
    step = animate ? 0 : figures.length;
    if (animate) {
      timer = setInterval(() => {
        step += 1;
        if (step >= figures.length) stop();
        draw();
      }, STEP_MS);
    }
    element.hidden = false;
    draw();
  }

  function draw() {
    if (shown < 0 || !results[shown]) return;
    const result = results[shown];
    const figures = result.figures;
    const revealed = figures.slice(0, step);
    const current = step > 0 && step <= figures.length ? figures[step - 1] : null;
    const totals = Array.from({ length: players }, (_, p) =>
      revealed.filter((f) => f.seat === p).reduce((sum, f) => sum + f.points, 0));
    const done = step >= figures.length;
    const tabs = results.map((r, i) => h("button", {
      type: "button", class: "act-tab", "aria-pressed": String(i === shown),
      dataset: { act: String(r.act) }, onclick: () => show(i, false),
    }, actName(t, r.act)));
    const steps = h("ol", { class: "scoring-steps" }, revealed.map((f, i) => h("li", {
      class: `seat-text-${f.seat}${i === step - 1 ? " current" : ""}`,
    }, `${ctx.seatLabel(f.seat)} · ${figureName(t, f.diamonds)} ${f.cell}: `,
    h("span", { class: "formula" }, formula(f.terms, f.diamonds, f.horns, f.points)))));
    const rows = totals.map((total, p) => h("tr", { class: `seat-text-${p}` },
      h("th", { scope: "row" }, ctx.seatLabel(p)),
      h("td", {}, signed(total)),
      h("td", { class: "muted" }, done && result.saga
        ? t("web.scoring.saga_after", { points: result.saga[p] }) : "")));
    const controls = done ? null : h("div", { class: "scoring-controls" },
      h("button", { type: "button", class: "scoring-next",
                    onclick: () => { stop(); step += 1; draw(); } }, t("web.scoring.next")),
      h("button", { type: "button", class: "scoring-all",
                    onclick: () => { stop(); step = figures.length; draw(); } },
      t("web.scoring.all")));
    const head = h("div", { class: "scoring-head" },
      h("h2", {}, t("web.scoring.title", { act: actName(t, result.act) })),
      h("div", { class: "act-tabs" }, tabs),
      h("button", { type: "button", class: "close", "aria-label": t("web.scoring.close"),
                    onclick: () => { stop(); element.hidden = true; if (onClose) onClose(); } }, "×"));
    const down = result.turned_down && result.turned_down.length
      ? h("p", {}, t("render.turned_down", { cells: result.turned_down.join(t("list.separator")) }))
      : null;
    element.replaceChildren(...[
      head,
      h("p", { class: "muted" }, t("render.results.act", { act: actName(t, result.act),
                                                         player: ctx.seatLabel(result.ender) })),
      down,
      h("div", { class: "scoring-body" }, miniBoard(result, current, t),
        h("div", {}, steps,
          figures.length ? null : h("p", { class: "muted" }, t("web.scoring.no_figures")),
          h("table", { class: "act-totals" }, h("tbody", {}, rows)))),
      controls].filter(Boolean));
  }

  return {
    /** Shows the latest act's scoring again, all of it at once. */
    open() {
      if (results.length) show(results.length - 1, false);
    },
    update(snapshot) {
      results = snapshot.view.act_results || [];
      players = snapshot.view.players;
      if (known === null) {
        // On opening a page mid-game the past acts wait behind a button (open()); at the end
        // the last act's scoring is part of the result.
        known = results.length;
        if (results.length && snapshot.status === "finished") show(results.length - 1, false);
        else element.hidden = true;
        return;
      }
      if (results.length > known) {
        known = results.length;
        show(results.length - 1, true);
      } else if (results.length < known) {
        known = results.length;   // a replay stepped backwards
        if (results.length) show(results.length - 1, false);
        else { stop(); shown = -1; element.hidden = true; }
      } else {
        draw();   // the language may have changed
      }
    },
  };
}

/** The final panel: winners, and a table that adds up: the starting saga points, each act's
 * scoring, the Treasures cashed during play, the total; the unused figures' diamonds too when
 * they broke a tie. */
export function renderFinal(element, snapshot, ctx) {
  const { t } = ctx;
  const view = snapshot.view;
  const results = view.act_results || [];
  const winners = view.winners || snapshot.winners || [];
  const won = new Set(winners);
  const start = view.starting_saga ?? 50;
  const tieOnDiamonds = snapshot.ending && snapshot.ending.decided_by === "diamonds";
  const rows = Array.from({ length: view.players }, (_, p) => {
    const acts = results.map((r) => r.figures.filter((f) => f.seat === p)
      .reduce((sum, f) => sum + f.points, 0));
    const cashed = view.saga[p] - start - acts.reduce((a, b) => a + b, 0);
    const unused = Object.entries(view.supply[p]).reduce((sum, [d, n]) => sum + d * n, 0);
    return h("tr", { class: `seat-text-${p}${won.has(p) ? " winner" : ""}`,
                     dataset: { seat: String(p) } },
      h("th", { scope: "row" }, `${won.has(p) ? "★ " : ""}${ctx.seatLabel(p)}`),
      h("td", {}, String(start)),
      acts.map((points) => h("td", {}, signed(points))),
      h("td", {}, signed(cashed)),
      h("td", { class: "total" }, String(view.saga[p])),
      tieOnDiamonds ? h("td", {}, `◆${unused}`) : null);
  });
  element.replaceChildren(...[
    h("h2", { id: "final-title" }, t("web.final.title")),
    h("p", { class: "winners", id: "winners" }, ctx.winnersText(winners)),
    endingLine(h, snapshot),
    h("table", { class: "final-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("render.col.player")),
        h("th", { scope: "col" }, t("web.final.start")),
        results.map((r) => h("th", { scope: "col" }, actName(t, r.act))),
        h("th", { scope: "col" }, t("web.final.treasure")),
        h("th", { scope: "col" }, t("render.col.saga")),
        tieOnDiamonds ? h("th", { scope: "col" }, t("web.final.unused_diamonds")) : null)),
      h("tbody", {}, rows)),
    snapshot.match_id ? h("p", {}, h("a", { href: `/replay/${snapshot.match_id}`, class: "replay-link" },
      t("web.lobby.replay"))) : null].filter(Boolean));
}
