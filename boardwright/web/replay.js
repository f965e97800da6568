// The replay page: a finished match's public views, one step (applied action) at a time.

import { api, h } from "./dom.js";
import { seatLabeller } from "./seats.js";
import { rendererFor } from "./games/index.js";
import { initialLanguage, language, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";
import { lineClass } from "./log-line.js";
import { installRulesPanel } from "./rules-panel.js";
import { showReview } from "./review.js";
import { createStepper, showError } from "./stepper.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const matchId = params.get("id") || decodeURIComponent(location.pathname.split("/").pop());

let summary = null;
let renderer = null;

const { seatLabel, winnersText } = seatLabeller(() => summary && summary.seats);

const stepper = createStepper(
  (step) => `/api/matches/${encodeURIComponent(matchId)}/replay?step=${step}&lang=${language()}`,
  show);
const go = stepper.go;

function show(data) {
  const { step, total } = stepper;
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
  languageSwitch($("lang"), summary.game, () => go(stepper.step));
  installRulesPanel($("rules-button"), $("rules-dialog"), summary.game);
  stepper.bindControls();
  $("slider").addEventListener("change", () => go(Number($("slider").value)));
  $("review-button").addEventListener("click", () => {
    $("review-button").disabled = true;
    showReview(matchId, $("review"), { goTo: go, seatLabel }).catch((err) => {
      showError(err);
      $("review-button").disabled = false;
    });
  });
  const first = Number(params.get("step") || 0);
  await go(first);
}

start().catch(showError);
