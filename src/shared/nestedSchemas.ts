/** A JSON Schema node, loosely: only the keys the walk below reads. */
interface SchemaNode {
  $ref?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: unknown;
}

/**
 * Where a component's props hold Formily nodes of their own (they reference formily.schema.json):
 * a dialog's form, or deeper, a row button's drawer content. Paths of property names; `*` stands
 * for each item of an array.
 */
export function formilyPaths(schema: SchemaNode, path: string[] = []): string[][] {
  if (path.length > 0 && typeof schema.$ref === 'string' && schema.$ref.endsWith('meta/formily.schema.json')) return [path];
  const inside = Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => formilyPaths(sub, [...path, key]));
  const items =
    schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? formilyPaths(schema.items as SchemaNode, [...path, '*']) : [];
  return [...inside, ...items];
}

/** The values at such a path inside `value`, with their JSON pointers below `at`. */
export function valuesAtPath(value: unknown, path: string[], at: string): [unknown, string][] {
  if (path.length === 0) return [[value, at]];
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((item, i) => valuesAtPath(item, rest, `${at}/${i}`)) : [];
  return valuesAtPath((value as Record<string, unknown>)[head!], rest, `${at}/${head}`);
}

/** A copy of `value` with `change` applied to whatever sits at the path (nothing there: unchanged). */
export function mapAtPath(value: unknown, path: string[], change: (inner: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  if (value === null || typeof value !== 'object') return value;
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.map((item) => mapAtPath(item, rest, change)) : value;
  const record = value as Record<string, unknown>;
  if (!(head! in record)) return value;
  return { ...record, [head!]: mapAtPath(record[head!], rest, change) };
}
