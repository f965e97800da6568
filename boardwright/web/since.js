// "Since your last move": when the player's turn comes back, the other seats' steps since the
// player's own last step, in words (a collapsible list over the board); gone once they move.

import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export function renderSince(snapshot, log, myTurn, seatLabel) {
  const box = $("since");
  if (!box) return;
  const seat = snapshot.seat;
  if (!myTurn || seat === null || seat === undefined) { box.hidden = true; return; }
  let i = log.length - 1;
  while (i >= 0 && log[i].actor !== seat) i--;
  const lines = log.slice(i + 1).filter((line) => line.actor >= 0 && line.actor !== seat);
  // one step is already the status bar's "last move": the list is for more than one
  box.hidden = lines.length < 2;
  if (lines.length < 2) return;
  $("since-title").textContent = t("web.since.title", { count: lines.length });
  const list = $("since-list");
  if (list.dataset.until === String(lines[lines.length - 1].seq)) return;
  list.dataset.until = String(lines[lines.length - 1].seq);
  list.replaceChildren(...lines.map((line) => {
    const item = document.createElement("li");
    item.className = `seat-text-${line.actor}`;
    item.textContent = line.text.startsWith(seatLabel(line.actor)) ? line.text
      : `${seatLabel(line.actor)}: ${line.text}`;
    return item;
  }));
}
