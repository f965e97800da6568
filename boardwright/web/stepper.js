// Stepping through a recorded game, one request a step (the replay and lesson pages): the newest
// request wins, so quick clicks never draw an older step over a newer one, and the first, back,
// forward and last buttons and the arrow keys move through it. Back and forward count from the
// step last asked for, not the one last shown: three quick clicks on Next go three steps.

import { api } from "./dom.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** A failed request, said in the page's error line. */
export function showError(err) {
  $("error").textContent = t("web.error", { message: err.message });
  $("error").hidden = false;
}

/**
 * A stepper over the steps `urlFor(step)` answers (`{step, steps, ...}`): `go(target)` fetches
 * that step (within the known length) and hands the newest answer to `show(data)`; `step` and
 * `total` say where it stands.
 */
export function createStepper(urlFor, show) {
  let total = 0;
  let step = 0;
  let aim = 0;   // the step the newest request asks for
  let loading = null;

  async function go(target) {
    const wanted = Math.max(0, total ? Math.min(target, total) : target);
    const request = api(urlFor(wanted));
    loading = request;
    aim = wanted;
    let data;
    try {
      data = await request;
    } catch (err) {
      if (loading === request) aim = step;
      showError(err);
      return;
    }
    if (loading !== request) return;   // a newer click won
    $("error").hidden = true;
    total = data.steps;
    step = aim = data.step;
    show(data);
    $("first").disabled = $("prev").disabled = step <= 0;
    $("next").disabled = $("last").disabled = step >= total;
    document.body.dataset.status = "ready";
    document.body.dataset.step = String(step);
  }

  function bindControls() {
    $("first").addEventListener("click", () => go(0));
    $("prev").addEventListener("click", () => go(aim - 1));
    $("next").addEventListener("click", () => go(aim + 1));
    $("last").addEventListener("click", () => go(total));
    document.addEventListener("keydown", (event) => {
      if (event.target.closest("input, select")) return;
      if (event.key === "ArrowLeft") go(aim - 1);
      if (event.key === "ArrowRight") go(aim + 1);
    });
  }

  return {
    go, bindControls,
    get step() { return step; },
    get total() { return total; },
  };
}
