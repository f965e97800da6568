// UI strings: the merged catalogue (engine + game + web.*) from GET /api/i18n/{lang}.
// Templates use Python str.format fields ("{player}"); we fill the plain ones and ignore
// format specs, because the server already renders every game text that needs them.

export const LANGUAGES = { en: "English", hu: "Magyar", cs: "Čeština" };
const STORE_KEY = "boardwright.lang";

let catalogue = {};
let current = "en";

/** The language to start with: ?lang=, then the last choice, then the browser's. */
export function initialLanguage() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  const stored = localStorage.getItem(STORE_KEY);
  const browser = (navigator.language || "en").slice(0, 2);
  for (const lang of [fromUrl, stored, browser]) {
    if (lang && lang in LANGUAGES) return lang;
  }
  return "en";
}

export function language() {
  return current;
}

/** Fetches the catalogue for `lang` (and remembers the choice); resolves when ready. */
export async function loadLanguage(lang, game) {
  const query = game ? `?game=${encodeURIComponent(game)}` : "";
  const response = await fetch(`/api/i18n/${encodeURIComponent(lang)}${query}`);
  if (!response.ok) throw new Error(`catalogue ${lang}: HTTP ${response.status}`);
  catalogue = await response.json();
  current = lang;
  localStorage.setItem(STORE_KEY, lang);
  document.documentElement.lang = lang;
  return catalogue;
}

/** The text for `key` filled with `params`; the key itself when no catalogue knows it. */
export function t(key, params = {}) {
  const template = catalogue[key];
  if (template === undefined) return key;
  return template.replace(/\{(\w+)(?:[:!][^}]*)?\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole);
}

/** Every element with data-i18n="key" gets its text; data-i18n-attr="aria-label" sets that
 * attribute instead. Static HTML carries English fallbacks so a page is readable before this. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const text = t(el.dataset.i18n);
    if (text === el.dataset.i18n) continue;
    if (el.dataset.i18nAttr) el.setAttribute(el.dataset.i18nAttr, text);
    else el.textContent = text;
  }
}

/** A <select> of the languages; `onChange(lang)` runs after the new catalogue is loaded. */
export function languageSwitch(select, game, onChange) {
  select.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.selected = code === current;
    return option;
  }));
  select.addEventListener("change", async () => {
    await loadLanguage(select.value, game);
    translatePage();
    if (onChange) onChange(select.value);
  });
}
