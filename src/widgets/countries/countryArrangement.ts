import type { CountryTreeNode } from '../../generated/types.js';

/** Group codes start with a lower-case letter; countries, regions and unions are two capitals. */
export const isGroup = (node: Pick<CountryTreeNode, 'code'>): boolean => /^[a-z]/.test(node.code);

/** The deepest tree the server keeps (spec of /countryCtg/reSave). */
export const MAX_DEPTH = 4;

export type DropPosition = 'before' | 'after' | 'inside';

const clone = (tree: CountryTreeNode[]): CountryTreeNode[] => structuredClone(tree);

function findParentList(tree: CountryTreeNode[], code: string): { list: CountryTreeNode[]; index: number } | null {
  const index = tree.findIndex((n) => n.code === code);
  if (index >= 0) return { list: tree, index };
  for (const node of tree) {
    const found = findParentList(node.subList, code);
    if (found) return found;
  }
  return null;
}

export function findNode(tree: CountryTreeNode[], code: string): CountryTreeNode | null {
  const at = findParentList(tree, code);
  return at ? at.list[at.index]! : null;
}

/** How many levels a node and its descendants take. */
function height(node: CountryTreeNode): number {
  return 1 + Math.max(0, ...node.subList.map(height));
}

/** The level (1 = top) a node sits at. */
function depthOf(tree: CountryTreeNode[], code: string, level = 1): number {
  for (const node of tree) {
    if (node.code === code) return level;
    const below = depthOf(node.subList, code, level + 1);
    if (below > 0) return below;
  }
  return 0;
}

function contains(node: CountryTreeNode, code: string): boolean {
  return node.subList.some((child) => child.code === code || contains(child, code));
}

/**
 * Moves `code` before, after or inside `target`. Refused (null) when it would put something inside
 * a country, a group inside itself, or the tree past four levels.
 */
export function moveNode(tree: CountryTreeNode[], code: string, target: string, position: DropPosition): CountryTreeNode[] | null {
  if (code === target) return null;
  const moving = findNode(tree, code);
  const targetNode = findNode(tree, target);
  if (!moving || !targetNode || contains(moving, target)) return null;
  if (position === 'inside' && !isGroup(targetNode)) return null;
  const targetLevel = depthOf(tree, target) + (position === 'inside' ? 1 : 0);
  if (targetLevel - 1 + height(moving) > MAX_DEPTH) return null;
  const next = clone(tree);
  const from = findParentList(next, code)!;
  const [node] = from.list.splice(from.index, 1);
  if (position === 'inside') {
    findNode(next, target)!.subList.push(node!);
    return next;
  }
  const to = findParentList(next, target)!;
  to.list.splice(position === 'before' ? to.index : to.index + 1, 0, node!);
  return next;
}

/** A code for a new group: lower-case start, unused in the tree. */
export function newGroupCode(tree: CountryTreeNode[], random: () => number = Math.random): string {
  for (;;) {
    const code = `g${Math.floor(random() * 36 ** 6).toString(36)}`;
    if (!findNode(tree, code)) return code;
  }
}

/** Adds an empty group at the top, or inside the group `parent`. */
export function addGroup(tree: CountryTreeNode[], name: string, parent: string | null, code = newGroupCode(tree)): CountryTreeNode[] | null {
  const group: CountryTreeNode = { code, name: name.trim(), subList: [] };
  if (!group.name) return null;
  const next = clone(tree);
  if (parent === null) return [...next, group];
  const holder = findNode(next, parent);
  if (!holder || !isGroup(holder) || depthOf(next, parent) >= MAX_DEPTH) return null;
  holder.subList.push(group);
  return next;
}

export function renameNode(tree: CountryTreeNode[], code: string, name: string): CountryTreeNode[] | null {
  if (!name.trim()) return null;
  const next = clone(tree);
  const node = findNode(next, code);
  if (!node) return null;
  node.name = name.trim();
  return next;
}

/** Removes a node with everything under it; removed countries are offered again for adding. */
export function removeNode(tree: CountryTreeNode[], code: string): CountryTreeNode[] {
  const next = clone(tree);
  const at = findParentList(next, code);
  if (at) at.list.splice(at.index, 1);
  return next;
}

/** Every country code placed somewhere in the tree. */
export function placedCodes(tree: CountryTreeNode[]): Set<string> {
  const codes = new Set<string>();
  const walk = (nodes: CountryTreeNode[]) => {
    for (const node of nodes) {
      if (!isGroup(node)) codes.add(node.code);
      walk(node.subList);
    }
  };
  walk(tree);
  return codes;
}

/** Puts countries (not yet placed) at the end of a group, or at the top when `group` is null. */
export function addCountries(tree: CountryTreeNode[], group: string | null, countries: { code: string; name: string }[]): CountryTreeNode[] | null {
  const placed = placedCodes(tree);
  const fresh = countries.filter((c) => !placed.has(c.code)).map((c) => ({ code: c.code, name: c.name, subList: [] }));
  const next = clone(tree);
  if (group === null) return [...next, ...fresh];
  const holder = findNode(next, group);
  if (!holder || !isGroup(holder) || depthOf(next, group) >= MAX_DEPTH) return null;
  holder.subList.push(...fresh);
  return next;
}
