// The replay page's review: the bot judges every decision of the finished match from its
// mover's view (GET /api/matches/{id}/review, a part at a time, so the page shows progress);
// each player's evaluation over the game as a line, and the biggest swings, each a link to
// the position before that move with the bot's preferred move beside it.

import { api, h } from "./dom.js";
import { language, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WORST = 8;
// the seat colours of the page (style.css --seat-N), so a line matches its player's badge
const colour = (seat) => `var(--seat-${seat}, #555)`;

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/** Fetches the whole review part by part into `box`, then draws it; `goTo(step)` shows a
 * step of the replay; `seatLabel(seat)` names a player. */
export async function showReview(matchId, box, { goTo, seatLabel }) {
  box.hidden = false;
  const progress = h("progress", { max: "1", value: "0" });
  const status = h("p", { class: "muted" }, t("web.review.working"));
  box.replaceChildren(h("h2", {}, t("web.review.title")), status, progress);
  const moves = [];
  let start = 0;
  let steps = 1;
  while (start !== null) {
    const part = await api(`/api/matches/${encodeURIComponent(matchId)}/review`
                           + `?start=${start}&lang=${language()}`);
    moves.push(...part.moves);
    steps = part.steps;
    start = part.next;
    const done = start === null ? steps : start;
    progress.max = String(steps);
    progress.value = String(done);
    status.textContent = t("web.review.progress", { done, steps });
  }
  box.replaceChildren(h("h2", {}, t("web.review.title")),
                      h("p", { class: "muted" }, t("web.review.explain")),
                      chart(moves, steps, seatLabel), worst(moves, goTo, seatLabel));
  box.dataset.ready = "true";
}

function chart(moves, steps, seatLabel) {
  const width = 560;
  const height = 120;
  const seats = [...new Set(moves.map((m) => m.seat))].sort();
  const values = moves.map((m) => m.value);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const x = (step) => 4 + (width - 8) * step / Math.max(1, steps);
  const y = (value) => 4 + (height - 8) * (high - value) / span;
  const out = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "review-chart",
                           role: "img", "aria-label": t("web.review.chart") });
  out.append(svg("line", { x1: 0, x2: width, y1: y(0), y2: y(0), class: "review-zero" }));
  for (const seat of seats) {
    const own = moves.filter((m) => m.seat === seat);
    const points = own.map((m) => `${x(m.step).toFixed(1)},${y(m.value).toFixed(1)}`).join(" ");
    out.append(svg("polyline", { points, fill: "none", style: `stroke: ${colour(seat)}`,
                                 "stroke-width": 2 },
                   svg("title", {}, seatLabel(seat))));
  }
  const key = h("p", { class: "review-key" }, ...seats.map((seat) =>
    h("span", { style: `color: ${colour(seat)}` }, `■ ${seatLabel(seat)} `)));
  return h("div", {}, out, key);
}

function worst(moves, goTo, seatLabel) {
  const swings = moves.filter((m) => m.loss > 0).sort((a, b) => b.loss - a.loss).slice(0, WORST);
  if (!swings.length) return h("p", {}, t("web.review.none"));
  const rows = swings.map((m) => {
    const link = h("a", { href: `#step-${m.step}`, class: "review-step" },
                   t("web.review.step", { step: m.step + 1 }));
    link.addEventListener("click", (event) => {
      event.preventDefault();
      goTo(m.step);   // the position before the move
    });
    return h("tr", {}, h("td", {}, link), h("td", {}, seatLabel(m.seat)), h("td", {}, m.played),
             h("td", {}, m.best), h("td", { class: "num" }, m.loss.toFixed(1)));
  });
  const head = ["step", "player", "played", "better", "gap"].map((k) =>
    h("th", { scope: "col" }, t(`web.review.col.${k}`)));
  return h("table", { class: "review-worst" },
           h("caption", {}, t("web.review.worst")), h("thead", {}, h("tr", {}, ...head)),
           h("tbody", {}, ...rows));
}
