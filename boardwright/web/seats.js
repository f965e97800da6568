// Seat names as the pages show them: the game's "Player B" in the viewer's language, plus the
// name chosen in the lobby when there is one.

import { t } from "./i18n.js";

/** `getSeats()` gives the current [{seat, name, ...}] (from a snapshot or a summary). */
export function seatLabeller(getSeats) {
  const label = (seat) => {
    const letter = String.fromCharCode(65 + seat);
    const base = t("seat", { letter });
    const info = (getSeats() || []).find((s) => s.seat === seat);
    // The server names an unnamed person "Player B" in English; that is no extra information.
    const name = info && (info.player || info.name);   // an identity's name first
    return name && name !== base && name !== `Player ${letter}` ? `${base} (${name})` : base;
  };
  const winnersText = (winners) => {
    const names = winners.map(label).join(t("list.separator"));
    return t(winners.length > 1 ? "web.final.shared" : "web.final.winner", { players: names });
  };
  return { seatLabel: label, winnersText };
}

/** How a finished game ended and why its winners won (the server's `ending.text`), or null. */
export function endingLine(h, snapshot) {
  const ending = snapshot && snapshot.ending;
  return ending ? h("p", { class: "ending", id: "ending" }, ending.text) : null;
}
