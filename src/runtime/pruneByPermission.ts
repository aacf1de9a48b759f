import type { FormilyNode } from '../generated/types.js';

/** The schema without the nodes whose `x-permission` the user lacks: hidden, not merely disabled. */
export function pruneByPermission(node: FormilyNode, permissions: ReadonlySet<string>): FormilyNode | null {
  const required = node['x-permission'];
  if (required && !permissions.has(required)) return null;
  const out: FormilyNode = { ...node };
  if (node.properties) {
    const kept: Record<string, FormilyNode> = {};
    for (const [key, child] of Object.entries(node.properties)) {
      const pruned = pruneByPermission(child, permissions);
      if (pruned) kept[key] = pruned;
    }
    out.properties = kept;
  }
  if (node.items) out.items = pruneByPermission(node.items, permissions) ?? undefined;
  return out;
}
