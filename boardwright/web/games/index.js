// The game-renderer registry: one module per game, loaded only when a match of it is opened.
// A renderer module exports `createRenderer(elements, ctx)` returning
// `{update(snapshot, state), prompt(snapshot), renderFinal(element, snapshot)}`; see beowulf.js.

const RENDERERS = {
  beowulf: () => import("./beowulf.js"),
  feinde: () => import("./feinde.js"),
  mesopotamia: () => import("./mesopotamia.js"),
  runebound: () => import("./runebound.js"),
};

export async function rendererFor(game) {
  const load = RENDERERS[game] || (() => import("./generic.js"));
  return load();
}
