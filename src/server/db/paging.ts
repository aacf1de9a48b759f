import { sql, type SelectQueryBuilder } from 'kysely';

export interface PageRequest {
  pageNo?: number;
  pageSize?: number;
}

/** LIMIT and OFFSET for a page request (pages count from 1). */
export function pageWindow(request: PageRequest, defaultSize = 10): { limit: number; offset: number } {
  const pageSize = request.pageSize ?? defaultSize;
  return { limit: pageSize, offset: ((request.pageNo ?? 1) - 1) * pageSize };
}

/** How many rows a query's FROM and WHERE match, ignoring what it selects. */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return (row as { n: number }).n;
}
