import type { ScopedDb } from '../db/tenantScope.js';
import { pageWindow } from '../db/paging.js';
import type { BrandArchiveQuery } from '../../generated/types.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { archivePageQuery, filterArchive } from './archiveFilter.js';
import { readArchiveSettings } from './archiveSettings.js';

/**
 * The statements of one archive page (`queryBrandPage`): its rows with the capped count, and the
 * count alone for a page past the end. Without a chosen sort the organisation's default applies,
 * read first (`readsSettings`).
 */
export async function archivePage(db: ScopedDb, orgId: number, viewer: ArchiveViewer, request: BrandArchiveQuery) {
  const settings = request.sortField ? null : await readArchiveSettings(db, orgId);
  const body = settings ? { ...request, sortField: settings.sortField, sortType: settings.sortType } : request;
  const { limit, offset } = pageWindow(body, 20);
  const matching = await filterArchive(db, db.selectFrom('brand_archives'), body, viewer);
  return { ...archivePageQuery(db, matching, body, limit, offset), offset, readsSettings: settings !== null };
}
