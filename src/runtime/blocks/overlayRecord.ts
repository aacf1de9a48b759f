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
  return Object.fromEntries(
    dataFieldNames(schema)
      .filter((name) => record[name] !== undefined && record[name] !== null)
      .map((name) => [name, record[name]]),
  );
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The fields whose value differs from the one the form opened with: only these are sent when a
 * dialog edits part of a record. An emptied field counts as changed (sent as '', an emptied number
 * as null); a field left empty does not.
 */
export function changedValues(initial: Record<string, unknown>, current: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const name of new Set([...Object.keys(initial), ...Object.keys(current)])) {
    const before = initial[name];
    const after = current[name];
    if (blank(before) && blank(after)) continue;
    if (JSON.stringify(before) !== JSON.stringify(after))
      changed[name] = after === undefined || after === null ? (typeof before === 'number' ? null : '') : after;
  }
  return changed;
}
