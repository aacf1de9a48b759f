import type { BrandMapNode } from '../generated/types.js';

/** Limits of one knowledge map, so a tree stays readable and a save stays small. */
export const MAP_LIMITS = { depth: 6, nodes: 2000, label: 30 } as const;

export function makeNode(id: string, label: string, children: BrandMapNode[] = []): BrandMapNode {
  return { value: id, label, data: { text: label, id }, children };
}

/** A fresh node id: short, URL-safe, and unique enough within one organisation's maps. */
export function newNodeId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return (
    'n' +
    Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
      .join('')
      .slice(0, 12)
  );
}

export interface NodeVisit {
  node: BrandMapNode;
  parent: BrandMapNode | null;
  /** Labels from the root down to the node, both included. */
  path: string[];
  depth: number;
}

/** Every node of the tree, parents before children. */
export function* walkNodes(root: BrandMapNode): Generator<NodeVisit> {
  const stack: NodeVisit[] = [{ node: root, parent: null, path: [root.label], depth: 1 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    yield visit;
    for (let i = visit.node.children.length - 1; i >= 0; i--) {
      const child = visit.node.children[i]!;
      stack.push({ node: child, parent: visit.node, path: [...visit.path, child.label], depth: visit.depth + 1 });
    }
  }
}

export function findNode(root: BrandMapNode, id: string): NodeVisit | null {
  for (const visit of walkNodes(root)) if (visit.node.value === id) return visit;
  return null;
}

/** The node's id and the ids of everything under it. */
export function subtreeIds(node: BrandMapNode): string[] {
  return [...walkNodes(node)].map((v) => v.node.value);
}

/** A map this small is shown whole; a larger one first shows its root and second level, so the first view stays readable. */
export const FIRST_VIEW = { wholeUpTo: 60, openDepth: 2 } as const;

/** The nodes whose children are folded when a map is first shown (depth counts the root as 1). */
export function foldedAtFirstView(root: BrandMapNode): Set<string> {
  const visits = [...walkNodes(root)];
  if (visits.length <= FIRST_VIEW.wholeUpTo) return new Set();
  return new Set(visits.filter((v) => v.depth >= FIRST_VIEW.openDepth && v.node.children.length > 0).map((v) => v.node.value));
}

/** The path a tag shows on hover: map name, then the node's ancestors below the root. */
export function nodeTips(mapName: string, path: string[]): string {
  return [mapName, ...path.slice(1)].join(' / ');
}

/** Why a tree cannot be saved, in words for the person editing it; null when it can. */
export function treeProblem(root: BrandMapNode): string | null {
  const seen = new Set<string>();
  let count = 0;
  for (const { node, depth } of walkNodes(root)) {
    count++;
    if (node.value !== node.data.id) return `节点“${node.label}”的编号不一致`;
    if (seen.has(node.value)) return `节点编号重复：${node.value}`;
    seen.add(node.value);
    if (!node.label.trim()) return '节点名称不能为空';
    if (node.label.length > MAP_LIMITS.label) return `节点名称不能超过 ${MAP_LIMITS.label} 个字`;
    if (depth > MAP_LIMITS.depth) return `图谱最多 ${MAP_LIMITS.depth} 层`;
  }
  if (count > MAP_LIMITS.nodes) return `一个图谱最多 ${MAP_LIMITS.nodes} 个节点`;
  return null;
}

/** A copy of the tree with `change` applied to the children list of the node `parentId`. */
function withChildren(root: BrandMapNode, parentId: string, change: (children: BrandMapNode[]) => BrandMapNode[]): BrandMapNode {
  if (root.value === parentId) return { ...root, children: change(root.children) };
  return { ...root, children: root.children.map((c) => withChildren(c, parentId, change)) };
}

export function renameNode(root: BrandMapNode, id: string, label: string): BrandMapNode {
  const rename = (n: BrandMapNode): BrandMapNode =>
    n.value === id ? { ...n, label, data: { ...n.data, text: label } } : { ...n, children: n.children.map(rename) };
  return rename(root);
}

export function addChild(root: BrandMapNode, parentId: string, node: BrandMapNode): BrandMapNode {
  return withChildren(root, parentId, (children) => [...children, node]);
}

/** Adds `node` right after `siblingId`; the root has no siblings. */
export function addSibling(root: BrandMapNode, siblingId: string, node: BrandMapNode): BrandMapNode {
  const found = findNode(root, siblingId);
  if (!found?.parent) return root;
  return withChildren(root, found.parent.value, (children) => {
    const at = children.findIndex((c) => c.value === siblingId);
    return [...children.slice(0, at + 1), node, ...children.slice(at + 1)];
  });
}

/** The tree without the node and its subtree; the root cannot be removed. */
export function removeNode(root: BrandMapNode, id: string): BrandMapNode {
  const found = findNode(root, id);
  if (!found?.parent) return root;
  return withChildren(root, found.parent.value, (children) => children.filter((c) => c.value !== id));
}
