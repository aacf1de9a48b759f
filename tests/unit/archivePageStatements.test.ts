import { describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { compileOnlyDb } from './compileOnlyDb.js';
import { scopedTo, type ScopedDb } from '../../src/server/db/tenantScope.js';
import { archivePage } from '../../src/server/trademarks/archivePage.js';
import { archiveConditions, archivePageQuery, filterArchive, pageCount } from '../../src/server/trademarks/archiveFilter.js';
import { DEFAULT_ARCHIVE_SETTINGS } from '../../src/server/trademarks/archiveSettings.js';
import type { ArchiveViewer } from '../../src/server/trademarks/archiveViewer.js';
import type { BrandArchiveQuery } from '../../src/generated/types.js';

/** The page statement built and compiled afresh for the request, as every call did before templates; `checkedFor` as the page checks a default sort. */
async function builtAfresh(db: ScopedDb, viewer: ArchiveViewer, request: BrandArchiveQuery, checkedFor?: number): Promise<CompiledQuery> {
  const query = request.sortField ? request : { ...request, sortField: DEFAULT_ARCHIVE_SETTINGS.sortField, sortType: DEFAULT_ARCHIVE_SETTINGS.sortType };
  const pageSize = query.pageSize ?? 20;
  const matching = await filterArchive(db, db.selectFrom('brand_archives'), query, viewer);
  return archivePageQuery(
    db,
    matching,
    query,
    pageCount(archiveConditions(query, viewer)),
    pageSize,
    ((query.pageNo ?? 1) - 1) * pageSize,
    checkedFor,
  ).compile();
}

const everyone: ArchiveViewer = { userId: 5, ownMarksOnly: false };
const agency: ArchiveViewer = { userId: 9, ownMarksOnly: true };

// Shapes asked twice with other values, so the second of each is answered from the first's template.
const requests: [ArchiveViewer, BrandArchiveQuery][] = [
  [everyone, { pageNo: 1, pageSize: 20 }],
  [everyone, { pageNo: 7, pageSize: 50 }],
  [agency, { pageNo: 2, pageSize: 20 }],
  [
    { userId: 11, ownMarksOnly: true },
    { pageNo: 3, pageSize: 10 },
  ],
  [everyone, { tmStatus: ['已注册'], tmCl: [3], sortField: 'reg_date', sortType: 'desc', pageNo: 3, pageSize: 20 }],
  [everyone, { tmStatus: ['已驳回'], tmCl: [45], sortField: 'reg_date', sortType: 'desc', pageNo: 1, pageSize: 20 }],
  [everyone, { tmStatus: ['已注册', '已驳回'], tmCl: [1, 2, 3], sortField: 'reg_date', sortType: 'desc' }],
  [everyone, { tmName: '星辰', applicant: '杭州', pageNo: 1, pageSize: 20 }],
  [everyone, { tmName: '100%_\\', applicant: '青禾', pageNo: 2, pageSize: 20 }],
  [everyone, { tmName: '星辰', searchType: 1 }],
  [everyone, { keyword: '云', agent: '代理', regNo: '88', sortField: 'tm_name,app_no', sortType: 'asc,desc' }],
  [everyone, { keyword: '山', agent: '所', regNo: '9', sortField: 'tm_name,app_no', sortType: 'asc,desc' }],
  [everyone, { appNo: '12345678', searchType: 1 }],
  [everyone, { appNo: '87654321', searchType: 1 }],
  [everyone, { appNo: '123' }],
  [everyone, { appNo: '1, 2，3\n4' }],
  [everyone, { appNo: '5 6 7 8' }],
  [everyone, { appDateStart: '2015-01-01', appDateEnd: '2020-12-31', privateEndStart: '2026-11-22', sortField: 'private_end_date', sortType: 'asc' }],
  [everyone, { appDateStart: '2001-01-01', appDateEnd: '2002-12-31', privateEndStart: '2027-01-01', sortField: 'private_end_date', sortType: 'asc' }],
  [everyone, { countryCode: ['CN', 'US'], source: [1], tmType: '普通商标', submitWay: '单一申请', ownerUserId: 3, ids: [4, 5] }],
  [everyone, { countryCode: ['JP', 'KR'], source: [2], tmType: '集体商标', submitWay: '马德里', ownerUserId: 8, ids: [6, 7] }],
  [everyone, { tmName: '  ', appNo: ' ', tmStatus: [], pageNo: 1 }],
];

describe('archive page statements', () => {
  it('are the statement built afresh for every request: same text, same values, in any order of shapes', async () => {
    await compileOnlyDb()
      .transaction()
      .execute(async (trx) => {
        for (const orgId of [7, 8]) {
          const db = scopedTo(trx, orgId);
          for (const [viewer, request] of [...requests, ...requests.slice().reverse()]) {
            const { page, assumedSort } = await archivePage(db, orgId, viewer, request);
            const fresh = await builtAfresh(db, viewer, request, assumedSort ? orgId : undefined);
            expect({ sql: page.sql, parameters: page.parameters }, JSON.stringify(request)).toEqual({ sql: fresh.sql, parameters: fresh.parameters });
          }
        }
      });
  });

  it('bind the organisation, the viewer and the page window of each call', async () => {
    await compileOnlyDb()
      .transaction()
      .execute(async (trx) => {
        const first = (await archivePage(scopedTo(trx, 7), 7, agency, { pageNo: 2, pageSize: 20 })).page;
        const other = (await archivePage(scopedTo(trx, 8), 8, { userId: 12, ownMarksOnly: true }, { pageNo: 4, pageSize: 50 })).page;
        expect(first.parameters).toContain(7);
        expect(first.parameters).toContain(9);
        expect(first.parameters).not.toContain(8);
        expect(other.parameters).toEqual(expect.arrayContaining([8, 12, 50, 150]));
        expect(other.parameters).not.toContain(7);
      });
  });
});
