// The lesson page: a rulebook's worked example, one step at a time: what the book says about
// the step just played, the position after it, and what the next step will do.

import { h } from "./dom.js";
import { seatLabeller } from "./seats.js";
import { rendererFor } from "./games/index.js";
import { initialLanguage, language, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";
import { lineClass } from "./log-line.js";
import { installRulesPanel } from "./rules-panel.js";
import { createStepper, showError } from "./stepper.js";

const $ = (id) => document.getElementById(id);
const [gameId, lessonId] = location.pathname.split("/").slice(-2).map(decodeURIComponent);
const url = `/api/lessons/${encodeURIComponent(gameId)}/${encodeURIComponent(lessonId)}`;

let renderer = null;
let players = 0;

// a lesson's players are named by letter; nobody sits at the table
const seats = () => Array.from({ length: players },
                               (_, seat) => ({ seat, kind: "human", connected: true, name: "" }));
const { seatLabel, winnersText } = seatLabeller(seats);

const stepper = createStepper((step) => `${url}?step=${step}&lang=${language()}`, show);

function show(data) {
  const { step, total } = stepper;
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
}

async function start() {
  await loadLanguage(initialLanguage(), gameId);
  translatePage();
  const module = await rendererFor(gameId);
  renderer = module.createRenderer({
    board: $("board"), hand: $("hand"), actions: $("actions"), players: $("players"),
    scoring: $("scoring"),
  }, { t, play: () => {}, seatLabel, winnersText });
  languageSwitch($("lang"), gameId, () => stepper.go(stepper.step));
  installRulesPanel($("rules-button"), $("rules-dialog"), gameId);
  stepper.bindControls();
  await stepper.go(0);
}

start().catch(showError);
