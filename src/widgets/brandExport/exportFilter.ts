import type { BrandArchiveQuery } from '../../generated/types.js';
import type { SortKeyEvent } from '../../runtime/bus.js';

/** Keys of a published query that say which page to show, not which marks: an export takes them all. */
const PAGING = new Set(['pageNo', 'pageSize']);

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

/**
 * The archive query an export sends: the conditions a filter bar last published on the channel
 * (empty ones and paging left out) and the sort bar's keys as the list sends them.
 */
export function archiveExportFilter(values: Record<string, unknown>, sort: readonly SortKeyEvent[]): BrandArchiveQuery {
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!PAGING.has(key) && !isEmpty(value)) filter[key] = value;
  }
  if (sort.length > 0) {
    filter.sortField = sort.map((k) => k.key).join(',');
    filter.sortType = sort.map((k) => (k.ascending ? 'asc' : 'desc')).join(',');
  }
  return filter as BrandArchiveQuery;
}
