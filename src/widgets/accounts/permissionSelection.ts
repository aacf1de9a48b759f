import type { PermissionNode } from '../../generated/types.js';

/**
 * Choosing a role's keys on the permission tree. A node is a key, except a group (其他权限), which
 * only arranges keys. Checking a node takes it, everything below it and every key above it (a page
 * below a menu nobody may open is of no use); unchecking drops it and everything below it, and keeps
 * what is above. A node is checked when it and everything below it are held, half-checked when only
 * some are.
 */
export interface PermissionIndex {
  /** Keys of each node and everything below it, groups left out. */
  below: Map<string, string[]>;
  /** Keys above each node, nearest last, groups left out. */
  above: Map<string, string[]>;
  /** Every key, in tree order. */
  keys: string[];
}

const isKey = (node: PermissionNode) => node.kind !== 'group';

export function indexPermissions(tree: readonly PermissionNode[]): PermissionIndex {
  const below = new Map<string, string[]>();
  const above = new Map<string, string[]>();
  const walk = (node: PermissionNode, ancestors: string[]): string[] => {
    above.set(node.key, ancestors);
    below.set(node.key, []); // in tree order, before what is below it
    const inner = node.children.flatMap((c) => walk(c, isKey(node) ? [...ancestors, node.key] : ancestors));
    const mine = isKey(node) ? [node.key, ...inner] : inner;
    below.set(node.key, mine);
    return mine;
  };
  const keys = tree.flatMap((n) => walk(n, []));
  return { below, above, keys };
}

/** The held keys in tree order; keys the tree does not know are dropped. */
function ordered(index: PermissionIndex, held: ReadonlySet<string>): string[] {
  return index.keys.filter((k) => held.has(k));
}

export function checkNode(index: PermissionIndex, held: readonly string[], node: string): string[] {
  return ordered(index, new Set([...held, ...(index.below.get(node) ?? []), ...(index.above.get(node) ?? [])]));
}

export function uncheckNode(index: PermissionIndex, held: readonly string[], node: string): string[] {
  const dropped = new Set(index.below.get(node) ?? []);
  return ordered(index, new Set(held.filter((k) => !dropped.has(k))));
}

/** What the tree shows: the nodes checked and the nodes half-checked. */
export function checkState(index: PermissionIndex, held: readonly string[]): { checked: string[]; halfChecked: string[] } {
  const have = new Set(held);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const [node, keys] of index.below) {
    const count = keys.filter((k) => have.has(k)).length;
    if (count > 0 && count === keys.length) checked.push(node);
    else if (count > 0) halfChecked.push(node);
  }
  return { checked, halfChecked };
}

/** A field's value as keys: a role's roleAuth text is split on commas. */
export function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((k): k is string => typeof k === 'string');
  if (typeof value === 'string')
    return value
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
  return [];
}

/** Nodes whose title or key contains the keyword, with their ancestors; below a matching node everything stays. */
export function filterPermissions(tree: readonly PermissionNode[], keyword: string): PermissionNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...tree];
  return tree.flatMap((node) => {
    if (node.title.toLowerCase().includes(k) || (isKey(node) && node.key.toLowerCase().includes(k))) return [node];
    const children = filterPermissions(node.children, keyword);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}
