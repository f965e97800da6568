// A long press on touch shows what hover shows with a mouse: the node's <title> (or title,
// or aria-label) in a tip beside the finger; the tap that ends a long press does not choose.

const PRESS_MS = 500;
const MOVE_PX = 10;

function tipText(node) {
  const title = node.querySelector(":scope > title");
  return (title && title.textContent) || node.getAttribute("title")
    || node.getAttribute("aria-label") || "";
}

function tipElement() {
  let tip = document.getElementById("tip");
  if (!tip) {
    tip = document.createElement("div");
    tip.id = "tip";
    tip.className = "tip";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    document.body.append(tip);
  }
  return tip;
}

export function showTip(node, x, y) {
  const text = tipText(node);
  if (!text) return;
  const tip = tipElement();
  tip.textContent = text;
  tip.hidden = false;
  const width = Math.min(280, innerWidth - 16);
  tip.style.maxWidth = `${width}px`;
  tip.style.left = `${Math.max(8, Math.min(x - width / 2, innerWidth - width - 8))}px`;
  tip.style.top = `${Math.max(8, y - 70)}px`;
  clearTimeout(showTip.timer);
  showTip.timer = setTimeout(() => { tip.hidden = true; }, 3000);
}

export function installLongPress(root) {
  let timer = null;
  let start = null;
  let pressed = false;
  root.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    const node = event.target.closest("[data-key], [title], [data-piece]");
    if (!node) return;
    start = [event.clientX, event.clientY];
    pressed = false;
    clearTimeout(timer);
    timer = setTimeout(() => { pressed = true; showTip(node, start[0], start[1]); }, PRESS_MS);
  });
  const stop = (event) => {
    if (!start) return;
    if (event.type === "pointermove" && Math.hypot(event.clientX - start[0],
      event.clientY - start[1]) < MOVE_PX) return;
    clearTimeout(timer);
    start = null;
  };
  root.addEventListener("pointermove", stop);
  root.addEventListener("pointerup", stop);
  root.addEventListener("pointercancel", stop);
  root.addEventListener("contextmenu", (event) => { if (pressed) event.preventDefault(); });
  // the click that ends a long press only showed the tip
  root.addEventListener("click", (event) => {
    if (!pressed) return;
    pressed = false;
    event.stopImmediatePropagation();
    event.preventDefault();
  }, true);
}
