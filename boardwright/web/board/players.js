// The one players panel every renderer shares: a line per seat with its colour, its name, the
// badges (you, bot, a bot standing in, away, winner) and the to-move marker; the renderer adds
// only the game's facts (`playerSummary(snapshot, seat)` → {score, facts}) and, above the list,
// the table's (`tableSummary(snapshot)` → nodes).

import { h } from "../dom.js";
import { keyed, slot } from "./keyed.js";

function badges(snapshot, seat, winners, t) {
  const info = (snapshot.seats || []).find((x) => x.seat === seat) || {};
  const out = [];
  if (seat === snapshot.seat) out.push(h("span", { class: "badge you" }, t("web.match.you")));
  if (info.kind === "bot") out.push(h("span", { class: "badge" }, t("web.lobby.bot")));
  if (info.stand_in) out.push(h("span", { class: "badge warn" }, t("web.match.stand_in")));
  if (info.kind === "human" && !info.connected && !info.stand_in) {
    out.push(h("span", { class: "badge muted" }, t("web.match.offline")));
  }
  if (winners.has(seat)) out.push(h("span", { class: "badge win" }, "★"));
  return out;
}

export function renderPlayers(element, snapshot, renderer, ctx, acting = null) {
  const { t } = ctx;
  const view = snapshot.view || {};
  const count = view.players || (snapshot.seats || []).length;
  const winners = new Set(view.winners || snapshot.winners || []);
  slot(element, "h2", "players-title").textContent = t("web.match.players");
  const table = slot(element, "div", "table-summary");
  table.replaceChildren(...(renderer.tableSummary ? renderer.tableSummary(snapshot) : []));
  const list = slot(element, "ol", "player-list");
  const seats = Array.from({ length: count }, (_, seat) => seat);
  keyed(list, seats, (seat) => String(seat), (seat) => h("li", {
    class: `player seat-border-${seat}`, dataset: { seat: String(seat) } },
  h("div", { class: "player-head" },
    h("span", { class: `seat-dot seat-fill-${seat}`, "aria-hidden": "true" }),
    h("strong", { class: "player-name" }), h("span", { class: "player-badges" }),
    h("span", { class: "saga player-score" })),
  h("div", { class: "player-facts" })), (li, seat) => {
    const summary = renderer.playerSummary(snapshot, seat) || {};
    li.classList.toggle("to-move", snapshot.to_move === seat);
    li.classList.toggle("acting", acting === seat);
    li.querySelector(".player-name").textContent = ctx.seatLabel(seat);
    li.querySelector(".player-badges").replaceChildren(...badges(snapshot, seat, winners, t));
    const score = li.querySelector(".player-score");
    score.textContent = summary.score ?? "";
    if (summary.scoreTitle) score.title = summary.scoreTitle;
    li.querySelector(".player-facts").replaceChildren(...(summary.facts || []));
  }, "seat");
  const after = slot(element, "div", "table-after");
  after.replaceChildren(...(renderer.tableAfter ? renderer.tableAfter(snapshot) : []));
}
