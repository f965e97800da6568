// Playback: the steps that arrive (one per applied action) are shown one at a time. `apply`
// draws a step; `pauseFor(step)` says how long it stays before the next (0 for the player's
// own steps and at the instant pace). While steps wait, `pending` is true and the page is not
// interactive for the viewer; a welcome (reconnect) clears the queue and draws at once.

export function createPlayback({ apply, pauseFor, onIdle }) {
  let queue = [];
  let running = false;
  let generation = 0;

  async function run() {
    running = true;
    const mine = generation;
    while (queue.length && mine === generation) {
      const step = queue.shift();
      apply(step);
      const ms = pauseFor(step);
      if (ms && queue.length) await new Promise((done) => { setTimeout(done, ms); });
    }
    running = false;
    if (mine === generation && onIdle) onIdle();
  }

  return {
    push(step) {
      queue.push(step);
      if (!running) run();
    },
    clear() {
      queue = [];
      generation += 1;
      running = false;
    },
    /** Steps are still waiting to be shown. */
    get pending() { return queue.length > 0; },
  };
}
