// The game-renderer registry: one module per game, loaded only when a match of it is opened.
// A renderer follows docs/web-client.md §2 (`draw`, `pathOf`, `prompt`, `playerSummary`,
// `renderFinal`; see beowulf.js) and board/host.js gives it to the pages; a renderer that still
// has the older face (`update(snapshot, state)`, its own clicks) is handed over as it is.

import { hostRenderer } from "../board/host.js";

const RENDERERS = {
  beowulf: () => import("./beowulf.js"),
  feinde: () => import("./feinde.js"),
  mesopotamia: () => import("./mesopotamia.js"),
  runebound: () => import("./runebound.js"),
};

export async function rendererFor(game) {
  const load = RENDERERS[game] || (() => import("./generic.js"));
  const module = await load();
  return {
    createRenderer(elements, ctx) {
      const own = { ...ctx };
      const renderer = module.createRenderer(elements, own);
      return typeof renderer.draw === "function" ? hostRenderer(renderer, elements, own) : renderer;
    },
  };
}
