// Sound cues, made by the browser (Web Audio, no files): your turn, another player moved, the
// game is over. Silent while muted (settings.js) or before the page was first touched (browsers
// allow sound only after a gesture).

import { muted } from "./settings.js";

const CUES = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.16]],
  moved: [[520, 0, 0.06]],
  over: [[523, 0, 0.15], [659, 0.16, 0.15], [784, 0.32, 0.3]],
};
let audio = null;

function context() {
  if (!audio && typeof AudioContext !== "undefined") audio = new AudioContext();
  return audio;
}

// the first touch or key of the page unlocks sound
for (const type of ["pointerdown", "keydown"]) {
  addEventListener(type, () => { const ctx = context(); if (ctx) ctx.resume(); }, { once: true });
}

export function cue(name) {
  if (muted() || !audio || audio.state !== "running") return;
  const now = audio.currentTime;
  for (const [freq, at, length] of CUES[name] || []) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.12, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + at);
    osc.stop(now + at + length + 0.05);
  }
}
