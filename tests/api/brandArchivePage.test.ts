import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { withOrganisation } from '../../src/server/db/tenantScope.js';
import { archivePage } from '../../src/server/trademarks/archivePage.js';
import type { TextPlanLimits } from '../../src/server/trademarks/textDensity.js';
import type { BrandArchiveQuery, BrandMapNode } from '../../src/generated/types.js';

describe.skipIf(skipThisDatabase)(`the trademark archive list (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let corp: string;
  beforeAll(async () => {
    server = await startTestServer();
    [admin, agent, corp] = [await server.signIn('admin'), await server.signIn('agent'), await server.signIn('corpAdmin')];
  });
  afterAll(() => server?.stop());

  const page = (token: string, query: BrandArchiveQuery = {}) => server.call('brandArchives.queryBrandPage', query, token);

  it('lists only the organisation’s own marks, newest filing first', async () => {
    const agency = await page(admin, { pageSize: 200 });
    const company = await page(corp, { pageSize: 200 });
    expect(agency.count).toBeGreaterThan(0);
    expect(company.count).toBeGreaterThan(0);
    expect(company.list.every((m) => m.applicant === '星辰日化股份有限公司')).toBe(true);
    expect(agency.list.some((m) => m.applicant === '星辰日化股份有限公司')).toBe(false);
    const dates = agency.list.map((m) => m.appDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('reads the default sort with the page, and follows it when another server process has changed it', async () => {
    const { db } = server.database;
    const orgId = (await db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    const appNos = async () => (await page(admin, { pageSize: 200 })).list.map((m) => m.appNo);
    const newestFirst = await page(admin, { pageSize: 200 });
    // Once read, the default sort is not read before the page again: the page statement reads it with the rows.
    const statements = await withOrganisation(db, orgId, (scoped) => archivePage(scoped, orgId, { userId: 0, ownMarksOnly: false }, { pageSize: 200 }));
    expect(statements).toMatchObject({ readsSettings: false, assumedSort: { sortField: 'app_date', sortType: 'desc' } });
    expect(statements.page.sql).toContain('default_sort');
    try {
      // Another process saves a new default: written straight to the database, this server's memory left as it was.
      await db.insertInto('archive_settings').values({ org_id: orgId, sort_field: 'app_no', sort_type: 'asc' }).execute();
      const byNumber = await appNos();
      expect(byNumber).toEqual([...byNumber].sort());
      expect(byNumber).not.toEqual(newestFirst.list.map((m) => m.appNo));
      await db.updateTable('archive_settings').set({ sort_type: 'desc' }).where('org_id', '=', orgId).execute();
      const descending = await appNos();
      expect(descending).toEqual([...byNumber].reverse());
      // A page past the end has no row to confirm the sort with, and needs none: it is empty in any order.
      expect(await page(admin, { pageNo: 999, pageSize: 5 })).toMatchObject({ list: [], count: newestFirst.count });
    } finally {
      await db.deleteFrom('archive_settings').where('org_id', '=', orgId).execute();
    }
    expect(await appNos()).toEqual(newestFirst.list.map((m) => m.appNo));
  });

  it('names the tags from the maps as this process last read them, and reads them again once another process has changed them', async () => {
    const { db } = server.database;
    const tags = async () => (await page(admin, { pageSize: 200 })).list.flatMap((m) => m.minMap!);
    const tag = (await tags())[0]!;
    expect(tag).toBeDefined();
    const labelOf = async (nodeId: string) => (await tags()).find((t) => t.nodeId === nodeId)?.label;
    const map = await db.selectFrom('brand_maps').select(['id', 'map']).where('id', '=', tag.mapId).executeTakeFirstOrThrow();
    const renamed = (node: BrandMapNode, label: string): BrandMapNode =>
      node.value === tag.nodeId
        ? { ...node, label, data: { ...node.data, text: label } }
        : { ...node, children: node.children?.map((child) => renamed(child, label)) };
    // Read twice: the second page names the tags from what the first read.
    expect(await labelOf(tag.nodeId)).toBe(tag.label);
    expect(await labelOf(tag.nodeId)).toBe(tag.label);
    try {
      // Another process renames the node: written straight to the database, this server's memory left as it was.
      await db
        .updateTable('brand_maps')
        .set({ map: JSON.stringify(renamed(map.map as BrandMapNode, '改名后的节点')) })
        .where('id', '=', map.id)
        .execute();
      expect(await labelOf(tag.nodeId)).toBe('改名后的节点');
      await db
        .updateTable('brand_maps')
        .set({ map: JSON.stringify(renamed(map.map as BrandMapNode, '再次改名')) })
        .where('id', '=', map.id)
        .execute();
      expect(await labelOf(tag.nodeId)).toBe('再次改名');
    } finally {
      await db
        .updateTable('brand_maps')
        .set({ map: JSON.stringify(map.map) })
        .where('id', '=', map.id)
        .execute();
    }
    expect(await labelOf(tag.nodeId)).toBe(tag.label);
  });

  it('shows an agency user only the marks they are responsible for', async () => {
    const all = await page(admin, { pageSize: 200 });
    const mine = await page(agent, { pageSize: 200 });
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.count).toBeLessThan(all.count);
    const owner = mine.list[0]!.ownerUserId;
    expect(mine.list.every((m) => m.ownerUserId === owner)).toBe(true);
  });

  it('finds the marks whose application number contains one number typed, through its lookup, and only that number when matched exactly', async () => {
    const all = (await page(admin, { pageSize: 200 })).list;
    const target = all.find((m) => m.appNo.length >= 7)!;
    const part = target.appNo.slice(1, 6);
    const found = await page(admin, { appNo: part, pageSize: 200 });
    expect(found.list.map((m) => m.id)).toContain(target.id);
    expect(found.list.every((m) => m.appNo.includes(part))).toBe(true);
    expect(found.count).toBe(all.filter((m) => m.appNo.includes(part)).length);
    // Two digits: in most marks, read in sort order and checked mark by mark.
    const short = await page(admin, { appNo: target.appNo.slice(0, 2), pageSize: 200 });
    expect(short.count).toBe(all.filter((m) => m.appNo.includes(target.appNo.slice(0, 2))).length);
    expect(short.list.every((m) => m.appNo.includes(target.appNo.slice(0, 2)))).toBe(true);
    expect((await page(admin, { appNo: part, searchType: 1, pageSize: 200 })).count).toBe(0);
    expect((await page(admin, { appNo: target.appNo, searchType: 1, pageSize: 200 })).list.map((m) => m.id)).toEqual([target.id]);
    // The lookup is the statement's, not a LIKE the tenant check would make mark by mark.
    const { db } = server.database;
    const orgId = (await db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    const statements = await withOrganisation(db, orgId, (scoped) => archivePage(scoped, orgId, { userId: 0, ownMarksOnly: false }, { appNo: part }));
    expect(statements.page.sql).toContain('archive_ids_app_no_contains');
  });

  it('finds the marks whose registration number contains the text typed, through its lookup', async () => {
    const all = (await page(admin, { pageSize: 200 })).list;
    const target = all.find((m) => (m.regNo ?? '').length >= 7)!;
    const part = target.regNo!.slice(2, 7);
    const found = await page(admin, { regNo: part, pageSize: 200 });
    expect(found.list.map((m) => m.id)).toContain(target.id);
    expect(found.count).toBe(all.filter((m) => (m.regNo ?? '').includes(part)).length);
    expect((await page(admin, { regNo: part, searchType: 1, pageSize: 200 })).count).toBe(0);
    const { db } = server.database;
    const orgId = (await db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    const statements = await withOrganisation(db, orgId, (scoped) => archivePage(scoped, orgId, { userId: 0, ownMarksOnly: false }, { regNo: part }));
    expect(statements.page.sql).toContain('archive_ids_reg_no_contains');
  });

  it('filters by class, status and a pasted list of application numbers, and sorts by key', async () => {
    const all = (await page(admin, { pageSize: 200 })).list;
    const some = all.slice(0, 3).map((m) => m.appNo);
    const byNumbers = await page(admin, { appNo: some.join('，\n'), pageSize: 200 });
    expect(new Set(byNumbers.list.map((m) => m.appNo))).toEqual(new Set(some));
    const cls = all[0]!.tmCl!;
    const byClass = await page(admin, { tmCl: [cls], pageSize: 200 });
    expect(byClass.list.length).toBeGreaterThan(0);
    expect(byClass.list.every((m) => m.tmCl === cls)).toBe(true);
    const status = all[0]!.tmStatus;
    expect((await page(admin, { tmStatus: [status], pageSize: 200 })).list.every((m) => m.tmStatus === status)).toBe(true);
    const ascending = (await page(admin, { sortField: 'app_no', sortType: 'asc', pageSize: 200 })).list.map((m) => m.appNo);
    expect(ascending).toEqual([...ascending].sort());
  });

  it('finds names containing one or two characters, in any case, as a plain contains would', async () => {
    const all = (await page(admin, { pageSize: 200 })).list;
    for (const part of ['星辰', '星', 'star', 'S']) {
      const found = (await page(admin, { tmName: part, pageSize: 200 })).list.map((m) => m.id).sort();
      const expected = all
        .filter((m) => m.tmName.toLowerCase().includes(part.toLowerCase()))
        .map((m) => m.id)
        .sort();
      expect(found, part).toEqual(expected);
      if (part === '星辰') expect(found.length).toBeGreaterThan(0);
    }
  });

  it('finds applicants and keywords by contains, only within the organisation and what the viewer may see', async () => {
    const all = (await page(admin, { pageSize: 200 })).list;
    // Two characters read the character index, longer texts the trigram index; `_` and `%` are literal.
    for (const part of [all[0]!.applicant!.slice(1, 3), all[0]!.applicant!.slice(0, 5), '有_公司', '限公司%']) {
      const byApplicant = (await page(admin, { applicant: part, pageSize: 200 })).list.map((m) => m.id).sort();
      expect(byApplicant, part).toEqual(
        all
          .filter((m) => m.applicant!.includes(part))
          .map((m) => m.id)
          .sort(),
      );
      if (!/[_%]/.test(part)) expect(byApplicant.length, part).toBeGreaterThan(0);
    }
    // The keyword is a name or applicant containing the text, or an exact number.
    const keyword = (text: string) =>
      all
        .filter((m) => m.tmName.toLowerCase().includes(text.toLowerCase()) || m.applicant!.includes(text) || m.appNo === text || m.regNo === text)
        .map((m) => m.id)
        .sort();
    for (const text of ['星辰', all[0]!.appNo, '%', '不存在的名称']) {
      expect((await page(admin, { keyword: text, pageSize: 200 })).list.map((m) => m.id).sort(), text).toEqual(keyword(text));
    }
    // The company's marks are named 星辰…; the agency's search for its applicant finds none of them.
    expect((await page(admin, { applicant: '星辰日化' })).count).toBe(0);
    expect((await page(corp, { applicant: '星辰日化' })).count).toBeGreaterThan(0);
    const agentsOwn = (await page(agent, { keyword: '星', pageSize: 200 })).list;
    expect(agentsOwn.every((m) => m.ownerUserId === agentsOwn[0]?.ownerUserId)).toBe(true);
    expect(agentsOwn.length).toBeLessThan(all.filter((m) => m.tmName.includes('星')).length);
  });

  it('reads a common text in sort order with the same rows, order and count as looking up every match', async () => {
    const { db } = server.database;
    const orgId = (await db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    const everyone = { userId: 0, ownMarksOnly: false };
    const inSortOrder: TextPlanLimits = { denseMatches: 1, readBudget: Infinity };
    const lookingUp: TextPlanLimits = { denseMatches: Infinity, readBudget: 0 };
    const read = (query: BrandArchiveQuery, limits?: TextPlanLimits) =>
      withOrganisation(db, orgId, async (scoped) => {
        const { page } = await archivePage(scoped, orgId, everyone, query, limits);
        const rows = (await scoped.executeQuery(page)).rows;
        return { sql: page.sql, ids: rows.map((r) => r.id), count: rows[0]?.matching_total ?? 0 };
      });
    const all = (await page(admin, { pageSize: 200 })).list;
    const numbers = all[0]!.appNo;
    const sorts: BrandArchiveQuery[] = [
      {},
      { sortField: 'tm_name', sortType: 'asc' },
      { sortField: 'app_no', sortType: 'desc' },
      { sortField: 'reg_date', sortType: 'asc' },
    ];
    let compared = 0;
    for (const [field, texts] of [
      ['tmName', ['星', '星辰', 'S', 'star']],
      ['applicant', ['有限', '有限公司', '公司']],
      ['keyword', ['星', '有限公司', numbers, '100%']],
    ] as const) {
      for (const text of texts) {
        for (const [n, sort] of sorts.entries()) {
          const query = { [field]: text, ...sort, pageNo: 1 + (n % 2), pageSize: 3 } as BrandArchiveQuery;
          const walked = await read(query, inSortOrder);
          const looked = await read(query, lookingUp);
          expect(walked.sql, JSON.stringify(query)).toContain('archive_text_count');
          expect(walked.sql).not.toContain('archive_ids_');
          expect(looked.sql).toContain('archive_ids_');
          expect(walked, JSON.stringify(query)).toEqual({ ...looked, sql: walked.sql });
          if (looked.ids.length > 0) compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
    // Past the end no row carries the count: each way counts on its own.
    const pastTheEnd = { applicant: '有限公司', pageNo: 999, pageSize: 5 };
    const countPastTheEnd = (limits: TextPlanLimits) =>
      withOrganisation(db, orgId, async (scoped) => (await archivePage(scoped, orgId, everyone, pastTheEnd, limits)).countAll());
    const counted = await countPastTheEnd(inSortOrder);
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBe(await countPastTheEnd(lookingUp));
    // The demo archive is small: by the planner's estimate no text is common enough, so matches are looked up.
    expect((await read({ applicant: '有限公司' })).sql).toContain('archive_ids_applicant_contains');
    // A page past the end reports the count all the same.
    expect(await page(admin, { applicant: '有限公司', pageNo: 999, pageSize: 5 })).toMatchObject({
      list: [],
      count: (await page(admin, { applicant: '有限公司' })).count,
    });
  });

  it('pages without overlap and reports the grace end six months after the exclusive-use end', async () => {
    const first = await page(admin, { pageNo: 1, pageSize: 5 });
    const second = await page(admin, { pageNo: 2, pageSize: 5 });
    expect(first.list.map((m) => m.id).filter((id) => second.list.some((n) => n.id === id))).toEqual([]);
    const pastTheEnd = await page(admin, { pageNo: 999, pageSize: 5 });
    expect(pastTheEnd).toMatchObject({ list: [], count: first.count });
    expect((await page(admin, { tmName: '不存在的名称' })).count).toBe(0);
    const registered = (await page(admin, { pageSize: 200 })).list.find((m) => m.privateEndDate);
    if (registered) {
      const [y, mo] = registered.privateEndDate!.split('-').map(Number) as [number, number];
      const expected = mo + 6 > 12 ? `${y + 1}-${String(mo - 6).padStart(2, '0')}` : `${y}-${String(mo + 6).padStart(2, '0')}`;
      expect(registered.graceEndDate!.slice(0, 7)).toBe(expected);
    }
  });

  it('refuses a malformed date and an unknown class with a Chinese message', async () => {
    const badDate = await server.post('/brandArchives/queryBrandPage', { appDateStart: '2024-13-40' }, admin);
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().subMessage).toContain('申请日期起');
    const badClass = await server.post('/brandArchives/queryBrandPage', { tmCl: [46] }, admin);
    expect(badClass.statusCode).toBe(422);
    expect(badClass.json().subMessage).toContain('类别');
  });

  it('is refused without the trademark permission', async () => {
    const anonymous = await server.post('/brandArchives/queryBrandPage', {});
    expect(anonymous.statusCode).toBe(401);
  });
});
