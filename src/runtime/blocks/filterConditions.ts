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

/** A condition that may be given in the page's address: its name, and its type and its items' type in the schema. */
export interface UrlCondition {
  name: string;
  type?: string;
  itemType?: string;
}

const fromText = (text: string, type: string | undefined): unknown =>
  (type === 'integer' || type === 'number') && text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/**
 * The conditions the address gives (`?expiry=grace`, `?tmCl=3,9`): a list is comma-separated, numbers
 * are read as numbers, an empty value gives nothing. Null when the address gives none of them.
 */
export function conditionsFromUrl(query: URLSearchParams, conditions: readonly UrlCondition[]): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const { name, type, itemType } of conditions) {
    const raw = query.get(name)?.trim();
    if (!raw) continue;
    out[name] =
      type === 'array'
        ? raw
            .split(/[,，]/)
            .map((v) => v.trim())
            .filter(Boolean)
            .map((v) => fromText(v, itemType))
        : fromText(raw, type);
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The address without the given parameters: where a page goes once it has taken its conditions from them. */
export function withoutParams(pathname: string, query: URLSearchParams, names: readonly string[]): string {
  const rest = new URLSearchParams(query);
  for (const name of names) rest.delete(name);
  const search = rest.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Conditions another block of the same query set (a group tree beside the list): the bar's own fields do not decide them. */
export function othersOf(conditions: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(conditions).filter(([key]) => !(key in own)));
}
