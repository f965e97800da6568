// The game-renderer registry: one module per game, loaded only when a match of it is opened.
// A renderer follows docs/web-client.md §2 (`draw`, `pathOf`, `prompt`, `playerSummary`,
// `renderFinal`; see beowulf.js) and board/host.js gives it to the pages; a renderer that still
// has the older face (`update(snapshot, state)`, its own clicks) is handed over as it is.

import { hostRenderer } from "../board/host.js";
import { createZoom } from "../board/zoom.js";

/** Boards too large for a phone at their natural size: pinch, pan, and zoom to the targets. */
const ZOOMABLE = new Set(["feinde", "mesopotamia", "runebound"]);

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
      if (typeof renderer.draw === "function") return hostRenderer(renderer, elements, own);
      return ZOOMABLE.has(game) ? zoomed(renderer, elements, own) : renderer;
    },
  };
}

/** An older renderer gets the zoom around its board until it is ported to the contract. */
function zoomed(renderer, elements, ctx) {
  const viewport = elements.board && elements.board.parentElement;
  if (!viewport || !viewport.classList.contains("board-viewport")) return renderer;
  let seq = null;
  const zoom = createZoom(viewport, elements.board, { ...ctx, position: () => seq }, true);
  return {
    ...renderer,
    update(snapshot, state) {
      seq = snapshot.seq;
      renderer.update(snapshot, state);
      const legal = elements.board.querySelectorAll(".legal").length;
      zoom.fit({ size: legal });
    },
  };
}
