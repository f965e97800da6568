// The one move picker (docs/web-client.md §2): from the legal moves and the renderer's
// pathOf(move) it knows every move's path of keys; from the keys chosen so far, the targets
// (key → {move} or {step}) and the status-bar buttons (moves without a path, and a move that a
// chosen prefix completes while longer ones continue from it). The renderer never handles a
// tap: one delegated listener on the board and the hand turns taps on [data-key] into choices.

export function createPicker({ onMove, onChange }) {
  let paths = [];     // [{move, path}] of the position
  let chosen = [];    // the keys picked so far
  let seq = null;

  function prefixed() {
    return paths.filter(({ path }) => path && path.length > chosen.length
      && chosen.every((key, i) => path[i] === key));
  }

  function targets() {
    const map = new Map();
    for (const { move, path } of prefixed()) {
      const key = path[chosen.length];
      const whole = path.length === chosen.length + 1;
      const known = map.get(key);
      if (!whole) map.set(key, { step: true });
      else if (!known) map.set(key, { move });
    }
    return map;
  }

  function buttons() {
    return paths.filter(({ path }) => chosen.length
      ? path && path.length === chosen.length && chosen.every((key, i) => path[i] === key)
      : !path).map(({ move }) => move);
  }

  return {
    /** A new position's moves (an empty list when the viewer may not move). */
    setMoves(legal, pathOf, position) {
      if (position !== seq) chosen = [];
      seq = position;
      paths = legal.map((move) => ({ move, path: pathOf(move) }));
      // a chosen prefix that no longer leads anywhere is dropped
      if (chosen.length && !paths.some(({ path }) => path
          && chosen.every((key, i) => path[i] === key))) chosen = [];
    },
    targets,
    buttons,
    get chosen() { return chosen.slice(); },
    /** A tap on `key`: sends its move, or takes one step along longer paths. */
    choose(key) {
      const target = targets().get(key);
      if (!target) {
        if (chosen.includes(key)) { chosen = chosen.slice(0, chosen.indexOf(key)); onChange(true); }
        return false;
      }
      if (target.move) { onMove(target.move); return true; }
      chosen = [...chosen, key];
      onChange(true);
      return true;
    },
    cancel() {
      if (!chosen.length) return false;
      chosen = [];
      onChange(false);
      return true;
    },
  };
}

/** Marks the targets among `roots`' [data-key] nodes: class `legal` (or `step`), a role, a tab
 * stop, the move's label and `data-action`; every other keyed node loses them. */
export function decorate(roots, targets, chosen) {
  for (const root of roots) {
    for (const node of root.querySelectorAll("[data-key]")) {
      const target = targets.get(node.dataset.key);
      const isButton = node.tagName === "BUTTON";
      node.classList.toggle("legal", Boolean(target));
      node.classList.toggle("step", Boolean(target && target.step));
      node.classList.toggle("chosen", chosen.includes(node.dataset.key));
      if (isButton) {
        node.disabled = !target && !chosen.includes(node.dataset.key);
        node.setAttribute("aria-pressed", String(chosen.includes(node.dataset.key)));
      } else if (target) {
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "0");
      } else {
        // a thing that is not a target is read by its name, as a picture is
        if (node.dataset.name) node.setAttribute("role", "img");
        else node.removeAttribute("role");
        node.removeAttribute("tabindex");
      }
      if (target && target.move) {
        node.dataset.action = target.move.text;
        node.setAttribute("aria-label", target.move.label);
      } else {
        delete node.dataset.action;
        if (node.dataset.name) node.setAttribute("aria-label", node.dataset.name);
      }
      if (target && target.step) node.dataset.step = "true";
      else delete node.dataset.step;
    }
  }
}
