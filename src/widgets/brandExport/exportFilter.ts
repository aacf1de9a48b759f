import type { BrandArchiveQuery } from '../../generated/types.js';
import { rowFilter } from '../../runtime/pageQuery.js';
import { sortRequest, type SortKey } from '../../runtime/blocks/sortPresets.js';

/** The most marks an export by selection names (BrandArchiveQuery.ids). */
export const MAX_SELECTED_EXPORT = 1000;

/**
 * The archive query an export sends: the conditions of the page's query (empty ones and paging
 * left out) and its sort as the list sends it.
 */
export function archiveExportFilter(values: Record<string, unknown>, sort: readonly SortKey[]): BrandArchiveQuery {
  return { ...rowFilter(values), ...sortRequest(sort) } as BrandArchiveQuery;
}

/** The archive query of an export of the selected marks: those marks alone, in the list's sort. */
export function selectionExportFilter(ids: readonly number[], sort: readonly SortKey[]): BrandArchiveQuery {
  return { ids: [...ids], ...sortRequest(sort) } as BrandArchiveQuery;
}
