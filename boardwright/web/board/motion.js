// Motion by FLIP with the Web Animations API: measure every keyed node before a draw, and after
// it let a node whose key survived slide from its old place, and a new node grow in where it
// appears. Nothing moves when the page asks for no motion (ms = 0, prefers-reduced-motion).

const PIECES = "[data-key], [data-piece]";

function idOf(node) {
  return node.dataset.piece ? `piece:${node.dataset.piece}` : `key:${node.dataset.key}`;
}

/** Where every keyed node and piece is now (screen rectangles), and what each piece shows. */
export function measure(roots) {
  const places = new Map();
  for (const root of roots) {
    for (const node of root.querySelectorAll(PIECES)) {
      places.set(idOf(node), { rect: node.getBoundingClientRect(), face: node.dataset.face });
    }
  }
  return places;
}

/** Screen pixels to the node's own units (an SVG drawn smaller or larger than its viewBox). */
function unitsPerPixel(node) {
  const svg = node.ownerSVGElement;
  const matrix = svg && svg.getScreenCTM ? svg.getScreenCTM() : null;
  return matrix && matrix.a ? 1 / matrix.a : 1;
}

/** Animates what changed since `before` (from measure); returns the animations started. */
export function animateFrom(roots, before, ms) {
  if (!ms || typeof Element === "undefined" || !Element.prototype.animate) return [];
  const started = [];
  for (const root of roots) {
    for (const node of root.querySelectorAll(PIECES)) {
      const was = before.get(idOf(node));
      const rect = node.getBoundingClientRect();
      if (!rect.width && !rect.height) continue;
      if (!was || (node.dataset.piece && was.face !== node.dataset.face)) {
        if (!node.dataset.piece) continue;   // a new space or button does not move
        started.push(node.animate([
          { opacity: 0, transform: "scale(0.4)" }, { opacity: 1, transform: "scale(1)" }],
        { duration: ms, easing: "cubic-bezier(.2,.8,.3,1.2)" }));
        continue;
      }
      const dx = was.rect.left - rect.left;
      const dy = was.rect.top - rect.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      const k = unitsPerPixel(node);
      started.push(node.animate([
        { transform: `translate(${dx * k}px, ${dy * k}px)` }, { transform: "none" }],
      { duration: ms, easing: "ease-in-out" }));
    }
  }
  return started;
}

/** A short ring around the node a step touched, so the eye finds it. */
export function pulse(node, ms) {
  if (!ms || !node.animate) return null;
  return node.animate([{ opacity: 0.2 }, { opacity: 1 }, { opacity: 0.4 }, { opacity: 1 }],
    { duration: ms * 1.5 });
}
