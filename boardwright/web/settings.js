// The player's settings, remembered in this browser (localStorage): the pace at which other
// players' steps are shown (instant, normal, slow), and whether the page makes sounds. The
// system's "reduce motion" setting means instant and no animation, whatever the pace says.

import { h } from "./dom.js";

const PACE_KEY = "boardwright.pace";
const MUTE_KEY = "boardwright.muted";
/** How long each other seat's step stays on screen before the next, in ms. */
export const PACE_MS = { instant: 0, normal: 750, slow: 1800 };

function stored(key, fallback) {
  try { return localStorage.getItem(key) ?? fallback; } catch { return fallback; }
}

function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* storage off: this page only */ }
}

export function pace() {
  const value = stored(PACE_KEY, "normal");
  return value in PACE_MS ? value : "normal";
}

export function reducedMotion() {
  return Boolean(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** The pause after another seat's step; 0 when instant or the system asks for less motion. */
export function stepMs() {
  return reducedMotion() ? 0 : PACE_MS[pace()];
}

/** How long a piece takes to move or appear (shorter than the pause, so it is seen at rest). */
export function motionMs() {
  return Math.min(500, Math.round(stepMs() * 0.6));
}

export function muted() {
  return stored(MUTE_KEY, "false") === "true";
}

/** The settings menu behind `button`, drawn into `panel`. On a phone the language switch
 * (`language`, the top bar's label) moves into the menu, and back on a wider screen. */
export function installSettings(button, panel, t, language = null) {
  const home = language ? language.parentElement : null;
  const narrow = window.matchMedia ? matchMedia("(max-width: 699px)") : null;
  function placeLanguage() {
    if (!language) return;
    if (narrow && narrow.matches) panel.append(language);
    else if (language.parentElement !== home) home.append(language);
  }
  if (narrow) narrow.addEventListener("change", placeLanguage);
  function draw() {
    const select = h("select", { id: "pace", onchange: (event) => store(PACE_KEY, event.target.value) },
      Object.keys(PACE_MS).map((name) => h("option", { value: name, selected: name === pace() },
        t(`web.settings.pace.${name}`))));
    const sound = h("input", { type: "checkbox", id: "sound", checked: !muted(),
                               onchange: (event) => store(MUTE_KEY, String(!event.target.checked)) });
    panel.replaceChildren(
      h("label", {}, h("span", {}, t("web.settings.pace")), select),
      h("label", {}, sound, h("span", {}, t("web.settings.sound"))));
    placeLanguage();
  }
  function toggle(open) {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (open) { draw(); panel.querySelector("select").focus(); }
  }
  button.addEventListener("click", () => toggle(panel.hidden));
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.stopPropagation(); toggle(false); button.focus(); }
  });
  placeLanguage();
  return { redraw: () => { if (!panel.hidden) draw(); } };
}
