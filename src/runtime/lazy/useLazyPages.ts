import { useCallback, useEffect, useRef, useState } from 'react';
import { useRuntime } from '../runtimeContext.js';
import { appendPage, hasMorePages, LAZY_PAGE_SIZE, nextPageNo } from './lazyPages.js';

export interface LazyPages<T> {
  items: T[];
  count: number;
  loading: boolean;
  hasMore: boolean;
  loadMore(): void;
}

interface PageReply<T> {
  list: T[];
  count: number;
}

/**
 * A list read page by page from an operation that answers `{list, count}`: the first page when
 * the request changes, the next one on `loadMore`. Replies to an outdated request are dropped.
 */
export function useLazyPages<T>(operationId: string, body: object | null, keyOf: (item: T) => string, pageSize = LAZY_PAGE_SIZE): LazyPages<T> {
  const runtime = useRuntime();
  const key = body === null ? null : JSON.stringify(body);
  const [state, setState] = useState<{ items: T[]; count: number; loading: boolean }>({ items: [], count: 0, loading: key !== null });
  const request = useRef(0);
  const busy = useRef(false);
  const current = useRef(state);
  current.current = state;

  const load = useCallback(
    async (pageNo: number, reset: boolean) => {
      if (key === null) return;
      const id = reset ? ++request.current : request.current;
      busy.current = true;
      setState((s) => ({ ...s, loading: true }));
      try {
        const reply = await runtime.callNamedOperation<PageReply<T>>(operationId, { ...(JSON.parse(key) as object), pageNo, pageSize });
        if (id !== request.current) return;
        setState((s) => ({ items: reset ? reply.list : appendPage(s.items, reply.list, keyOf), count: reply.count, loading: false }));
      } catch {
        // The call has already told the user what went wrong.
        if (id === request.current) setState((s) => ({ ...s, loading: false }));
      } finally {
        if (id === request.current) busy.current = false;
      }
    },
    // keyOf is a pure accessor; the request is identified by operation and key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [operationId, key, pageSize],
  );

  useEffect(() => {
    setState({ items: [], count: 0, loading: key !== null });
    void load(1, true);
  }, [load, key]);

  const loadMore = useCallback(() => {
    const { items, count } = current.current;
    if (busy.current || !hasMorePages(items.length, count)) return;
    void load(nextPageNo(items.length, pageSize), false);
  }, [load, pageSize]);

  return { ...state, hasMore: hasMorePages(state.items.length, state.count), loadMore };
}
