// The replay page: a finished match's public views, one step (applied action) at a time.

import { api, h } from "./dom.js";
import { seatLabeller } from "./seats.js";
import { rendererFor } from "./games/index.js";
import { initialLanguage, language, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";
import { lineClass } from "./log-line.js";
import { installRulesPanel } from "./rules-panel.js";
import { showReview } from "./review.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const matchId = params.get("id") || decodeURIComponent(location.pathname.split("/").pop());

let summary = null;
let renderer = null;
let total = 0;
let step = 0;
let loading = null;

const { seatLabel, winnersText } = seatLabeller(() => summary && summary.seats);

async function go(target) {
  const wanted = Math.max(0, total ? Math.min(target, total) : target);
  const request = api(`/api/matches/${encodeURIComponent(matchId)}/replay?step=${wanted}`
                      + `&lang=${language()}`);
  loading = request;
  let data;
  try {
    data = await request;
  } catch (err) {
    $("error").textContent = t("web.error", { message: err.message });
    $("error").hidden = false;
    return;
  }
  if (loading !== request) return;   // a newer click won
  $("error").hidden = true;
  total = data.steps;
  step = data.step;
  const finished = step >= total;
  const snapshot = {
    match_id: matchId, seq: step, seat: null, view: data.view, legal: [], seats: summary.seats,
    status: finished ? "finished" : "active", to_move: data.view.to_move,
    winners: finished ? (data.winners ?? summary.winners) : undefined,
    ending: finished ? data.ending : undefined,
  };
  renderer.update(snapshot, { busy: false, myTurn: false, recent: data.events || [] });
  $("turn").textContent = renderer.prompt(snapshot);
  $("final-scores").hidden = !finished;
  if (finished) renderer.renderFinal($("final-scores"), snapshot);
  $("log").replaceChildren(...(data.events || []).map((e) => h("li", { class: lineClass(e) },
    e.text || e.kind)));
  // The chat said up to this step, as text (never markup).
  $("chat").replaceChildren(...(data.chat || []).map((line) => h("li", {},
    h("span", { class: "chat-name" }, `${line.seat === null ? `${line.name} (${t("web.match.spectator")})`
      : seatLabel(line.seat)}: `), h("span", { class: "chat-text" }, line.text))));
  $("position").textContent = t("web.replay.position", { step, steps: total });
  $("slider").max = String(total);
  $("slider").value = String(step);
  $("first").disabled = $("prev").disabled = step <= 0;
  $("next").disabled = $("last").disabled = step >= total;
  document.body.dataset.status = "ready";
  document.body.dataset.step = String(step);
}

async function start() {
  summary = await api(`/api/matches/${encodeURIComponent(matchId)}`);
  await loadLanguage(initialLanguage(), summary.game);
  translatePage();
  $("title").textContent = `${matchId} · ${t("web.replay.title")}`;
  $("table-hints").hidden = !summary.hints;   // a player could ask the bot during this match
  const module = await rendererFor(summary.game);
  renderer = module.createRenderer({
    board: $("board"), hand: $("hand"), actions: $("actions"), players: $("players"),
    scoring: $("scoring"),
  }, { t, play: () => {}, seatLabel, winnersText });
  languageSwitch($("lang"), summary.game, () => go(step));
  installRulesPanel($("rules-button"), $("rules-dialog"), summary.game);
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(step - 1));
  $("next").addEventListener("click", () => go(step + 1));
  $("last").addEventListener("click", () => go(total));
  $("slider").addEventListener("change", () => go(Number($("slider").value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select")) return;
    if (event.key === "ArrowLeft") go(step - 1);
    if (event.key === "ArrowRight") go(step + 1);
  });
  $("review-button").addEventListener("click", () => {
    $("review-button").disabled = true;
    showReview(matchId, $("review"), { goTo: go, seatLabel }).catch((err) => {
      $("error").textContent = t("web.error", { message: err.message });
      $("error").hidden = false;
      $("review-button").disabled = false;
    });
  });
  const first = Number(params.get("step") || 0);
  await go(first);
}

start().catch((err) => {
  $("error").textContent = t("web.error", { message: err.message });
  $("error").hidden = false;
});
