import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { reaction } from '@formily/reactive';
import { runtimeBus } from './bus.js';
import { PageQuery, type PageQueries, type SortParams } from './pageQuery.js';

const PageQueriesContext = createContext<PageQueries | null>(null);

/** The names a page or form body declares in `x-queries` on its root node. */
export function declaredQueries(body: unknown): string[] {
  const declared = body && typeof body === 'object' ? (body as { 'x-queries'?: unknown })['x-queries'] : undefined;
  return declared && typeof declared === 'object' ? Object.keys(declared) : [];
}

/**
 * The queries of one page, made when the page opens and gone when it closes: a kept-alive tab
 * keeps its conditions, sort and selection; another page never sees them. Rows deleted anywhere
 * (an event that crosses pages) leave its selections.
 */
export function PageQueriesProvider({ queries, children }: { queries: PageQueries; children: ReactNode }) {
  useEffect(() => {
    const onDeleted = ({ keys }: { keys: readonly (string | number)[] }) => queries.forget(keys);
    runtimeBus.on('rowsDeleted', onDeleted);
    return () => runtimeBus.off('rowsDeleted', onDeleted);
  }, [queries]);
  return <PageQueriesContext.Provider value={queries}>{children}</PageQueriesContext.Provider>;
}

/** The page's query of that name; none without a name (a block used on its own) or outside a page. */
export function usePageQuery(name: string | undefined): PageQuery | undefined {
  const queries = useContext(PageQueriesContext);
  return name && queries ? queries.get(name) : undefined;
}

type Observed = 'conditions' | 'sort' | 'defaultSort' | 'selection' | 'generation';

/** What a block without a query sees. */
const WITHOUT_QUERY: Pick<PageQuery, Observed> = { conditions: {}, sort: [], defaultSort: [], selection: new Map(), generation: 0 };

/** One part of a query as React state: the block draws again when it changes. */
export function useQueryValue<K extends Observed>(query: PageQuery | undefined, key: K): PageQuery[K] {
  const subscribe = useCallback((onChange: () => void) => (query ? reaction(() => query[key], onChange) : () => undefined), [query, key]);
  return useSyncExternalStore(subscribe, () => (query ? query[key] : (WITHOUT_QUERY[key] as PageQuery[K])));
}

/** The page's named query, or without a name a query of the block's own (a table used on its own sorts and selects too). */
export function useBlockQuery(name: string | undefined): PageQuery {
  const shared = usePageQuery(name);
  const [own] = useState(() => new PageQuery(''));
  return shared ?? own;
}

/**
 * A list's page on a query: back to the first whenever the query's conditions or sort change.
 * The page remembers the generation it was chosen in, so the change and the reset are one render.
 */
export function useQueryPaging(
  query: PageQuery,
  defaultPageSize: number,
): [{ pageNo: number; pageSize: number }, (page: { pageNo: number; pageSize: number }) => void] {
  const generation = useQueryValue(query, 'generation');
  const [chosen, setChosen] = useState({ pageNo: 1, pageSize: defaultPageSize, generation });
  const page = { pageNo: chosen.generation === generation ? chosen.pageNo : 1, pageSize: chosen.pageSize };
  const setPage = useCallback((next: { pageNo: number; pageSize: number }) => setChosen({ ...next, generation: query.generation }), [query]);
  return [page, setPage];
}

/** A query's conditions and sort as the request body a list on it sends (paging aside); a new object only when they change. */
export function useQueryRequest(query: PageQuery, params?: SortParams): Record<string, unknown> {
  const conditions = useQueryValue(query, 'conditions');
  const sort = useQueryValue(query, 'sort');
  const sortField = params?.sortField;
  const sortType = params?.sortType;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => query.request({ sortField, sortType }), [query, conditions, sort, sortField, sortType]);
}
