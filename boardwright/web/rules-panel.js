// The "Rules" panel of the match and replay pages: the game in a few lines, in the reader's
// language (the game catalogue's `rules.summary`), and a link to its whole rulebook.

import { h } from "./dom.js";
import { language, t } from "./i18n.js";

/** Wires `button` to open `dialog` with the rules of `game`; the text is built on each
 * opening, so a language switched since then is the one shown. */
export function installRulesPanel(button, dialog, game) {
  button.hidden = false;
  button.addEventListener("click", () => {
    const paragraphs = t("rules.summary").split("\n").filter((line) => line.trim());
    const close = h("button", { type: "button", class: "close" }, t("web.rules.close"));
    close.addEventListener("click", () => dialog.close());
    dialog.replaceChildren(
      h("h2", {}, t("web.rules.title")),
      ...paragraphs.map((line) => h("p", {}, line)),
      h("p", {}, h("a", { href: `/rules/${game}?lang=${language()}`, target: "_blank",
                          rel: "noopener", class: "rules-link" }, t("web.rules.full"))),
      close);
    dialog.showModal();
  });
}
