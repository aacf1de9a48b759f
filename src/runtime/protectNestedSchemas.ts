import type { FormilyNode } from '../generated/types.js';
import { NESTED_SCHEMA_PATHS, type ComponentName } from '../generated/components.js';
import { mapAtPath } from '../shared/nestedSchemas.js';

/**
 * Formily evaluates every `{{ }}` in a node's props when it renders the node, with the scope of
 * that place. A schema carried in props (a row button's drawer content reading `$record`) must
 * wait for the scope it is rendered in. An object with a `toJSON` method is one Formily neither
 * compiles nor makes observable; the method is not enumerable, so the schema itself is unchanged.
 */
function sealed<T extends object>(schema: T): T {
  const copy = { ...schema };
  Object.defineProperty(copy, 'toJSON', { value: () => schema, enumerable: false });
  return copy;
}

/** The node with every schema its props carry sealed, after protecting what those carry in turn. */
export function protectNestedSchemas(node: FormilyNode): FormilyNode {
  let out: FormilyNode = node;
  const paths = typeof node['x-component'] === 'string' ? NESTED_SCHEMA_PATHS[node['x-component'] as ComponentName] : undefined;
  if (paths && node['x-component-props']) {
    let props: unknown = node['x-component-props'];
    for (const path of paths) {
      props = mapAtPath(props, path, (inner) => (inner && typeof inner === 'object' ? sealed(protectNestedSchemas(inner as FormilyNode)) : inner));
    }
    out = { ...out, 'x-component-props': props as FormilyNode['x-component-props'] };
  }
  if (node.properties) out = { ...out, properties: Object.fromEntries(Object.entries(node.properties).map(([k, child]) => [k, protectNestedSchemas(child)])) };
  if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) out = { ...out, items: protectNestedSchemas(node.items as FormilyNode) };
  return out;
}
