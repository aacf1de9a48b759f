import type { CompiledQuery } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import { pageWindow } from '../db/paging.js';
import { statementsSent } from '../db/statementsSent.js';
import type { BrandArchiveQuery } from '../../generated/types.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { archivePageQuery, filterArchive } from './archiveFilter.js';
import { DEFAULT_ARCHIVE_SETTINGS, readArchiveSettings } from './archiveSettings.js';

type PageStatements = ReturnType<typeof archivePageQuery>;
type PageRow = PageStatements['page'] extends { compile(): CompiledQuery<infer R> } ? R : never;

export interface ArchivePage {
  /** The page's rows, each with the capped count of all matches (`matching_total`), compiled. */
  page: CompiledQuery<PageRow>;
  /** The count alone, for a page past the end, which has no row to carry it. */
  total: PageStatements['total'];
  offset: number;
  /** Whether the organisation's default sort was read first (the query chose none). */
  readsSettings: boolean;
}

const withSort = (request: BrandArchiveQuery, sort: Pick<BrandArchiveQuery, 'sortField' | 'sortType'>): BrandArchiveQuery => ({ ...request, sortField: sort.sortField, sortType: sort.sortType });

/**
 * The statements of one archive page (`queryBrandPage`). Without a chosen sort the organisation's
 * default applies, read first. While that read is on its way the page is built and compiled for the
 * default sort almost every organisation keeps, and built again only for an organisation that chose
 * another: a page without a chosen sort, the archive's first page included, then waits for one
 * round trip instead of a round trip and the building.
 */
export async function archivePage(db: ScopedDb, orgId: number, viewer: ArchiveViewer, request: BrandArchiveQuery): Promise<ArchivePage> {
  const { limit, offset } = pageWindow(request, 20);
  const settingsRead = request.sortField ? null : readArchiveSettings(db, orgId);
  if (settingsRead) {
    // Awaited below; handled here too, so a failure while building is not also an unhandled rejection.
    settingsRead.catch(() => undefined);
    await statementsSent();
  }
  const matching = await filterArchive(db, db.selectFrom('brand_archives'), request, viewer);
  const compiledFor = (sorted: BrandArchiveQuery) => {
    const { page, total } = archivePageQuery(db, matching, sorted, limit, offset);
    return { page: page.compile(), total };
  };
  if (!settingsRead) return { ...compiledFor(request), offset, readsSettings: false };
  const usual = compiledFor(withSort(request, DEFAULT_ARCHIVE_SETTINGS));
  const settings = await settingsRead;
  const keepsUsual = settings.sortField === DEFAULT_ARCHIVE_SETTINGS.sortField && settings.sortType === DEFAULT_ARCHIVE_SETTINGS.sortType;
  return { ...(keepsUsual ? usual : compiledFor(withSort(request, settings))), offset, readsSettings: true };
}
