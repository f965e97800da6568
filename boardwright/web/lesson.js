// The lesson page: a rulebook's worked example, one step at a time: what the book says about
// the step just played, the position after it, and what the next step will do.

import { api, h } from "./dom.js";
import { seatLabeller } from "./seats.js";
import { rendererFor } from "./games/index.js";
import { initialLanguage, language, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";
import { lineClass } from "./log-line.js";
import { installRulesPanel } from "./rules-panel.js";

const $ = (id) => document.getElementById(id);
const [gameId, lessonId] = location.pathname.split("/").slice(-2).map(decodeURIComponent);
const url = `/api/lessons/${encodeURIComponent(gameId)}/${encodeURIComponent(lessonId)}`;

let renderer = null;
let total = 0;
let step = 0;
let players = 0;
let loading = null;

// a lesson's players are named by letter; nobody sits at the table
const seats = () => Array.from({ length: players },
                               (_, seat) => ({ seat, kind: "human", connected: true, name: "" }));
const { seatLabel, winnersText } = seatLabeller(seats);

async function go(target) {
  const wanted = Math.max(0, total ? Math.min(target, total) : target);
  const request = api(`${url}?step=${wanted}&lang=${language()}`);
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
  players = data.players;
  document.title = `boardwright · ${data.title}`;
  $("title").textContent = data.title;
  const snapshot = {
    match_id: lessonId, seq: step, seat: null, view: data.view, legal: [], seats: seats(),
    status: "active", to_move: data.view.to_move,
  };
  renderer.update(snapshot, { busy: false, myTurn: false, recent: data.events || [] });
  $("turn").textContent = "";
  $("lesson-done").textContent = data.text;
  $("lesson-done").hidden = !data.text;
  // the rulebook's own words for the step just played, and their translation for other readers
  const book = data.book;
  $("lesson-book").hidden = !book;
  $("lesson-book-section").textContent = book ? t("web.lesson.book", { section: book.section }) : "";
  $("lesson-book-text").textContent = book ? book.text : "";
  $("lesson-book-translation").textContent = book && book.translation
    ? t("web.lesson.translation", { text: book.translation }) : "";
  $("lesson-book-translation").hidden = !(book && book.translation);
  $("lesson-next").textContent = data.next_text
    ? t("web.lesson.next", { text: data.next_text }) : t("web.lesson.end");
  $("lesson-source").textContent = t("web.lesson.source", { source: data.source });
  $("log").replaceChildren(...(data.events || []).map((e) => h("li", { class: lineClass(e) },
    e.text || e.kind)));
  $("position").textContent = t("web.lesson.position", { step, steps: total });
  $("first").disabled = $("prev").disabled = step <= 0;
  $("next").disabled = $("last").disabled = step >= total;
  document.body.dataset.status = "ready";
  document.body.dataset.step = String(step);
}

async function start() {
  await loadLanguage(initialLanguage(), gameId);
  translatePage();
  const module = await rendererFor(gameId);
  renderer = module.createRenderer({
    board: $("board"), hand: $("hand"), actions: $("actions"), players: $("players"),
    scoring: $("scoring"),
  }, { t, play: () => {}, seatLabel, winnersText });
  languageSwitch($("lang"), gameId, () => go(step));
  installRulesPanel($("rules-button"), $("rules-dialog"), gameId);
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(step - 1));
  $("next").addEventListener("click", () => go(step + 1));
  $("last").addEventListener("click", () => go(total));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select")) return;
    if (event.key === "ArrowLeft") go(step - 1);
    if (event.key === "ArrowRight") go(step + 1);
  });
  await go(0);
}

start().catch((err) => {
  $("error").textContent = t("web.error", { message: err.message });
  $("error").hidden = false;
});
