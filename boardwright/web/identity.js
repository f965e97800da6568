// Who is using this browser (GET /api/me), the links every page shares (lobby, my games,
// leaderboard, account), and errors in the reader's language.
//
// The identity lives in an HttpOnly cookie the server signs: no script here ever reads it.

import { api, h } from "./dom.js";
import { t } from "./i18n.js";

let known;   // undefined: not asked yet; null: nobody

/** The identity of this browser ({name, kind}) or null; asked once per page. */
export async function me(fresh = false) {
  if (known === undefined || fresh) known = (await api("/api/me")).identity;
  return known;
}

/** A guest identity for this browser unless it has one; resolves to the identity. */
export async function ensureIdentity() {
  const current = await me();
  if (current) return current;
  known = (await api("/api/me/guest", { method: "POST" })).identity;
  return known;
}

export function identityName(identity) {
  return identity.kind === "guest" ? t("web.identity.guest", { name: identity.name })
    : identity.name;
}

/** The shared navigation, put into `nav` (an element of the top bar). */
export async function renderNav(nav) {
  let identity = null;
  try { identity = await me(); } catch { /* the page works without it */ }
  const here = location.pathname;
  const link = (href, key, id) => h("a", { href, id, "aria-current": here === href ? "page" : undefined },
    t(key));
  nav.replaceChildren(
    link("/", "web.nav.lobby", "nav-lobby"),
    link("/my-games", "web.nav.my_games", "nav-my-games"),
    link("/leaderboard", "web.nav.leaderboard", "nav-leaderboard"),
    h("a", { href: "/account", id: "nav-account", class: "nav-account",
             dataset: { kind: identity ? identity.kind : "none" } },
      identity ? identityName(identity) : t("web.nav.log_in")));
  return identity;
}

/** A refusal as the reader should see it: its code's text in their language when the
 * catalogue has one, else the server's (English) message. */
export function errorText(err) {
  const key = `web.errors.${err.code}`;
  const text = err.code ? t(key, err.params || {}) : key;
  return text === key ? t("web.error", { message: err.message }) : text;
}
