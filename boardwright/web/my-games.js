// "My games": the matches where this browser's identity holds a seat: running ones (those
// where it is to move first), open ones, finished ones. Each opens as that seat, no link needed.

import { api, h } from "./dom.js";
import { errorText, renderNav } from "./identity.js";
import { initialLanguage, language, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function seatName(seat) {
  return String.fromCharCode(65 + seat);   // the game's own seat names need its catalogue
}

function others(match) {
  return match.seats.filter((s) => s.seat !== match.my_seat)
    .map((s) => s.player || (s.kind === "bot" ? `${s.name} (${t("web.lobby.bot")})` : s.name))
    .join(", ");
}

function result(match) {
  // a match lost on time has winners (the others); an expired or aborted one has none
  const decided = match.status === "finished" || (match.ended === "timeout" && match.winners);
  if (decided) {
    return (match.winners || []).includes(match.my_seat) ? t("web.my.won") : t("web.my.lost");
  }
  if (match.ended === "expired") return t("web.my.expired");
  return match.status === "aborted" ? t("web.my.stopped") : t("web.my.no_result");
}

function item(match) {
  const finished = match.status === "finished" || match.status === "aborted";
  const badge = match.status === "active"
    ? h("span", { class: match.your_turn ? "badge your-turn" : "badge" },
      match.your_turn ? t("web.my.your_turn") : t("web.my.their_turn"))
    : finished ? h("span", { class: "badge" }, result(match)) : null;
  const href = finished && match.status === "finished" ? `/replay/${match.match_id}`
    : `/m/${match.match_id}`;
  return h("li", { dataset: { match: match.match_id, yourTurn: String(Boolean(match.your_turn)) } },
    badge, " ", h("a", { href, class: "my-match-link" },
      `${match.game} · ${t("web.my.as", { seat: seatName(match.my_seat) })}`),
    " ", h("span", { class: "muted" }, `${t("web.my.against", { players: others(match) })}`
      + (match.rated ? ` · ${t("web.my.rated")}` : "")
      + (match.status === "active" && match.deadline
        ? ` · ${t("web.my.deadline", { time: new Date(match.deadline).toLocaleString(language()) })}`
        : "")));
}

async function render() {
  const identity = await renderNav($("nav"));
  $("my-nobody").hidden = Boolean(identity);
  $("my-lists").hidden = !identity;
  if (!identity) return;
  const mine = await api("/api/me/matches");
  for (const key of ["playing", "open", "finished"]) {
    const list = $(`my-${key}`);
    list.replaceChildren(...(mine[key].length ? mine[key].map(item)
      : [h("li", { class: "muted" }, t("web.lobby.none"))]));
  }
}

async function start() {
  await loadLanguage(initialLanguage());
  translatePage();
  languageSwitch($("lang"), null, () => render());
  await render();
  document.body.dataset.ready = "true";
}

start().catch((err) => {
  $("my-error").textContent = errorText(err);
  $("my-error").hidden = false;
});
