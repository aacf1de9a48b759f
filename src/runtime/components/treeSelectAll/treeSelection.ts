/** Which properties of the raw tree hold a node's label, value and children. */
export interface TreeFieldNames {
  label: string;
  value: string;
  children: string;
}

export const DEFAULT_FIELD_NAMES: TreeFieldNames = { label: 'label', value: 'value', children: 'children' };

export type TreeValue = string | number;

/** A node of any tree, read through the field names. */
export interface SelectableNode {
  value: TreeValue;
  label: string;
  /** False for a group that only arranges its children and is never a value itself. */
  selectable: boolean;
  children: SelectableNode[];
}

/**
 * Reads a raw tree (e.g. the country tree's {code, name, subList}) into selectable nodes. With
 * `groupsSelectable` false, nodes that have children are arrangement only.
 */
export function readTree(raw: unknown, names: TreeFieldNames = DEFAULT_FIELD_NAMES, groupsSelectable = true): SelectableNode[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((n): n is Record<string, unknown> => n !== null && typeof n === 'object')
    .map((n) => {
      const children = readTree(n[names.children], names, groupsSelectable);
      const value = n[names.value] as TreeValue;
      const label = n[names.label];
      return {
        value,
        label: typeof label === 'string' || typeof label === 'number' ? String(label) : String(value),
        selectable: groupsSelectable || children.length === 0,
        children,
      };
    });
}

/** The selectable nodes below a node (not the node itself), depth first. */
export function descendantValues(node: SelectableNode): TreeValue[] {
  return node.children.flatMap((child) => [...(child.selectable ? [child.value] : []), ...descendantValues(child)]);
}

/** 全选: every selectable descendant added, in tree order after what was already chosen. */
export function selectAllUnder(selected: TreeValue[], node: SelectableNode): TreeValue[] {
  const have = new Set(selected);
  return [...selected, ...descendantValues(node).filter((v) => !have.has(v))];
}

/** 取消全选: every descendant removed; choices elsewhere kept. */
export function cancelAllUnder(selected: TreeValue[], node: SelectableNode): TreeValue[] {
  const below = new Set(descendantValues(node));
  return selected.filter((v) => !below.has(v));
}

/** Whether none, some or all of a node's selectable descendants are chosen. */
export function selectionUnder(selected: TreeValue[], node: SelectableNode): 'none' | 'some' | 'all' {
  const below = descendantValues(node);
  if (below.length === 0) return 'none';
  const have = new Set(selected);
  const chosen = below.filter((v) => have.has(v)).length;
  return chosen === 0 ? 'none' : chosen === below.length ? 'all' : 'some';
}

/** Every node by value, for labels and for finding a node from the widget's callbacks. */
export function indexTree(nodes: SelectableNode[], into = new Map<TreeValue, SelectableNode>()): Map<TreeValue, SelectableNode> {
  for (const node of nodes) {
    into.set(node.value, node);
    indexTree(node.children, into);
  }
  return into;
}

/** Nodes whose label contains the keyword, with their ancestors; children of a matching group are kept whole. */
export function filterTree(nodes: SelectableNode[], keyword: string): SelectableNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  return nodes.flatMap((node) => {
    if (node.label.toLowerCase().includes(k) || String(node.value).toLowerCase() === k) return [node];
    const children = filterTree(node.children, k);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}
