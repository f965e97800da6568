// The leaderboard: per game, every rated identity (people and bot specs) by rating.

import { api, h } from "./dom.js";
import { errorText, renderNav } from "./identity.js";
import { initialLanguage, language, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);

async function renderBoard() {
  const game = $("board-game").value;
  const board = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  $("board-rows").replaceChildren(...(board.entries.length ? board.entries.map((e) =>
    h("tr", { dataset: { kind: e.kind } },
      h("td", {}, String(e.rank)),
      h("td", {}, e.kind === "bot" ? `${e.name} (${t("web.lobby.bot")})` : e.name),
      h("td", {}, String(e.rating)), h("td", {}, String(e.matches))))
    : [h("tr", {}, h("td", { colspan: "4", class: "muted" }, t("web.board.empty")))]));
}

async function loadGames() {
  const games = await api(`/api/games?lang=${language()}`);
  const chosen = $("board-game").value || new URLSearchParams(location.search).get("game");
  $("board-game").replaceChildren(...games.map((g) =>
    h("option", { value: g.id, selected: g.id === chosen }, g.title)));
}

async function start() {
  await loadLanguage(initialLanguage());
  translatePage();
  languageSwitch($("lang"), null, async () => {
    await renderNav($("nav"));
    await loadGames();
    await renderBoard();
  });
  await renderNav($("nav"));
  await loadGames();
  $("board-game").addEventListener("change", () => renderBoard().catch(show));
  await renderBoard();
  document.body.dataset.ready = "true";
}

function show(err) {
  $("board-error").textContent = errorText(err);
  $("board-error").hidden = false;
}

start().catch(show);
