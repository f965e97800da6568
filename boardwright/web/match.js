// The match page: one seat's (or a spectator's) live view. The server sends the view and the
// legal moves; this page draws them, turns clicks into those moves, and never decides rules.

import { MatchConnection } from "./connection.js";
import { api, h } from "./dom.js";
import { seatLabeller } from "./seats.js";
import { rendererFor } from "./games/index.js";
import { initialLanguage, language, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";
import { installRulesPanel } from "./rules-panel.js";
import { errorText } from "./identity.js";
import { lineClass } from "./log-line.js";
import { installUndo, renderUndo } from "./undo.js";
import { renderStatus, trackStatusHeight } from "./statusbar.js";
import { installTabs } from "./tabs.js";
import { createPlayback } from "./playback.js";
import { installSettings, motionMs, stepMs } from "./settings.js";
import { cue } from "./sound.js";
import { renderSince } from "./since.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
// /m/{id} is the served path; match.html?id= also works when the page is opened directly.
const matchId = params.get("id") || decodeURIComponent(location.pathname.split("/").pop());
let token = seatToken();  // replaced by the rotated link once our identity binds the seat

/**
 * The seat token leaves the address bar after the first load (it would otherwise stay in the
 * history, in screenshots and in a link someone copies): it moves to this tab's
 * sessionStorage, which keeps it across reloads and forgets it with the tab (the join link
 * works again). A spectator tab opened beside a player's stays a spectator.
 */
function seatToken() {
  const key = `boardwright.seat.${matchId}`;
  const fromLink = params.get("token");
  if (fromLink) {
    try { sessionStorage.setItem(key, fromLink); } catch { /* storage off: the link only */ }
    const url = new URL(location.href);
    url.searchParams.delete("token");
    url.searchParams.delete("seat");
    history.replaceState(null, "", url);
    return fromLink;
  }
  try { return sessionStorage.getItem(key); } catch { return null; }
}

/** The seat's new link after binding (`seat_token`): kept where the old one was. */
function keepSeatToken(fresh) {
  token = fresh;
  try { sessionStorage.setItem(`boardwright.seat.${matchId}`, fresh); } catch { /* none */ }
}

/** A revoked link (the server refused the token): forget it, so a reload spectates. */
function forgetSeatToken() {
  try { sessionStorage.removeItem(`boardwright.seat.${matchId}`); } catch { /* none kept */ }
}

let snapshot = null;   // the latest Snapshot, kept current by welcome and update messages
let log = [];          // LogLines in seq order
let busy = false;      // a move of ours is on its way: no second click until the answer
let renderer = null;
let connection = null;
let clockEnds = null;  // performance.now() when the running turn clock shows 0
let claiming = false;  // our claim request is on its way
let chat = [];         // the chat lines we have, by number
let rematchId = null;  // the match that follows this one, once someone asked for it
let hint = null;       // the bot's suggestions for our position ({seq, moves}), once asked
let hinting = false;   // our hint request is on its way
// A clock's seconds count down on this page between messages; the server decides the stand-in.
const CLOCK_TICK_MS = 250;
const CLOCK_LOW_SECONDS = 10;

const { seatLabel, winnersText } = seatLabeller(() => snapshot && snapshot.seats);

let playback = null;   // the steps waiting to be shown (playback.js)
let settings = null;   // the settings menu (settings.js)
let animateNext = false;   // the next render shows another seat's step: its pieces move
let acting = null;     // the seat whose step is being shown

function myTurn() {
  return Boolean(!(playback && playback.pending) && snapshot && snapshot.seat !== null && snapshot.seat !== undefined
    && snapshot.status !== "finished" && snapshot.to_move === snapshot.seat
    && snapshot.legal.length > 0);
}

// --- sending ------------------------------------------------------------------------------

function play(moveText) {
  if (busy || !myTurn()) return;
  if (!snapshot.legal.some((m) => m.text === moveText)) return;
  busy = connection.move(moveText);
  showError(null);
  render();
}

let gameId = null;         // the match's game, for links into its rules

/** Shows `message` (or hides the line); a refused move's rule becomes a link to that rule on
 * the game's rules page ("why not?"). */
function showError(message, rule = null) {
  const el = $("error");
  el.hidden = !message;
  el.replaceChildren(message || "");
  if (message && rule && gameId) {
    el.append(" ", h("a", { href: `/rules/${gameId}?lang=${language()}#${rule}`, target: "_blank",
                            rel: "noopener", class: "rule-link" },
                     t("web.why.rule_link", { rule })));
  }
}

// --- drawing ------------------------------------------------------------------------------

function renderMoves() {
  const list = $("moves");
  // a spectator has no moves of its own: the heading says whose they are not
  const spectator = snapshot.seat === null || snapshot.seat === undefined;
  const title = $("moves-title");
  title.dataset.i18n = spectator ? "web.match.moves_watching" : "web.match.moves";
  title.textContent = t(title.dataset.i18n);
  if (!myTurn()) {
    const over = snapshot.status === "finished" || snapshot.status === "aborted";
    const note = over ? t("web.match.over")
      : snapshot.seat === null || snapshot.seat === undefined
        ? t("web.match.spectating") : t("web.match.no_moves");
    list.replaceChildren(h("p", { class: "muted" }, note));
    return;
  }
  list.replaceChildren(...snapshot.legal.map((move) => h("button", {
    type: "button", class: "move", disabled: busy,
    dataset: { action: move.text, moveId: String(move.id) },
    onclick: () => play(move.text),
  }, move.label)));
}

function renderLog() {
  const list = $("log");
  list.replaceChildren(...log.map((line) => h("li", {
    class: lineClass(line),
    dataset: { seq: String(line.seq), kind: line.kind },
  }, line.text)));
  list.scrollTop = list.scrollHeight;
}

/** Why a match ended without being played out: expired, lost on time, aborted. */
function endedText() {
  const ended = snapshot.ended;
  if (ended === "timeout") {
    const late = (snapshot.seats || []).map((s) => s.seat)
      .filter((seat) => !(snapshot.winners || []).includes(seat));
    return t("web.match.ended.timeout", { player: late.map(seatLabel).join(", ") });
  }
  const known = ["expired", "aborted", "too_long"];
  return t(`web.match.ended.${known.includes(ended) ? ended : "other"}`);
}

function renderTurn() {
  const el = $("turn");
  if (snapshot.status === "finished") {
    el.textContent = t("web.match.over");
  } else if (snapshot.status === "aborted") {
    el.textContent = endedText();
  } else if (snapshot.status === "open") {
    el.textContent = t("web.match.waiting_join");
  } else if (myTurn()) {
    el.textContent = t("web.match.your_turn", { prompt: renderer.prompt(snapshot) });
  } else if (snapshot.to_move !== null && snapshot.to_move !== undefined
             && snapshot.to_move >= 0) {
    el.textContent = t("web.match.waiting_for", { player: seatLabel(snapshot.to_move),
                                                  prompt: renderer.prompt(snapshot) });
  } else {
    el.textContent = renderer.prompt(snapshot);
  }
  if (snapshot.mode === "turn" && snapshot.status === "active" && snapshot.deadline) {
    el.textContent += ` · ${t("web.my.deadline", {
      time: new Date(snapshot.deadline).toLocaleString(document.documentElement.lang) })}`;
  }
  el.classList.toggle("mine", myTurn());
}

function renderFinal() {
  const el = $("final-scores");
  el.hidden = snapshot.status !== "finished";
  if (!el.hidden) renderer.renderFinal(el, snapshot);
}

function setClock(clock) {
  snapshot.clock = clock;
  clockEnds = clock ? performance.now() + clock.remaining * 1000 : null;
}

function renderClock() {
  const el = $("clock");
  const clock = snapshot && snapshot.status === "active" ? snapshot.clock : null;
  el.hidden = !clock;
  if (!clock) return;
  const seconds = Math.max(0, Math.ceil((clockEnds - performance.now()) / 1000));
  el.textContent = clock.seat === snapshot.seat
    ? t("web.match.clock_mine", { seconds })
    : t("web.match.clock", { player: seatLabel(clock.seat), seconds });
  el.dataset.seat = String(clock.seat);
  el.dataset.seconds = String(seconds);
  el.classList.toggle("low", seconds <= CLOCK_LOW_SECONDS);
}

function standingIn() {
  if (!snapshot || snapshot.seat === null || snapshot.seat === undefined) return false;
  const mine = (snapshot.seats || []).find((s) => s.seat === snapshot.seat);
  return Boolean(mine && mine.stand_in && snapshot.status !== "finished");
}

function renderClaim() {
  $("claim-box").hidden = !standingIn();
  $("claim").disabled = claiming;
  document.body.dataset.standIn = String(standingIn());
}

async function claimSeat() {
  if (claiming || !standingIn()) return;
  claiming = true;
  renderClaim();
  try {
    // The answer is a Snapshot; the `seats` message that follows tells every page the same.
    const answer = await api(
      `/api/matches/${encodeURIComponent(matchId)}/seats/${snapshot.seat}/claim`,
      { method: "POST", token });
    snapshot.seats = answer.seats;
    if ("clock" in answer) setClock(answer.clock);
    showError(null);
  } catch (err) {
    showError(t("web.error", { message: err.message }));
  } finally {
    claiming = false;
    render();
  }
}

/** The log lines of the latest action a seat took, and the chance that followed it: what the
 * board marks as the last move. */
function recentLines() {
  let i = log.length - 1;
  while (i >= 0 && log[i].actor < 0) i--;
  return i < 0 ? [] : log.filter((line) => line.seq >= log[i].seq);
}

// --- hints (only at a table that allows them, only on our turn) --------------------------------

function hintAllowed() {
  return Boolean(snapshot && snapshot.hints && myTurn());
}

/** The suggestions of the latest answer, while the position is still the one asked about;
 * each suggested move is marked wherever the page offers it (the move list, the board). */
function renderHint() {
  const box = $("hint-box");
  box.hidden = !hintAllowed();
  if (hint && (hint.seq !== snapshot.seq || !hintAllowed())) hint = null;
  const button = $("hint-button");
  button.disabled = hinting || busy;
  button.textContent = hinting ? t("web.hint.working") : t("web.hint.button");
  box.dataset.ready = String(Boolean(hint));
  $("hint-explain").hidden = !hint;
  $("hint-list").replaceChildren(...(hint ? hint.moves.map((move) => h("li", {
    class: "hint-move", dataset: { move: move.text, rank: String(move.rank) },
  }, t("web.hint.line", { rank: move.rank, move: move.label, lead: move.lead.toFixed(1) })))
    : []));
  for (const el of document.querySelectorAll(".hinted")) {
    el.classList.remove("hinted");
    delete el.dataset.hintRank;
  }
  if (!hint) return;
  for (const move of hint.moves) {
    for (const el of document.querySelectorAll(`[data-action="${CSS.escape(move.text)}"]`)) {
      el.classList.add("hinted");
      el.dataset.hintRank = String(move.rank);
    }
  }
}

async function askHint() {
  if (hinting || !hintAllowed()) return;
  hinting = true;
  renderHint();
  try {
    hint = await api(`/api/matches/${encodeURIComponent(matchId)}/seats/${snapshot.seat}/hint`
                     + `?lang=${language()}`, { method: "POST", token });
    showError(null);
  } catch (err) {
    showError(errorText(err));
  } finally {
    hinting = false;
    render();
  }
}

// --- chat and rematch ------------------------------------------------------------------------

/** Who said a line: the seat's label, or the spectator's name. Shown as text, never markup. */
function speaker(line) {
  return line.seat === null || line.seat === undefined
    ? `${line.name} (${t("web.match.spectator")})` : seatLabel(line.seat);
}

function addChat(lines) {
  const known = new Set(chat.map((line) => line.n));
  chat = chat.concat(lines.filter((line) => !known.has(line.n))).sort((a, b) => a.n - b.n);
  const list = $("chat");
  list.replaceChildren(...chat.map((line) => h("li", { dataset: { n: String(line.n) } },
    h("span", { class: "chat-name" }, `${speaker(line)}: `),
    h("span", { class: "chat-text" }, line.text))));
  list.scrollTop = list.scrollHeight;
}

function sendChat(event) {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  if (connection.chat(text)) $("chat-text").value = "";
}

/** A spectator at a table that muted spectators gets a note instead of a box to type in. */
function renderChatBox() {
  const spectator = snapshot.seat === null || snapshot.seat === undefined;
  const muted = spectator && snapshot.spectator_chat === false;
  $("chat-form").hidden = muted;
  $("chat-muted").hidden = !muted;
}

function renderRematch() {
  const finished = snapshot.status === "finished";
  const player = snapshot.seat !== null && snapshot.seat !== undefined;
  const next = rematchId || snapshot.rematch || null;
  $("rematch-box").hidden = !finished || (!player && !next);
  $("rematch").hidden = !player;
  $("rematch-link").hidden = !next;
  if (next) $("rematch-link").href = `/m/${encodeURIComponent(next)}`;
}

async function askRematch() {
  $("rematch").disabled = true;
  try {
    const made = await api(`/api/matches/${encodeURIComponent(matchId)}/rematch`,
      { method: "POST", token });
    // Our seat's new link when we made it (bound seats come back without it); else the match.
    const mine = (made.seats || []).find((s) => s.seat === made.seat && s.join_url);
    location.href = mine ? mine.join_url : `/m/${encodeURIComponent(made.match_id)}`;
  } catch (err) {
    showError(errorText(err));
    $("rematch").disabled = false;
  }
}

function render() {
  if (!snapshot) return;
  const body = document.body.dataset;
  body.status = snapshot.status;
  body.seq = String(snapshot.seq);
  body.myTurn = String(myTurn());
  body.busy = String(busy);
  const you = snapshot.seat === null || snapshot.seat === undefined
    ? t("web.match.spectator") : t("web.match.you_are", { player: seatLabel(snapshot.seat) });
  $("title").textContent = `${matchId} · ${you}`;
  // the tab's title tells a player in another tab (or a turn-based one back later) to move
  document.title = myTurn() ? t("web.match.title_your_turn", { match: matchId })
    : `boardwright · ${matchId}`;
  renderTurn();
  renderStatus(snapshot, recentLines());
  renderClock();
  renderClaim();
  renderer.update(snapshot, { busy, myTurn: myTurn(), recent: recentLines(), log,
                             animate: animateNext, acting });
  animateNext = false;
  renderSince(snapshot, log, myTurn(), seatLabel);
  renderMoves();
  renderLog();
  renderFinal();
  renderRematch();
  renderChatBox();
  $("table-hints").hidden = !snapshot.hints;
  renderHint();
  renderUndo(snapshot, busy);
}

// --- messages -----------------------------------------------------------------------------

function onWelcome(message) {
  // A welcome after `since=N` carries only later lines; one after a language change carries
  // them all again, in the new language. Either way the new lines replace ours from their start.
  const cutoff = message.log.length ? message.log[0].seq : Infinity;
  log = log.filter((line) => line.seq < cutoff).concat(message.log);
  snapshot = { ...message };
  delete snapshot.type;
  delete snapshot.log;
  delete snapshot.chat;
  addChat(message.chat || []);
  setClock(message.clock || null);
  busy = false;
  playback.clear();   // a welcome is the whole truth: nothing waits to be shown
  acting = null;
  render();
}

/** Another seat's step stays on screen for the pace; our own and chance's are instant. */
function pauseFor(message) {
  return message.actor === snapshot.seat || message.actor === undefined || message.actor < 0
    ? 0 : stepMs();
}

function onUpdate(message) {
  playback.push(message);
}

function applyUpdate(message) {
  const wasMine = myTurn();
  const other = message.actor !== undefined && message.actor >= 0 && message.actor !== snapshot.seat;
  animateNext = other && motionMs() > 0;
  acting = other ? message.actor : null;
  snapshot = {
    ...snapshot,
    seq: message.seq,
    view: message.view,
    legal: message.legal,
    to_move: message.to_move,
    status: message.status,
    seats: message.seats || snapshot.seats,
    winners: message.winners ?? (message.view && message.view.winners) ?? snapshot.winners,
    returns: message.returns ?? snapshot.returns,
    ending: message.ending ?? snapshot.ending,
    deadline: "deadline" in message ? message.deadline : snapshot.deadline,
    undo: message.undo ?? 0,               // only our own provisional steps carry these
    confirm: message.confirm ?? false,
  };
  if ("clock" in message) setClock(message.clock);
  log = log.concat(message.events || []);
  if (message.provisional) hint = null;   // the position changed, its seq did not
  // Our move has been applied once we see an update whose actor is us, or it is not our turn.
  if (message.actor === snapshot.seat || !myTurn()) busy = false;
  render();
  if (snapshot.status === "finished") cue("over");
  else if (!wasMine && myTurn()) cue("turn");
  else if (other) cue("moved");
}

function onSeats(seats, message) {
  if (!snapshot) return;
  snapshot.seats = seats;
  if (message && "clock" in message) setClock(message.clock);
  render();
}

function onStatus(message) {
  if (!snapshot) return;
  snapshot.status = message.status;
  snapshot.ended = message.ended;
  if (message.winners) snapshot.winners = message.winners;
  snapshot.to_move = null;
  snapshot.legal = [];
  snapshot.deadline = null;
  setClock(null);
  render();
}

function onError(message) {
  busy = false;
  const rule = message.params && message.params.rule;
  showError(errorText({ code: message.code, params: message.params,
                        message: message.message || message.code }), rule);
  render();
}

function onState(state) {
  if (state === "refused" && token) forgetSeatToken();
  const el = $("connection");
  el.dataset.state = state;
  el.textContent = t(`web.match.connection.${state}`);
  document.body.dataset.connection = state;
}

async function start() {
  const lang = initialLanguage();
  const summary = await api(`/api/matches/${encodeURIComponent(matchId)}`);
  await loadLanguage(lang, summary.game);
  translatePage();
  const module = await rendererFor(summary.game);
  renderer = module.createRenderer({
    board: $("board"), hand: $("hand"), actions: $("actions"), players: $("players"),
    scoring: $("scoring"),
  }, { t, play, seatLabel, winnersText, motionMs });
  languageSwitch($("lang"), summary.game, (newLang) => {
    hint = null;   // its moves are named in the old language; the button asks again
    if (settings) settings.redraw();
    connection.setLanguage(newLang);
    const url = new URL(location.href);
    url.searchParams.set("lang", newLang);
    history.replaceState(null, "", url);
    render();
  });
  gameId = summary.game;
  installRulesPanel($("rules-button"), $("rules-dialog"), summary.game);
  $("claim").addEventListener("click", claimSeat);
  $("chat-form").addEventListener("submit", sendChat);
  $("rematch").addEventListener("click", askRematch);
  $("hint-button").addEventListener("click", askHint);
  setInterval(renderClock, CLOCK_TICK_MS);
  installTabs(document.querySelector(".side"));
  settings = installSettings($("settings-button"), $("settings"), t,
                             document.querySelector(".topbar .lang"));
  playback = createPlayback({ apply: applyUpdate, pauseFor,
                              onIdle: () => { acting = null; render(); } });
  trackStatusHeight();
  connection = new MatchConnection(matchId, {
    token, lang, onWelcome, onUpdate, onSeats, onError, onState, onStatus,
    onChat: (line) => addChat([line]),
    onRematch: (id) => { rematchId = id; render(); },
    onSeatToken: keepSeatToken,
    onFinal: () => { Object.assign(snapshot, { undo: 0, confirm: false }); busy = false; render(); },
  });
  installUndo(() => connection, () => { busy = true; render(); });
  connection.connect();
  // Tests and curious people can reach the connection (e.g. to drop it on purpose).
  window.boardwright = { connection, snapshot: () => snapshot, log: () => log };
}

start().catch((err) => {
  showError(t("web.error", { message: err.message }));
  document.body.dataset.status = "error";
});
