import { useEffect, useState } from 'react';
import { currentQuery, currentSort, runtimeBus, type SortKeyEvent } from '../../runtime/bus.js';
import { sortRequest } from '../../runtime/blocks/sortPresets.js';

/**
 * The conditions and sort a filter bar and sort bar publish on a channel, as one request body
 * (the same the generic table on that channel sends), and a counter that moves when they change.
 */
export function useArchiveQuery(channel: string): { request: Record<string, unknown>; generation: number } {
  const [conditions, setConditions] = useState<Record<string, unknown>>(() => currentQuery(channel));
  const [sort, setSort] = useState<SortKeyEvent[]>(() => currentSort(channel));
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const onQuery = (e: { channel: string; values: Record<string, unknown> }) => {
      if (e.channel !== channel) return;
      setConditions(e.values);
      setGeneration((g) => g + 1);
    };
    const onSort = (e: { channel: string; keys: SortKeyEvent[] }) => {
      if (e.channel !== channel) return;
      setSort(e.keys);
      setGeneration((g) => g + 1);
    };
    runtimeBus.on('query', onQuery);
    runtimeBus.on('sort', onSort);
    setConditions(currentQuery(channel));
    setSort(currentSort(channel));
    return () => {
      runtimeBus.off('query', onQuery);
      runtimeBus.off('sort', onSort);
    };
  }, [channel]);
  const sorted = sortRequest(sort);
  return { request: { ...conditions, ...(sorted ? { sortField: sorted.sortField, sortType: sorted.sortType } : {}) }, generation };
}
