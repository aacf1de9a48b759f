import type { Selectable } from 'kysely';
import type { BrandArchivesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest, notFound } from '../http/apiError.js';
import { filterArchive } from './archiveFilter.js';
import type { ArchiveViewer } from './archiveViewer.js';

/**
 * The archive rows with these ids that the viewer may see, locked for the change that follows.
 * Every id must be one of them: an id of another organisation, of another agent's mark or of a
 * deleted mark refuses the whole request, so a batch is never half done.
 */
export async function visibleMarksForChange(db: ScopedDb, viewer: ArchiveViewer, ids: readonly number[]): Promise<Selectable<BrandArchivesTable>[]> {
  const unique = [...new Set(ids)];
  const rows = await (await filterArchive(db, db.selectFrom('brand_archives'), { ids: unique }, viewer)).selectAll('brand_archives').forUpdate().execute();
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.filter((id) => !found.has(id));
    throw badRequest(`以下商标不存在或无权操作：${missing.join('、')}`);
  }
  return rows;
}

/** Refuses the request, as `visibleMarksForChange` does, unless the viewer may see every mark named; reads only their ids. */
export async function requireVisibleMarks(db: ScopedDb, viewer: ArchiveViewer, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await (await filterArchive(db, db.selectFrom('brand_archives'), { ids: unique }, viewer)).select('brand_archives.id').execute();
  if (rows.length === unique.length) return;
  const found = new Set(rows.map((r) => r.id));
  throw badRequest(
    `以下商标不存在或无权操作：${unique
      .filter((id) => !found.has(id))
      .slice(0, 20)
      .join('、')}`,
  );
}

/** One archive row the viewer may see, or 404. */
export async function visibleMark(db: ScopedDb, viewer: ArchiveViewer, id: number): Promise<Selectable<BrandArchivesTable>> {
  const row = await (await filterArchive(db, db.selectFrom('brand_archives'), { ids: [id] }, viewer)).selectAll('brand_archives').executeTakeFirst();
  if (!row) throw notFound('商标不存在或无权查看');
  return row;
}
