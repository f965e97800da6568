// The lobby: list the games, create a match (options, human and bot seats), show the join
// links of the created match, and list open, active and finished matches.

import { absolute, api, h } from "./dom.js";
import { ensureIdentity, errorText, renderNav } from "./identity.js";
import { initialLanguage, languageSwitch, loadLanguage, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];
let agents = [];

function currentGame() {
  return games.find((g) => g.id === $("game").value) || games[0];
}

function seatName(seat) {
  return t("seat", { letter: String.fromCharCode(65 + seat) });
}

// --- the creation form -------------------------------------------------------------------

/** True for an option edited as JSON text (component data, lists). */
function isStructured(option) {
  return option.group === "data" || (option.default === null && option.min === null
    && !option.choices.length);
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  const value = option.default;
  let input;
  if (typeof value === "boolean") {
    input = h("input", { type: "checkbox", id, name: option.name, checked: value });
  } else if (option.choices.length) {
    input = h("select", { id, name: option.name }, option.choices.map((choice) =>
      h("option", { value: choice.value, selected: choice.value === value }, choice.label)));
  } else if (typeof value === "number" || (value === null && option.min !== null)) {
    // A number left empty keeps the game's default (e.g. "4 experience per counter").
    input = h("input", { type: "number", id, name: option.name,
                         value: value === null ? "" : String(value),
                         min: option.min ?? undefined, max: option.max ?? undefined,
                         placeholder: value === null ? t("web.lobby.default_value") : undefined });
  } else {
    // Structured defaults (the boards, the tile lists) are edited as JSON text.
    const text = value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);
    input = h("input", { type: "text", id, name: option.name, value: text,
                         placeholder: value === null ? t("web.lobby.default_value") : undefined });
  }
  const help = option.help ? h("small", { id: `${id}-help`, class: "help" }, option.help) : null;
  if (help) input.setAttribute("aria-describedby", help.id);
  return h("div", { class: "option", dataset: { option: option.name } },
    h("label", { for: id }, option.label), input, help);
}

/** Variants first; an early end (round caps, off at a table with people) and component data
 * (boards, tiles), both rarely changed, folded away; the rules-level notes (rule numbers, the
 * sources' words) behind "About these rules", with a link to the whole rulebook. */
function optionInputs(game) {
  const options = game.options || [];
  const variants = options.filter((o) => o.group === "variant" && !isStructured(o));
  const caps = options.filter((o) => o.group === "cap");
  const data = options.filter((o) => o.group !== "cap" && (o.group === "data" || isStructured(o)));
  const out = [h("legend", {}, t("web.lobby.variants")), ...variants.map(optionInput)];
  if (caps.length) {
    out.push(h("details", { class: "cap-options" },
      h("summary", {}, t("web.lobby.caps")), h("p", { class: "help" }, t("web.lobby.caps_help")),
      ...caps.map(optionInput)));
  }
  if (data.length) {
    out.push(h("details", { class: "data-options" },
      h("summary", {}, t("web.lobby.component_data")), ...data.map(optionInput)));
  }
  out.push(h("details", { class: "about-rules" },
    h("summary", {}, t("web.lobby.about_rules")),
    h("p", {}, h("a", { href: `/rules/${game.id}?lang=${document.documentElement.lang}`,
                         target: "_blank", rel: "noopener", class: "rules-link" },
      t("web.rules.full"))),
    h("dl", {}, ...options.flatMap((o) => [h("dt", {}, o.label), h("dd", {}, o.about)]))));
  return out;
}

/** Only the options changed from their defaults, typed like the defaults. */
function chosenOptions() {
  const out = {};
  for (const option of currentGame().options || []) {
    const input = $(`opt-${option.name}`);
    if (!input) continue;
    const def = option.default;
    let value;
    if (typeof def === "boolean") value = input.checked;
    else if (input.type === "number") value = input.value === "" ? null : Number(input.value);
    else if (typeof def === "string") value = input.value;
    else if (def === null && input.value.trim() === "") value = null;
    else {
      try { value = JSON.parse(input.value); } catch { value = input.value; }
    }
    if (JSON.stringify(value) !== JSON.stringify(def)) out[option.name] = value;
  }
  return out;
}

function seatRow(seat) {
  // Seat A is the person creating the match; the others default to bots.
  const kind = h("select", { id: `seat-${seat}-kind`, class: "seat-kind",
                             "aria-label": t("web.lobby.seat_kind") },
    h("option", { value: "human", selected: seat === 0 }, t("web.lobby.human")),
    h("option", { value: "bot", selected: seat !== 0 }, t("web.lobby.bot")));
  const agent = h("input", { id: `seat-${seat}-agent`, class: "seat-agent", list: "agent-specs",
                             value: "greedy", "aria-label": t("web.lobby.agent"),
                             placeholder: "ismcts:iterations=300" });
  const name = h("input", { id: `seat-${seat}-name`, class: "seat-name",
                            "aria-label": t("web.lobby.name"), placeholder: seatName(seat) });
  const sync = () => { agent.disabled = kind.value !== "bot"; };
  kind.addEventListener("change", sync);
  sync();
  return h("div", { class: "seat-row", dataset: { seat: String(seat) } },
    h("span", { class: `seat-badge seat-${seat}` }, seatName(seat)), kind, agent, name);
}

function renderForm() {
  const game = currentGame();
  if (!game) return;
  const players = $("players");
  const previous = Number(players.value) || game.max_players;
  players.replaceChildren();
  // a variant's player count (Feinde for 2) comes first, marked; choosing it switches its option on
  const variants = new Map((game.variant_players || []).map((v) => [v.players, v.option]));
  const counts = [...variants.keys()].filter((n) => n < game.min_players);
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  for (const n of counts) {
    const label = variants.has(n) ? t("web.lobby.variant_players", { players: n }) : String(n);
    players.append(h("option", { value: String(n), selected: n === previous }, label));
  }
  $("options").replaceChildren(...optionInputs(game));
  renderSeats();
}

function renderSeats() {
  const n = Number($("players").value);
  const variant = (currentGame().variant_players || []).find((v) => v.players === n);
  const box = variant ? $(`opt-${variant.option}`) : null;
  if (box) box.checked = true;
  $("seats").replaceChildren(h("legend", {}, t("web.lobby.seats")),
    ...Array.from({ length: n }, (_, seat) => seatRow(seat)));
}

function seatSpecs() {
  // Seat A, when a person plays it, is the creator's own: bound to this browser's identity,
  // so that any browser where they log in gets it back (the join link works as well).
  return [...document.querySelectorAll(".seat-row")].map((row) => {
    const seat = Number(row.dataset.seat);
    const kind = $(`seat-${seat}-kind`).value;
    const spec = { kind };
    if (seat === 0 && kind === "human") spec.mine = true;
    if (kind === "bot") spec.agent = $(`seat-${seat}-agent`).value.trim() || "random";
    const name = $(`seat-${seat}-name`).value.trim();
    if (name) spec.name = name;
    return spec;
  });
}

async function createMatch(event) {
  event.preventDefault();
  const error = $("lobby-error");
  error.hidden = true;
  const body = {
    game: currentGame().id,
    players: Number($("players").value),
    options: chosenOptions(),
    lang: document.documentElement.lang || "en",
    seats: seatSpecs(),
  };
  if ($("rated").value !== "auto") body.rated = $("rated").value === "yes";
  if ($("spectator-chat").value === "no") body.spectator_chat = false;
  // a hint table is never rated: the server refuses "rated: yes" with hints, in words
  if ($("hints").value === "yes") body.hints = true;
  if ($("undo-mode").value !== "no") body.allow_undo = true;
  if ($("undo-mode").value === "confirm") body.confirm_turn = true;
  if ($("mode").value === "turn") {
    body.mode = "turn";
    body.move_days = Number($("move-days").value) || 3;
    body.on_timeout = $("on-timeout").value;
  }
  try {
    if (body.seats.some((s) => s.mine)) {
      await ensureIdentity();   // a guest, unless this browser has an identity already
      await renderNav($("nav"));
    }
    const created = await api("/api/matches", { method: "POST", body });
    showCreated(created);
    refreshMatches();
  } catch (err) {
    error.textContent = errorText(err);
    error.hidden = false;
  }
}

function showCreated(created) {
  // The tokens exist only in this answer, so the links are shown once, here.
  const box = $("created");
  const items = created.seats.map((seat) => {
    const label = `${seatName(seat.seat)} · ${seat.player || seat.name || ""}`;
    if (seat.kind !== "human" || !seat.join_url) {
      return h("li", {}, label, " ", h("span", { class: "muted" }, t("web.lobby.bot")));
    }
    const url = absolute(seat.join_url);
    return h("li", {}, label, " ",
      h("a", { href: url, class: "join-link", dataset: { seat: String(seat.seat) } },
        t("web.lobby.join_as", { player: seatName(seat.seat) })),
      h("input", { type: "text", readonly: true, value: url, class: "link-copy",
                   "aria-label": t("web.lobby.join_link") }));
  });
  box.replaceChildren(
    h("h3", {}, t("web.lobby.created", { id: created.match_id })),
    h("p", { class: "muted" }, t("web.lobby.links_once")),
    created.seats.some((s) => s.player)
      ? h("p", { class: "muted" }, t("web.lobby.your_seat_kept")) : null,
    h("ul", { class: "created-seats" }, items),
    h("p", {}, h("a", { href: absolute(created.spectate_url), class: "spectate-link" },
      t("web.lobby.spectate"))));
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}

// --- the match lists ---------------------------------------------------------------------

function matchItem(match) {
  const seats = match.seats.map((s) => (s.kind === "bot"
    ? `${s.name} (${t("web.lobby.bot")})` : s.player || s.name)).join(", ");
  const links = [];
  if (match.status === "finished") {
    links.push(h("a", { href: `/replay/${match.match_id}`, class: "replay-link" },
      t("web.lobby.replay")));
  } else {
    links.push(h("a", { href: `/m/${match.match_id}`, class: "spectate-link" },
      t("web.lobby.spectate")));
  }
  const winners = match.winners && match.winners.length
    ? ` · ${t("web.winners", { players: match.winners.map(seatName).join(", ") })}` : "";
  return h("li", { dataset: { match: match.match_id } },
    h("span", { class: "match-game" }, match.game), " ",
    h("span", { class: "muted" }, `${match.match_id} · ${seats}${winners}`), " ", ...links);
}

function filterQuery() {
  const query = new URLSearchParams();
  if ($("filter-game").value) query.set("game", $("filter-game").value);
  if ($("filter-players").value) query.set("players", $("filter-players").value);
  return query.toString() ? `&${query}` : "";
}

function renderFilters() {
  const game = $("filter-game").value;
  const players = $("filter-players").value;
  $("filter-game").replaceChildren(h("option", { value: "" }, t("web.lobby.filter_all")),
    ...games.map((g) => h("option", { value: g.id, selected: g.id === game }, g.title)));
  const counts = new Set(games.flatMap((g) => Array.from(
    { length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i)));
  $("filter-players").replaceChildren(h("option", { value: "" }, t("web.lobby.filter_all")),
    ...[...counts].sort((a, b) => a - b).map((n) =>
      h("option", { value: String(n), selected: String(n) === players }, String(n))));
}

async function refreshMatches() {
  for (const status of ["open", "active", "finished"]) {
    const list = $(`matches-${status}`);
    try {
      const matches = await api(`/api/matches?status=${status}${filterQuery()}`);
      list.replaceChildren(...(matches.length ? matches.map(matchItem)
        : [h("li", { class: "muted" }, t("web.lobby.none"))]));
    } catch (err) {
      list.replaceChildren(h("li", { class: "error" }, t("web.error", { message: err.message })));
    }
  }
}

async function start() {
  await loadLanguage(initialLanguage(), "beowulf");
  translatePage();
  languageSwitch($("lang"), "beowulf", async () => {
    games = await api(`/api/games?lang=${document.documentElement.lang}`);
    renderNav($("nav"));
    renderForm();
    renderFilters();
    refreshMatches();
  });
  renderNav($("nav"));
  [games, agents] = await Promise.all([api(`/api/games?lang=${document.documentElement.lang}`),
                                       api("/api/agents").catch(() => [])]);
  $("game").replaceChildren(...games.map((g) => h("option", { value: g.id }, g.title)));
  $("agent-specs").replaceChildren(...["random", "greedy", ...agents.flatMap((a) =>
    [a.name, a.settings_example])].filter((v, i, all) => v && all.indexOf(v) === i)
    .map((v) => h("option", { value: v })));
  $("game").addEventListener("change", renderForm);
  $("players").addEventListener("change", renderSeats);
  $("create-form").addEventListener("submit", createMatch);
  $("refresh").addEventListener("click", refreshMatches);
  $("mode").addEventListener("change", () => {
    for (const el of document.querySelectorAll(".turn-only")) el.hidden = $("mode").value !== "turn";
  });
  $("filter-game").addEventListener("change", refreshMatches);
  $("filter-players").addEventListener("change", refreshMatches);
  renderForm();
  renderFilters();
  refreshMatches();
  document.body.dataset.ready = "true";
}

start().catch((err) => {
  const error = $("lobby-error");
  error.textContent = t("web.error", { message: err.message });
  error.hidden = false;
});
