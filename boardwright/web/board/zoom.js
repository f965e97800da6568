// Zoom and pan for a board: the board's width grows inside a viewport that scrolls (one finger
// or a dragged mouse pans, as the browser scrolls), two fingers pinch, ctrl+wheel zooms, and the
// buttons under the viewport zoom in, out, or back to the whole board. At the default zoom a
// new position whose legal targets would be smaller than 44×44 CSS px zooms in until they are
// not, and scrolls to where they are.

import { h } from "../dom.js";

const MIN_TAP = 44;
const MAX_SCALE = 4;

export function createZoom(viewport, content, ctx, zoomable = false) {
  let scale = 1;
  let auto = true;       // no zoom of the player's own in this position yet
  let seq = null;
  const { t } = ctx;
  const button = (key, text, onclick) => h("button", {
    type: "button", class: "zoom-button", "aria-label": t(key), title: t(key), onclick }, text);
  const controls = h("div", { class: "zoom-controls", hidden: true },
    button("web.zoom.out", "−", () => set(scale / 1.4, true)),
    button("web.zoom.in", "+", () => set(scale * 1.4, true)),
    button("web.zoom.reset", "⤢", () => { set(1, true); }));
  viewport.after(controls);

  function set(next, byPlayer = false, anchor = null) {
    const old = scale;
    scale = Math.min(MAX_SCALE, Math.max(1, next));
    if (byPlayer) auto = false;
    const [ax, ay] = anchor || [viewport.clientWidth / 2, viewport.clientHeight / 2];
    const x = (viewport.scrollLeft + ax) / old;
    const y = (viewport.scrollTop + ay) / old;
    content.style.width = scale === 1 ? "" : `${scale * 100}%`;
    viewport.classList.toggle("zoomed", scale > 1);
    viewport.scrollLeft = x * scale - ax;
    viewport.scrollTop = y * scale - ay;
    controls.hidden = !(zoomable || scale > 1 || !auto);
  }

  /** After a draw: zoom so that the targets can be tapped by a finger (a coarse pointer; a
   * mouse hits small targets well), on a new position only. */
  function fit(targets) {
    const position = ctx.position ? ctx.position() : null;
    if (position !== seq) { seq = position; auto = true; }
    if (!auto || !(window.matchMedia && matchMedia("(pointer: coarse)").matches)) return;
    // the board's own targets (drawn in SVG), not the buttons some boards keep beside them
    const nodes = [...content.querySelectorAll(".legal")].filter((n) => n instanceof SVGElement);
    const smallest = () => Math.min(...nodes.map((n) => n.getBoundingClientRect())
      .filter((r) => r.width && r.height).map((r) => Math.min(r.width, r.height)));
    if (!nodes.length || !targets.size || smallest() === Infinity) { if (scale !== 1) set(1); return; }
    if (scale !== 1) set(1);
    // a board beside fixed columns does not grow in proportion: a few rounds converge
    for (let round = 0; round < 4 && smallest() < MIN_TAP && scale < MAX_SCALE; round++) {
      set(scale * (MIN_TAP + 2) / smallest());
    }
    // scroll to the targets' region (their first one when they do not all fit)
    const box = viewport.getBoundingClientRect();
    const all = nodes.map((n) => n.getBoundingClientRect());
    const left = Math.min(...all.map((r) => r.left));
    const right = Math.max(...all.map((r) => r.right));
    const centre = right - left < box.width ? (left + right) / 2 : all[0].left + all[0].width / 2;
    viewport.scrollLeft += centre - (box.left + box.width / 2);
    // and, when zoomed, the page to the first target if it lies out of sight
    const first = nodes[0].getBoundingClientRect();
    if (scale > 1 && (first.top < 0 || first.bottom > innerHeight * 0.7)) {
      nodes[0].scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    }
  }

  // two fingers pinch; the browser pans with one (touch-action: pan-x pan-y)
  const fingers = new Map();
  let pinch = null;
  viewport.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "touch") fingers.set(event.pointerId, [event.clientX, event.clientY]);
    if (fingers.size === 2) {
      const [a, b] = [...fingers.values()];
      pinch = { distance: Math.hypot(a[0] - b[0], a[1] - b[1]), scale };
    } else if (event.pointerType === "mouse" && scale > 1 && event.button === 0) {
      drag = { x: event.clientX, y: event.clientY, left: viewport.scrollLeft,
               top: viewport.scrollTop, moved: false };
    }
  });
  viewport.addEventListener("pointermove", (event) => {
    if (fingers.has(event.pointerId)) fingers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pinch && fingers.size === 2) {
      const [a, b] = [...fingers.values()];
      const box = viewport.getBoundingClientRect();
      set(pinch.scale * Math.hypot(a[0] - b[0], a[1] - b[1]) / pinch.distance, true,
        [(a[0] + b[0]) / 2 - box.left, (a[1] + b[1]) / 2 - box.top]);
    } else if (drag) {
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (Math.hypot(dx, dy) > 4) drag.moved = true;
      viewport.scrollLeft = drag.left - dx;
      viewport.scrollTop = drag.top - dy;
    }
  });
  let drag = null;
  const lift = (event) => {
    fingers.delete(event.pointerId);
    if (fingers.size < 2) pinch = null;
    if (drag && !drag.moved) drag = null;
  };
  viewport.addEventListener("pointerup", lift);
  viewport.addEventListener("pointercancel", lift);
  // a drag that panned is not a tap on what lies under the mouse at its end
  viewport.addEventListener("click", (event) => {
    if (drag && drag.moved) { event.stopPropagation(); event.preventDefault(); }
    drag = null;
  }, true);
  viewport.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    const box = viewport.getBoundingClientRect();
    set(scale * Math.exp(-event.deltaY / 300), true, [event.clientX - box.left, event.clientY - box.top]);
  }, { passive: false });

  set(1);
  return { fit, set, get scale() { return scale; } };
}
