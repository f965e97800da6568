// The status bar of the match page: whose turn (with the seat's colour), what to do now, the
// turn's buttons (the renderer's or the picker's in #actions, Cancel, the #undo and #confirm
// slots other modules fill), and the last step in words. On a phone it is fixed at the bottom
// of the screen; the page keeps room for it under the board (--status-height).

const $ = (id) => document.getElementById(id);

/** Keeps `--status-height` equal to the bar's height, so the end of the page is never under it. */
export function trackStatusHeight() {
  const bar = $("status-bar");
  if (!bar || typeof ResizeObserver === "undefined") return;
  const note = () => document.documentElement.style.setProperty(
    "--status-height", `${Math.ceil(bar.getBoundingClientRect().height) + 12}px`);
  new ResizeObserver(note).observe(bar);
  note();
}

/** The seat to move in colour, and the latest step's lines in words. */
export function renderStatus(snapshot, lastLines) {
  const bar = $("status-bar");
  const dot = $("status-seat");
  const seat = snapshot.status === "active" && snapshot.to_move !== null
    && snapshot.to_move !== undefined && snapshot.to_move >= 0 ? snapshot.to_move : null;
  dot.className = `seat-dot${seat === null ? "" : ` seat-fill-${seat}`}`;
  if (seat === null) delete bar.dataset.seat;
  else bar.dataset.seat = String(seat);
  // the move itself: the acting seat's lines of the last step, not the chance that followed
  const moved = lastLines.filter((line) => line.actor >= 0 && line.seq === lastLines[0].seq);
  $("status-last").textContent = moved.map((line) => line.text).join(" · ");
}
