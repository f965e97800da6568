// Keyed node reuse: a renderer draws a list of things into a parent by key, and a thing whose
// key was there before keeps its node (updated in place, moved to its new place in order). So
// focus stays where the player was, and motion.js can slide a node from its old place.

/**
 * Brings `parent`'s children to `items`: `keyOf(item)` names each one (it becomes the node's
 * `data-key` unless `attr` names another data attribute), `create(item)` makes a missing node,
 * `update(node, item)` brings a node up to date. Children without the attribute are removed.
 * Returns the nodes in order.
 */
export function keyed(parent, items, keyOf, create, update = () => {}, attr = "key") {
  const old = new Map();
  for (const child of [...parent.children]) {
    const key = child.dataset[attr];
    if (key !== undefined && !old.has(key)) old.set(key, child);
    else child.remove();
  }
  const nodes = items.map((item, index) => {
    const key = keyOf(item, index);
    let node = old.get(key);
    if (node) old.delete(key);
    else {
      node = create(item, index);
      node.dataset[attr] = key;
    }
    update(node, item, index);
    const here = parent.children[index];
    if (here !== node) parent.insertBefore(node, here || null);
    return node;
  });
  for (const gone of old.values()) gone.remove();
  return nodes;
}

/** Unique keys for repeated names (two "+3" tiles in one hand): "hand:+3", "hand:+3#2". */
export function uniqueKeys(names) {
  const seen = new Map();
  return names.map((name) => {
    const n = (seen.get(name) || 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}#${n}`;
  });
}

/** The node's only child of `tag` with class `cls`, made if missing (a fixed slot in a node). */
export function slot(parent, tag, cls, make) {
  let node = parent.querySelector(`:scope > .${cls}`);
  if (!node) {
    node = make ? make() : document.createElement(tag);
    node.classList.add(cls);
    parent.append(node);
  }
  return node;
}
