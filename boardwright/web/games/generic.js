// Fallback renderer for a game without its own module: the view as text. Play still works
// through the list of legal moves, which match.js always shows.

import { h } from "../dom.js";
import { endingLine } from "../seats.js";

export function createRenderer(elements, ctx) {
  return {
    update(snapshot) {
      elements.board.replaceChildren(
        h("pre", { class: "raw-view" }, JSON.stringify(snapshot.view, null, 1)));
      elements.hand.replaceChildren();
      elements.actions.replaceChildren();
      elements.players.replaceChildren();
    },
    prompt() {
      return "";
    },
    renderFinal(element, snapshot) {
      element.replaceChildren(h("h2", { id: "final-title" }, ctx.t("web.final.title")),
        h("p", { class: "winners" }, ctx.winnersText(snapshot.winners || [])),
        endingLine(h, snapshot));
    },
  };
}
