// The host of a renderer that follows the contract of docs/web-client.md §2 (draw, pathOf,
// prompt, playerSummary, renderFinal): it gives the pages the older `update(snapshot, state)`
// face, so match.js, replay.js and lesson.js drive every game alike. The host owns the picker,
// the status-bar buttons, the players panel, focus, motion, the zoom and the long-press tip.

import { h } from "../dom.js";
import { createPicker, decorate } from "./picker.js";
import { renderPlayers } from "./players.js";
import { animateFrom, measure } from "./motion.js";
import { installLongPress } from "./touch.js";
import { createZoom } from "./zoom.js";

export function hostRenderer(renderer, elements, ctx) {
  const roots = [elements.board, elements.hand].filter(Boolean);
  let snapshot = null;
  let state = {};
  let focusNext = false;   // after a choice, focus goes to the first new target
  const picker = createPicker({
    onMove: (move) => ctx.play(move.text),
    onChange: (forward) => { focusNext = forward; redraw(); },
  });
  const cancel = document.getElementById("cancel");
  if (cancel) cancel.addEventListener("click", () => picker.cancel());
  const zoom = elements.board && elements.board.parentElement
    && elements.board.parentElement.classList.contains("board-viewport")
    ? createZoom(elements.board.parentElement, elements.board, ctx, renderer.zoomable) : null;

  function keyOf(event) {
    const node = event.target.closest && event.target.closest("[data-key]");
    return node && roots.some((root) => root.contains(node)) ? node.dataset.key : null;
  }
  for (const root of roots) {
    root.addEventListener("click", (event) => {
      const key = keyOf(event);
      if (key && picker.choose(key)) event.preventDefault();
    });
    root.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      const key = keyOf(event);
      if (!key || event.target.tagName === "BUTTON") return;   // a button clicks itself
      event.preventDefault();
      picker.choose(key);
    });
    installLongPress(root);
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && picker.cancel()) event.preventDefault();
  });

  function drawButtons(targetsEmpty) {
    if (!elements.actions) return;
    const moves = picker.buttons();
    elements.actions.replaceChildren(...moves.map((move) => h("button", {
      type: "button", class: `action-button do-${(move.json && move.json.do) || "move"}`,
      dataset: { action: move.text }, onclick: () => ctx.play(move.text),
    }, move.label)));
    const chosen = picker.chosen.length > 0;
    if (cancel) cancel.hidden = !chosen;
    else if (chosen) {
      elements.actions.append(h("button", { type: "button", class: "cancel",
                                            onclick: () => picker.cancel() }, ctx.t("web.status.cancel")));
    }
    document.body.dataset.targets = String(!targetsEmpty);
  }

  function redraw(animate = false) {
    if (!snapshot) return;
    const focused = document.activeElement && document.activeElement.closest
      && document.activeElement.closest("[data-key]");
    const focusKey = focused ? focused.dataset.key : null;
    const before = animate ? measure(roots) : null;
    const targets = picker.targets();
    const marks = { targets, chosen: picker.chosen, recent: state.recent || [],
                    acting: state.acting ?? null, log: state.log || [] };
    renderer.draw(snapshot, marks);
    decorate(roots, targets, marks.chosen);
    drawButtons(targets.size === 0);
    if (elements.players && renderer.playerSummary) {
      renderPlayers(elements.players, snapshot, renderer, ctx, marks.acting);
    }
    if (before) animateFrom(roots, before, ctx.motionMs ? ctx.motionMs() : 0);
    if (zoom) zoom.fit(targets);
    if (targets.size && snapshot.seq !== revealed) reveal();
    restoreFocus(focusKey, targets);
  }

  /** Once per position: when none of the board's targets is in sight (a zoomed board taller
   * than the screen, the page scrolled down to the hand), the first one is scrolled into view. */
  let revealed = null;
  function reveal() {
    revealed = snapshot.seq;
    if (!elements.board) return;
    const nodes = [...elements.board.querySelectorAll(".legal")];
    const view = elements.board.parentElement.getBoundingClientRect();
    // a status bar fixed at the screen's foot (phones) covers what lies under it
    const bar = document.getElementById("status-bar");
    const foot = bar ? bar.getBoundingClientRect().top : innerHeight;
    const bottom = Math.min(view.bottom, foot > innerHeight / 2 ? foot : innerHeight);
    const seen = (r) => r.width && r.top >= Math.max(0, view.top) - 1 && r.bottom <= bottom + 1
      && r.right > view.left && r.left < view.right;
    if (nodes.length && !nodes.some((n) => seen(n.getBoundingClientRect()))) {
      nodes[0].scrollIntoView({ block: "center", inline: "nearest" });
    }
  }

  function restoreFocus(focusKey, targets) {
    const find = (key) => roots.map((root) => root.querySelector(
      `[data-key="${CSS.escape(key)}"]`)).find(Boolean);
    if (focusNext) {
      focusNext = false;
      const first = roots.flatMap((root) => [...root.querySelectorAll("[data-key].legal")])
        .find((node) => !picker.chosen.includes(node.dataset.key));
      if (first) { first.focus({ preventScroll: false }); return; }
    }
    if (focusKey && document.activeElement === document.body) {
      const node = find(focusKey);
      if (node && (targets.has(focusKey) || node.tabIndex >= 0)) node.focus({ preventScroll: true });
    }
  }

  ctx.redraw = () => redraw(false);
  ctx.position = () => (snapshot ? snapshot.seq : null);
  return {
    update(next, nextState) {
      const animate = Boolean(nextState.animate) && snapshot !== null;
      snapshot = next;
      state = nextState;
      const interactive = Boolean(state.myTurn && !state.busy);
      // pathOf may read the position too (Feinde: a step's space is the hero's neighbour)
      picker.setMoves(interactive ? next.legal || [] : [], (move) => renderer.pathOf(move, next),
                      next.seq);
      redraw(animate);
    },
    prompt: (snap) => renderer.prompt(snap),
    renderFinal: (element, snap) => renderer.renderFinal(element, snap),
    cancel: () => picker.cancel(),
    chosen: () => picker.chosen,
  };
}
