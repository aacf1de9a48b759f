/**
 * When a row button, dropdown item or editable cell applies to a row: a small condition language
 * over the row's fields, written in the page schema.
 *   {"field": "state", "equals": 1}
 *   {"field": "state", "in": [1, 2]}
 *   {"not": {...}}, {"all": [...]}, {"any": [...]}
 * `field` may be a dotted path (`owner.id`).
 */
export type RowCondition =
  { field: string; equals: unknown } | { field: string; in: unknown[] } | { not: RowCondition } | { all: RowCondition[] } | { any: RowCondition[] };

function fieldValue(row: Record<string, unknown>, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Missing values compare equal to null, so `{"equals": null}` also matches an absent field. */
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

export function matchesCondition(row: Record<string, unknown>, condition: RowCondition | undefined): boolean {
  if (!condition) return true;
  if ('not' in condition) return !matchesCondition(row, condition.not);
  if ('all' in condition) return condition.all.every((c) => matchesCondition(row, c));
  if ('any' in condition) return condition.any.some((c) => matchesCondition(row, c));
  const value = fieldValue(row, condition.field);
  if ('in' in condition) return condition.in.some((v) => same(value, v));
  return same(value, condition.equals);
}
