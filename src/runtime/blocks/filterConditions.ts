/** Keys never shown as condition chips (spec 001 §5). */
export const INTERNAL_FILTER_KEYS = [
  'timeQDZY',
  'sortField',
  'sortType',
  'pageSize',
  'pageNo',
  'searchType',
  'demandId',
  'cropperImg',
  'fileName',
  'imageData',
  'position',
  'appNo',
  'applyNo',
  'finance',
  'file',
];

export function isEmptyCondition(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
}

/** The conditions that become chips: set, and not internal. */
export function chipKeys(values: Record<string, unknown>, extraExcluded: string[] = []): string[] {
  const excluded = new Set([...INTERNAL_FILTER_KEYS, ...extraExcluded]);
  return Object.keys(values).filter((k) => !excluded.has(k) && !isEmptyCondition(values[k]));
}

/** 清空条件: text to empty, booleans to false, lists to empty; everything else unset. */
export function clearedValue(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (typeof value === 'boolean') return false;
  if (Array.isArray(value)) return [];
  return undefined;
}

/** 重 置: every condition cleared except sort and paging; a searchType condition goes back to 0. */
export function resetConditions(values: Record<string, unknown>): Record<string, unknown> {
  const kept = ['sortField', 'sortType', 'pageSize', 'pageNo'];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[key] = kept.includes(key) ? value : clearedValue(value);
  if ('searchType' in values) out.searchType = 0;
  return out;
}
