import type { FormilyNode } from '../../generated/types.js';

/**
 * Edits of a Formily schema tree for the visual builder. A node is addressed by the property keys
 * leading to it from the root; the order of `properties` is the order on the page. Every edit
 * returns a new tree and leaves the old one untouched, so undo is keeping the old one.
 */
export type NodePath = string[];

export function nodeAt(root: FormilyNode, path: NodePath): FormilyNode | undefined {
  let node: FormilyNode | undefined = root;
  for (const key of path) node = node?.properties?.[key];
  return node;
}

/** Rebuilds the chain from the root to `path`, letting `change` replace the node at its end. */
function rebuild(root: FormilyNode, path: NodePath, change: (node: FormilyNode) => FormilyNode): FormilyNode {
  if (path.length === 0) return change(root);
  const [key, ...rest] = path;
  const child = root.properties?.[key];
  if (!child) throw new Error(`没有 ${key}`);
  return { ...root, properties: { ...root.properties, [key]: rebuild(child, rest, change) } };
}

function withEntries(node: FormilyNode, entries: [string, FormilyNode][]): FormilyNode {
  return { ...node, properties: Object.fromEntries(entries) };
}

/** A key not yet used among the parent's children: `base`, then `base2`, `base3`… */
export function uniqueKey(parent: FormilyNode, base: string): string {
  const taken = new Set(Object.keys(parent.properties ?? {}));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n++;
  return `${base}${n}`;
}

export function insertNode(root: FormilyNode, parentPath: NodePath, index: number, key: string, node: FormilyNode): FormilyNode {
  return rebuild(root, parentPath, (parent) => {
    if (parent.properties?.[key]) throw new Error(`${key} 已存在`);
    const entries = Object.entries(parent.properties ?? {});
    entries.splice(Math.max(0, Math.min(index, entries.length)), 0, [key, node]);
    return withEntries(parent, entries);
  });
}

export function removeNode(root: FormilyNode, path: NodePath): FormilyNode {
  const key = path[path.length - 1];
  return rebuild(root, path.slice(0, -1), (parent) =>
    withEntries(
      parent,
      Object.entries(parent.properties ?? {}).filter(([k]) => k !== key),
    ),
  );
}

export function updateNode(root: FormilyNode, path: NodePath, next: FormilyNode): FormilyNode {
  return rebuild(root, path, () => next);
}

/** Renames a node's key in place, keeping its position among its siblings. */
export function renameNode(root: FormilyNode, path: NodePath, newKey: string): FormilyNode {
  const key = path[path.length - 1];
  if (newKey === key) return root;
  return rebuild(root, path.slice(0, -1), (parent) => {
    if (parent.properties?.[newKey]) throw new Error(`${newKey} 已存在`);
    return withEntries(
      parent,
      Object.entries(parent.properties ?? {}).map(([k, v]) => (k === key ? [newKey, v] : [k, v])),
    );
  });
}

/** True when `inner` is `outer` or lies inside it. */
export function isWithin(inner: NodePath, outer: NodePath): boolean {
  return outer.length <= inner.length && outer.every((k, i) => inner[i] === k);
}

/**
 * Moves a node under another parent (or within its own) at `index` among the new siblings,
 * counted as they stand before the move. A node cannot move into itself.
 */
export function moveNode(root: FormilyNode, from: NodePath, toParent: NodePath, index: number): FormilyNode {
  if (isWithin(toParent, from)) throw new Error('不能移到自己里面');
  const node = nodeAt(root, from);
  if (!node) throw new Error(`没有 ${from.join('.')}`);
  const key = from[from.length - 1];
  const sameParent = from.length - 1 === toParent.length && isWithin(toParent, from.slice(0, -1));
  const oldIndex = Object.keys(nodeAt(root, from.slice(0, -1))?.properties ?? {}).indexOf(key);
  const target = nodeAt(root, toParent);
  if (!sameParent && target?.properties?.[key]) throw new Error(`目标里已有 ${key}`);
  const without = removeNode(root, from);
  return insertNode(without, toParent, sameParent && oldIndex < index ? index - 1 : index, key, node);
}

export interface OutlineEntry {
  path: NodePath;
  node: FormilyNode;
  depth: number;
}

/** Every node under the root, depth first, in page order. */
export function outline(root: FormilyNode, path: NodePath = [], depth = 0): OutlineEntry[] {
  return Object.entries(root.properties ?? {}).flatMap(([key, child]) => [
    { path: [...path, key], node: child, depth },
    ...outline(child, [...path, key], depth + 1),
  ]);
}
