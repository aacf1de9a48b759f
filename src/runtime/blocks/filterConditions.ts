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

/** A condition made of several lists, such as the class picker's {categories, groups, goods}. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

export function isEmptyCondition(value: unknown): boolean {
  if (isPlainObject(value)) return Object.values(value).every(isEmptyCondition);
  return value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
}

/** The conditions that become chips: set, and not internal. */
export function chipKeys(values: Record<string, unknown>, extraExcluded: string[] = []): string[] {
  const excluded = new Set([...INTERNAL_FILTER_KEYS, ...extraExcluded]);
  return Object.keys(values).filter((k) => !excluded.has(k) && !isEmptyCondition(values[k]));
}

/** 清空条件: text to empty, booleans to false, lists to empty, each part of a composite condition likewise; everything else unset. */
export function clearedValue(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (typeof value === 'boolean') return false;
  if (Array.isArray(value)) return [];
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clearedValue(v)]));
  return undefined;
}

/**
 * How a condition reads on its chip: each value through `labelOf` (a field's option labels),
 * lists joined with 、, a composite condition as the values of its non-empty parts.
 */
export function conditionText(value: unknown, labelOf: (v: unknown) => string): string {
  if (Array.isArray(value)) return value.map((v) => conditionText(v, labelOf)).join('、');
  if (isPlainObject(value)) {
    return Object.values(value)
      .filter((v) => !isEmptyCondition(v))
      .map((v) => conditionText(v, labelOf))
      .join('、');
  }
  if (value === true) return '是';
  return labelOf(value);
}

/** 重 置: every condition cleared except sort and paging; a searchType condition goes back to 0. */
export function resetConditions(values: Record<string, unknown>): Record<string, unknown> {
  const kept = ['sortField', 'sortType', 'pageSize', 'pageNo'];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[key] = kept.includes(key) ? value : clearedValue(value);
  if ('searchType' in values) out.searchType = 0;
  return out;
}
