export type SortDirection = 'asc' | 'desc';

/**
 * The ORDER BY of a list request: `sortField` and `sortType` name one key or several, comma-joined
 * in order (a sort preset sends several). Keys map to columns through `columns`, so only listed
 * keys ever reach SQL; a key named twice counts once, and a missing direction is ascending.
 */
export function sortKeys<K extends string, C extends string>(
  sortField: string | undefined,
  sortType: string | undefined,
  columns: Record<K, C>,
): [C, SortDirection][] {
  if (!sortField) return [];
  const directions = (sortType ?? '').split(',');
  const seen = new Set<string>();
  const out: [C, SortDirection][] = [];
  sortField.split(',').forEach((key, i) => {
    if (seen.has(key) || !Object.hasOwn(columns, key)) return;
    seen.add(key);
    out.push([columns[key as K], directions[i] === 'desc' ? 'desc' : 'asc']);
  });
  return out;
}
