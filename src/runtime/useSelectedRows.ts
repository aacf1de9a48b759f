import { useCallback, useState } from 'react';
import type { SelectedRows } from './pageQuery.js';
import { usePageQuery, useQueryValue } from './pageQueries.js';

export type SelectionUpdate = SelectedRows | ((previous: SelectedRows) => SelectedRows);

/**
 * The rows a block has selected: its own, or with a query the query's one selection, which every
 * block naming that query shows and changes (the archive's cards and table tick the same marks).
 * The selection lives as long as the page.
 */
export function useSelectedRows(queryName: string | undefined): [SelectedRows, (update: SelectionUpdate) => void] {
  const query = usePageQuery(queryName);
  const [own, setOwn] = useState<SelectedRows>(() => new Map());
  const shared = useQueryValue(query, 'selection');
  const update = useCallback(
    (next: SelectionUpdate) => {
      if (!query) return setOwn(next);
      // From the query's current rows, so several updates in one event add up.
      query.select(typeof next === 'function' ? next(query.selection) : next);
    },
    [query],
  );
  return [query ? shared : own, update];
}
