import { sql } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import type { BrandArchiveQuery, BrandArchivesGetBrandDetailsStatisticsResponse } from '../../generated/types.js';
import { addMonths, GRACE_MONTHS } from '../../shared/trademarkDates.js';
import { filterArchive } from './archiveFilter.js';
import type { ArchiveViewer } from './archiveViewer.js';

/** Counts for the archive header, over the marks the query and the viewer select; "expiring" looks `expiryMonths` ahead. */
export async function archiveStatistics(
  db: ScopedDb,
  viewer: ArchiveViewer,
  query: BrandArchiveQuery,
  today: string,
  expiryMonths: number,
): Promise<BrandArchivesGetBrandDetailsStatisticsResponse> {
  const filtered = await filterArchive(db, db.selectFrom('brand_archives'), query, viewer);
  const matching = () => filtered;
  const soon = addMonths(today, expiryMonths);
  const graceStart = addMonths(today, -GRACE_MONTHS);
  const [totals, byStatus, byClass, byCountry] = await Promise.all([
    matching()
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(*) filter (where private_end_date >= ${today} and private_end_date <= ${soon})::int`.as('expiring'),
        sql<number>`count(*) filter (where private_end_date < ${today} and private_end_date >= ${graceStart})::int`.as('grace'),
      ])
      .executeTakeFirstOrThrow(),
    matching().select(['brand_archives.tm_status', sql<number>`count(*)::int`.as('n')]).groupBy('brand_archives.tm_status').orderBy('n', 'desc').execute(),
    matching().select(['brand_archives.int_cls', sql<number>`count(*)::int`.as('n')]).groupBy('brand_archives.int_cls').orderBy('brand_archives.int_cls').execute(),
    matching().select(['brand_archives.country_code', sql<number>`count(*)::int`.as('n')]).groupBy('brand_archives.country_code').orderBy('n', 'desc').execute(),
  ]);
  return {
    total: totals.total,
    expiryMonths,
    expiringSoon: totals.expiring,
    inGrace: totals.grace,
    byStatus: byStatus.map((r) => ({ tmStatus: r.tm_status, count: r.n })),
    byClass: byClass.map((r) => ({ tmCl: r.int_cls, count: r.n })),
    byCountry: byCountry.map((r) => ({ countryCode: r.country_code, count: r.n })),
  };
}
