import { sql } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import type { BrandArchiveQuery } from '../../generated/types.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { filterArchive } from './archiveFilter.js';
import type { MergeGroup } from './mergeBrands.js';

/**
 * Duplicate marks among those the query matches: the same country, application number and class.
 * Per group the mark kept is the best record: one linked to the register first, then the most
 * recently updated, then the newest.
 */
export async function findDuplicateGroups(db: ScopedDb, query: BrandArchiveQuery, viewer: ArchiveViewer): Promise<MergeGroup[]> {
  const rows = await (
    await filterArchive(db, db.selectFrom('brand_archives'), query, viewer)
  )
    .where('brand_archives.app_no', '<>', '')
    .select(
      sql<
        number[]
      >`array_agg(brand_archives.id order by (brand_archives.register_id is not null) desc, brand_archives.updated_at desc, brand_archives.id desc)`.as('ids'),
    )
    .groupBy(['brand_archives.country_code', 'brand_archives.app_no', 'brand_archives.int_cls'])
    .having(sql<number>`count(*)`, '>', 1)
    .orderBy(sql`min(brand_archives.id)`)
    .execute();
  return rows.map((r) => ({ targetBrandId: r.ids[0]!, mergedBrandIds: r.ids.slice(1) }));
}
