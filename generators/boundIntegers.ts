/** What a PostgreSQL `integer` column holds: an integer without bounds of its own is validated against it. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

type Node = Record<string, unknown>;

const isInteger = (node: Node) => node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'));

/**
 * A copy of the schema in which every integer that declares no bound gets the bound of the
 * database column it ends in, so a number the database would refuse (2³¹, 1e308) is a 4xx naming
 * the field instead of a failed statement. A field that holds more says so with its own bound.
 */
export function boundIntegers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(boundIntegers) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(
    Object.entries(schema as Node).map(([k, v]) => [k, k === 'enum' || k === 'const' || k === 'examples' || k === 'default' ? v : boundIntegers(v)]),
  );
  if (isInteger(node) && node.enum === undefined && node.const === undefined) {
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = INT4_MAX;
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = INT4_MIN;
  }
  return node as T;
}
