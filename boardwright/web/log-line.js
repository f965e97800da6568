// How a LogLine looks in a list (the match log and the replay's step events).

/** A line takes the colour of the seat it is about (a scored figure's owner), else the actor's;
 * chance's own lines (deals and draws by nobody in particular) stay grey. */
export function lineClass(line) {
  const seat = line.data && Number.isInteger(line.data.seat) ? line.data.seat : line.actor;
  return Number.isInteger(seat) && seat >= 0 ? `seat-text-${seat}` : "chance";
}
