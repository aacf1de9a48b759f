import type { BrandArchiveQuery } from '../../generated/types.js';
import type { SortKeyEvent } from '../../runtime/bus.js';
import { isEmptyCondition } from '../../runtime/blocks/filterConditions.js';

/** The most marks an export by selection names (BrandArchiveQuery.ids). */
export const MAX_SELECTED_EXPORT = 1000;

/** Keys of a published query that say which page to show, not which marks: an export takes them all. */
const PAGING = new Set(['pageNo', 'pageSize']);

/**
 * The archive query an export sends: the conditions a filter bar last published on the channel
 * (empty ones and paging left out) and the sort bar's keys as the list sends them.
 */
export function archiveExportFilter(values: Record<string, unknown>, sort: readonly SortKeyEvent[]): BrandArchiveQuery {
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!PAGING.has(key) && !isEmptyCondition(value)) filter[key] = value;
  }
  return { ...filter, ...sortOf(sort) } as BrandArchiveQuery;
}

/** The archive query of an export of the selected marks: those marks alone, in the list's sort. */
export function selectionExportFilter(ids: readonly number[], sort: readonly SortKeyEvent[]): BrandArchiveQuery {
  return { ids: [...ids], ...sortOf(sort) } as BrandArchiveQuery;
}

function sortOf(sort: readonly SortKeyEvent[]): Record<string, string> {
  if (sort.length === 0) return {};
  return { sortField: sort.map((k) => k.key).join(','), sortType: sort.map((k) => (k.ascending ? 'asc' : 'desc')).join(',') };
}
