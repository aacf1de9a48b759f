import type { FormilyNode } from '../../generated/types.js';

/** Names of the data fields a form schema declares; layout (void) nodes are looked through. */
export function dataFieldNames(schema: FormilyNode): string[] {
  const names: string[] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    if (child.type === 'void') names.push(...dataFieldNames(child));
    else names.push(name);
  }
  return names;
}

/**
 * A form opened from a table row starts from that row's values, but only for the fields it has:
 * the rest of the row must not ride along into the request.
 */
export function recordValuesFor(schema: FormilyNode, record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(dataFieldNames(schema).filter((name) => record[name] !== undefined && record[name] !== null).map((name) => [name, record[name]]));
}
