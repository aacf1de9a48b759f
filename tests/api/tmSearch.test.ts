import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';
import { multipart } from './support/multipart.js';
import { pngHeader } from './support/pictures.js';
import { namePinyin } from '../../src/server/trademarks/namePinyin.js';
import { generatedLogoPath, logoDesignOf, logoHashOfDesign } from '../../src/server/trademarks/generatedLogo.js';
import { archiveRegisterMarks } from '../../src/server/seed/trademarks.js';

interface Mark {
  name: string;
  cls: number;
  applicant: string;
  appNo: string;
  status: string;
  appDate: string;
  regDate?: string;
  country?: string;
}

const A = '杭州甲检索测试有限公司';
const B = '深圳乙检索测试有限公司';
const C = '上海丙检索测试有限公司';

/** A register small enough to know every answer. */
const MARKS: Mark[] = [
  { name: '星辰', cls: 3, applicant: A, appNo: '30000001', status: '已注册', appDate: '2015-03-01', regDate: '2016-03-01' },
  { name: '星辰', cls: 5, applicant: A, appNo: '30000002', status: '申请中', appDate: '2023-01-05' },
  { name: '星辰', cls: 3, applicant: B, appNo: '30000003', status: '已驳回', appDate: '2020-06-01' },
  { name: '星晨', cls: 3, applicant: B, appNo: '30000004', status: '已注册', appDate: '2018-04-02', regDate: '2019-04-02' },
  { name: '醒辰', cls: 9, applicant: C, appNo: '30000005', status: '初审公告', appDate: '2024-02-03' },
  { name: '星辰日化', cls: 3, applicant: A, appNo: '30000006', status: '已注册', appDate: '2017-07-07', regDate: '2018-07-07' },
  { name: '明月', cls: 30, applicant: C, appNo: '30000007', status: '已注册', appDate: '2012-01-01', regDate: '2013-01-01' },
  { name: '星辰', cls: 3, applicant: A, appNo: 'US1000008', status: '已注册', appDate: '2019-09-09', regDate: '2020-09-09', country: 'US' },
  { name: '云帆', cls: 35, applicant: B, appNo: '30000009', status: '已销亡', appDate: '2001-05-05', regDate: '2002-05-05' },
  { name: 'Lumora', cls: 9, applicant: C, appNo: '30000010', status: '申请中', appDate: '2025-01-01' },
];

describe.skipIf(skipThisDatabase)(`trademark search (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let admin: string;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-tmsearch-'));
    server = await startTestServer({ filesDir });
    const db = server.database.db;
    // Replace the demo register with the known one.
    await db.deleteFrom('brand_archives').execute();
    await db.deleteFrom('tm_register').execute();
    for (const m of MARKS) {
      const design = logoDesignOf(m.name);
      const row = await db
        .insertInto('tm_register')
        .values({
          country_code: m.country ?? 'CN',
          app_no: m.appNo,
          reg_no: m.regDate ? m.appNo : null,
          int_cls: m.cls,
          tm_name: m.name,
          tm_name_pinyin: namePinyin(m.name),
          tm_status: m.status,
          applicant_cn: m.applicant,
          applicant_en: m.applicant === A ? 'Hangzhou Jia Search Testing Co., Ltd.' : '',
          app_date: m.appDate,
          reg_date: m.regDate ?? null,
          goods: JSON.stringify([
            { code: `${String(m.cls).padStart(2, '0')}01`, name: '测试商品' },
            { code: `${String(m.cls).padStart(2, '0')}01`, name: '删减商品', mark: 2 },
          ]),
          logo_path: generatedLogoPath(design),
          logo_hash: logoHashOfDesign(design),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(m.appNo, row.id);
    }
    const org = await db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await archiveRegisterMarks(db, org.org_id, [], sql`r.app_no = '30000001'`);
    admin = await server.signIn('admin');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const call = <Id extends OperationId>(id: Id, payload: OperationRequest<Id>) => server.call(id, payload, admin);
  const appNos = (list: { app_no: string }[]) => list.map((r) => r.app_no);

  describe('custom search', () => {
    it('finds names containing the value across archive and register, the archived mark once, newest first', async () => {
      const data = await call('tmSearch.customSearch', { shouldFields: { tm_name: { value: '星辰' } } });
      expect(appNos(data.list)).toEqual(['30000002', '30000003', 'US1000008', '30000006', '30000001']);
      expect(data.count).toBe(5);
      const archived = data.list.find((r) => r.app_no === '30000001')!;
      expect(archived.scope).toBe('archive');
      expect(archived.registerId).toBe(ids.get('30000001'));
      expect(data.list[0]).toMatchObject({
        scope: 'register',
        tm_name: '星辰',
        tmCl: 5,
        goodsItem: [
          { code: '0501', name: '测试商品' },
          { code: '0501', name: '删减商品', mark: 2 },
        ],
      });
      expect(data.list[0].brandCGInfo).toEqual([{ code: '0501', name: '测试商品；删减商品', deleted: ['删减商品'] }]);
      expect(data.list[0].tmLogoUrl).toMatch(/^\/tm\/logo\?design=\d+$/);
    });

    it('tells exact, prefix and sound-alike matching apart, and the range limits where it looks', async () => {
      const exact = await call('tmSearch.customSearch', { shouldFields: [{ field: 'tm_name', value: '星辰', searchType: 1 }], rangeType: 2 });
      expect(appNos(exact.list).sort()).toEqual(['30000001', '30000002', '30000003', 'US1000008']);
      const prefix = await call('tmSearch.customSearch', { shouldFields: { app_no: { value: '3000000', searchType: 2 } }, rangeType: 2, pageSize: 10 });
      expect(prefix.count).toBe(8);
      const sound = await call('tmSearch.customSearch', { shouldFields: { tm_name: { value: '心尘', searchType: 3 } }, rangeType: 2 });
      expect(new Set(sound.list.map((r) => r.tm_name))).toEqual(new Set(['星辰', '星晨', '醒辰']));
      const archiveOnly = await call('tmSearch.customSearch', { shouldFields: { tm_name: { value: '星' } }, rangeType: 1 });
      expect(appNos(archiveOnly.list)).toEqual(['30000001']);
    });

    it('finds numbers containing the value, through the indexes of migrations 0026 and 0027', async () => {
      const archived = await call('tmSearch.customSearch', { shouldFields: { app_no: { value: '0000001' } }, rangeType: 1 });
      expect(appNos(archived.list)).toEqual(['30000001']);
      const registered = await call('tmSearch.customSearch', { shouldFields: { app_no: { value: 'us10000' } }, rangeType: 2 });
      expect(appNos(registered.list)).toEqual(['US1000008']);
      const both = await call('tmSearch.customSearch', { shouldFields: { app_no: { value: '0000001' } } });
      expect(appNos(both.list)).toContain('30000001');
      expect(both.list.every((r) => r.app_no.includes('0000001'))).toBe(true);
      const byRegNo = await call('tmSearch.customSearch', { shouldFields: { reg_no: { value: '0000004' } }, rangeType: 2 });
      expect(byRegNo.list.map((r) => r.reg_no)).toContain('30000004');
      expect(byRegNo.list.every((r) => r.reg_no!.includes('0000004'))).toBe(true);
      const archivedByRegNo = await call('tmSearch.customSearch', { shouldFields: { reg_no: { value: 'nothing-like-it' } }, rangeType: 1 });
      expect(archivedByRegNo.count).toBe(0);
    });

    it('combines the should fields with “or” and the filters with “and”, and sorts by registration date', async () => {
      const data = await call('tmSearch.customSearch', {
        shouldFields: { tm_name: { value: '明月', searchType: 1 }, reg_no: { value: '30000004', searchType: 1 }, app_no: { value: '30000006', searchType: 1 } },
        tmCl: [3, 30],
        tmStatus: ['已注册'],
        regDateFrom: '2013-01-01',
        sortField: 'regDate',
        sortOrder: 'asc',
      });
      expect(appNos(data.list)).toEqual(['30000007', '30000006', '30000004']);
      const byApplicant = await call('tmSearch.customSearch', { applicant: '丙检索', countryCode: ['CN'], appDateFrom: '2020-01-01' });
      expect(appNos(byApplicant.list)).toEqual(['30000010', '30000005']);
    });

    it('finds an applicant by part of its Chinese or English name, one or two characters included, in both scopes', async () => {
      const ofA = ['30000002', 'US1000008', '30000006', '30000001'];
      for (const applicant of ['Jia Search', 'jia search', '甲检索', '甲检', '甲']) {
        const data = await call('tmSearch.customSearch', { applicant });
        expect(appNos(data.list), applicant).toEqual(ofA);
        expect(data.list.find((r) => r.app_no === '30000001')!.scope).toBe('archive');
      }
      // A text running from the Chinese name into the English one matches neither.
      expect((await call('tmSearch.customSearch', { applicant: '公司Hangzhou' })).count).toBe(0);
      expect((await call('tmSearch.customSearch', { applicant: '司H' })).count).toBe(0);
      const archive = await call('brandArchives.queryBrandPage', { applicant: 'Jia Search', pageNo: 1, pageSize: 20 });
      expect(archive.list.map((m) => m.appNo)).toEqual(['30000001']);
    });

    it('pages through results with the spec’s page sizes', async () => {
      const first = await call('tmSearch.customSearch', { pageSize: 10, pageNo: 1, rangeType: 2 });
      expect(first.count).toBe(10);
      const second = await call('tmSearch.customSearch', { pageSize: 10, pageNo: 2, rangeType: 2 });
      expect(second.list).toEqual([]);
      const bad = await server.post('/tm/customSearch', { pageSize: 25 }, admin);
      expect(bad.statusCode).toBe(422);
    });

    it('V2 answers full trademark records marked with their origin', async () => {
      const data = await call('tmSearch.customSearchV2', { shouldFields: { app_no: { value: '30000001', searchType: 1 } } });
      expect(data.count).toBe(1);
      expect(data.list[0].scope).toBe('archive');
      expect(data.list[0].trademark).toMatchObject({
        appNo: '30000001',
        tmName: '星辰',
        applicant: A,
        source: 0,
        regDate: '2016-03-01',
        registerId: ids.get('30000001'),
      });
      const register = await call('tmSearch.customSearchV2', { shouldFields: { app_no: { value: '30000004', searchType: 1 } } });
      expect(register.list[0]).toMatchObject({
        scope: 'register',
        trademark: { id: ids.get('30000004'), tmName: '星晨', customValues: {}, graceEndDate: null },
      });
    });

    it('refuses searches that cannot be run, in Chinese', async () => {
      const sound = await server.post('/tm/customSearch', { shouldFields: { app_no: { value: '300', searchType: 3 } } }, admin);
      expect(sound.statusCode).toBe(422);
      expect(sound.json().subMessage).toBe('申请号不支持音近检索（searchType 3 仅用于商标名称）');
      const blank = await server.post('/tm/customSearch', { shouldFields: { tm_name: { value: '   ' } } }, admin);
      expect(blank.json().subMessage).toBe('商标名称的检索值不能为空');
      const dates = await server.post('/tm/customSearch', { appDateFrom: '2020-01-01', appDateTo: '2019-01-01' }, admin);
      expect(dates.statusCode).toBe(422);
      expect(dates.json().subMessage).toBe('申请日期起不能晚于申请日期止');
      const type = await server.post('/tm/customSearch', { shouldFields: { tm_name: { value: '星', searchType: 7 } } }, admin);
      expect(type.statusCode).toBe(422);
      expect(type.json().subMessage).toMatch(/[\u4e00-\u9fa5]/);
    });
  });

  it('counts a query by status, class and filing year', async () => {
    const data = await call('tmSearch.queryStatistic', { shouldFields: { tm_name: { value: '星' } }, rangeType: 2 });
    expect(data.total).toBe(6);
    expect(data.byStatus).toEqual([
      { key: '已注册', count: 4 },
      ...[
        { key: '已驳回', count: 1 },
        { key: '申请中', count: 1 },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    ]);
    expect(data.byClass).toEqual([
      { key: '3', count: 5 },
      { key: '5', count: 1 },
    ]);
    expect(data.byYear.map((b) => b.key)).toEqual(['2015', '2017', '2018', '2019', '2020', '2023']);
  });

  it('batch search finds many application numbers at once and lists those not found', async () => {
    const data = await call('tmSearch.batchTmSearchByAppNos', { appNos: '30000004，30000001\n99999999、us1000008; 30000004 88888888' });
    expect(appNos(data.list)).toEqual(['30000004', '30000001', 'US1000008']);
    expect(data.list[1].scope).toBe('archive');
    expect(data.notFound).toEqual(['99999999', '88888888']);
    expect(data.count).toBe(3);
    const none = await server.post('/tm/batchTmSearchByAppNos', { appNos: ' ,， ' }, admin);
    expect(none.statusCode).toBe(422);
    expect(none.json().subMessage).toBe('请输入申请号，多个以逗号或换行分隔');
    const tooMany = await server.post('/tm/batchTmSearchByAppNos', { appNos: Array.from({ length: 1501 }, (_, i) => 40000000 + i).join(',') }, admin);
    expect(tooMany.json().subMessage).toBe('一次最多查询 1500 个申请号，当前 1501 个');
    const malformed = await server.post('/tm/batchTmSearchByAppNos', { appNos: '30000001,星辰' }, admin);
    expect(malformed.json().subMessage).toBe('申请号格式不正确：星辰');
  });

  it('family search gathers the same name of the same applicant across classes and countries', async () => {
    const data = await call('tmSearch.familySearch', { appNo: '30000001' });
    expect(data.mark.app_no).toBe('30000001');
    expect(appNos(data.list)).toEqual(['30000001', '30000002', 'US1000008']);
    expect(data.classes).toEqual([3, 5]);
    expect(data.countries).toEqual(['CN', 'US']);
    const missing = await server.post('/tm/familySearch', { appNo: '12345' }, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().subMessage).toBe('商标公告库中没有这件商标');
    const blank = await server.post('/tm/familySearch', { appNo: ' ' }, admin);
    expect(blank.statusCode).toBe(422);
    expect(blank.json().subMessage).toBe('申请号不能为空');
    const byClass = await call('tmSearch.familySearch', { appNo: 'us1000008', tmCl: 3 });
    expect(byClass.mark.app_no).toBe('US1000008');
    expect(byClass.count).toBe(3);
  });

  it('official search looks up by number, name or applicant in the register', async () => {
    const byNo = await call('tmSearch.officialSearch', { searchType: 1, key: '30000004' });
    expect(appNos(byNo.list)).toEqual(['30000004']);
    const byName = await call('tmSearch.officialSearch', { searchType: 2, key: '辰', tmCl: 3 });
    expect(appNos(byName.list)).toEqual(['30000003', 'US1000008', '30000006', '30000001']);
    expect(byName.count).toBe(4);
    expect(byName.list.every((r) => r.scope === 'register')).toBe(true);
    const byApplicant = await call('tmSearch.officialSearch', { searchType: 3, key: '乙检索' });
    expect(appNos(byApplicant.list)).toEqual(['30000003', '30000004', '30000009']);
  });

  it('lists applicants matching a text with their number of marks', async () => {
    const data = await call('tmSearch.queryApplicantList', { keyword: '检索测试' });
    expect(data.list).toEqual(
      [
        { name: A, nameEn: 'Hangzhou Jia Search Testing Co., Ltd.', count: 4 },
        { name: C, nameEn: '', count: 3 },
        { name: B, nameEn: '', count: 3 },
      ].sort((x, y) => y.count - x.count || (x.name < y.name ? -1 : 1)),
    );
    expect(data.count).toBe(3);
    // Two characters, and the English name.
    for (const keyword of ['甲检', 'jia search']) {
      const one = await call('tmSearch.queryApplicantList', { keyword });
      expect(one.list, keyword).toEqual([{ name: A, nameEn: 'Hangzhou Jia Search Testing Co., Ltd.', count: 4 }]);
    }
  });

  it('suggests names, numbers and applicants as one types', async () => {
    const data = await call('tmSearch.fuzzySearch', { keyword: '3000000' });
    expect(data.numbers.length).toBe(8);
    expect(data.numbers[0]).toEqual({ appNo: '30000001', tmName: '星辰', tmCl: 3 });
    const names = await call('tmSearch.fuzzySearch', { keyword: '辰' });
    expect(new Set(names.names)).toEqual(new Set(['星辰', '醒辰', '星辰日化']));
    expect(names.numbers).toEqual([]);
    const applicants = await call('tmSearch.fuzzySearch', { keyword: '丙检索' });
    expect(applicants.applicants).toEqual([C]);
    expect((await call('tmSearch.fuzzySearch', { keyword: 'Jia Search' })).applicants).toEqual([A]);
    expect((await call('tmSearch.fuzzySearch', { keyword: '星辰日' })).names).toEqual(['星辰日化']);
    const brand = await call('tmSearch.getBrandName', { prefix: '星' });
    expect(brand.list).toEqual(
      [
        { key: '星辰', count: 5 },
        { key: '星晨', count: 1 },
        { key: '星辰日化', count: 1 },
      ].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1)),
    );
    expect((await call('tmSearch.getBrandName', { prefix: '辰' })).list).toEqual([]);
    expect((await call('tmSearch.getBrandName', { prefix: '星辰日化' })).list).toEqual([{ key: '星辰日化', count: 1 }]);
    const hint = await call('tmSearch.getBrandNameHint', { keyword: '星' });
    expect(hint.list[0]).toEqual({ name: '星辰', scope: 'archive' });
    expect(hint.list.map((h) => h.name).sort()).toEqual(['星晨', '星辰', '星辰日化'].sort());
  });

  describe('similar names', () => {
    it('ranks the same name first, then names that sound the same, then names containing it, with reasons', async () => {
      const data = await call('tmSearch.brandSimilarSearch', { name: '星辰' });
      const names = data.list.map((r) => r.mark.tm_name);
      expect(names.slice(0, 4)).toEqual(['星辰', '星辰', '星辰', '星辰']);
      expect(data.list[0]).toMatchObject({ score: 1, reasons: ['名称相同'] });
      const chen = data.list.find((r) => r.mark.tm_name === '星晨')!;
      const xing = data.list.find((r) => r.mark.tm_name === '醒辰')!;
      expect(chen.reasons).toContain('读音相同');
      expect(xing.reasons).toContain('读音相同');
      expect(chen.score).toBe(0.95);
      const daily = data.list.find((r) => r.mark.tm_name === '星辰日化')!;
      expect(daily.reasons).toContain('包含检索词');
      expect(daily.score).toBeLessThan(chen.score);
      expect(names).toEqual(expect.arrayContaining(['星晨', '醒辰', '星辰日化']));
      expect(names).not.toContain('明月');
      expect(data.count).toBe(data.list.length);
      // The mark the organisation archived is flagged.
      expect(data.list.filter((r) => r.inArchive).map((r) => r.mark.app_no)).toEqual(['30000001']);
    });

    it('filters by class and by minimum score', async () => {
      const cls9 = await call('tmSearch.brandSimilarSearch', { name: '星辰', tmCl: [9] });
      expect(cls9.list.map((r) => r.mark.tm_name)).toEqual(['醒辰']);
      const strict = await call('tmSearch.brandSimilarSearch', { name: '星辰', minScore: 0.99 });
      expect(strict.count).toBe(4);
      const latin = await call('tmSearch.brandSimilarSearch', { name: 'lumora' });
      expect(latin.list[0]).toMatchObject({ mark: { tm_name: 'Lumora' }, score: 1 });
      const blank = await server.post('/brandArchives/brandSimilarSearch', { name: ' ' }, admin);
      expect(blank.statusCode).toBe(422);
      expect(blank.json().subMessage).toBe('商标名称不能为空');
    });

    it('counts marks that share a name', async () => {
      const data = await call('tmSearch.querySameBrandStatistic', { tmName: '星辰', applicant: A });
      expect(data).toEqual({
        total: 4,
        sameApplicant: 3,
        otherApplicants: 1,
        applicantCount: 2,
        inArchive: 1,
        byClass: [
          { key: '3', count: 3 },
          { key: '5', count: 1 },
        ],
      });
    });
  });

  describe('graphic retrieval', () => {
    const logoOf = async (appNo: string) => {
      const url = (await call('tmSearch.customSearch', { shouldFields: { app_no: { value: appNo, searchType: 1 } }, rangeType: 2 })).list[0]!.tmLogoUrl!;
      const res = await server.app.inject({ method: 'GET', url, headers: { token: admin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      return res.rawPayload;
    };

    it('finds the mark whose logo was uploaded first, by perceptual hash', async () => {
      const png = await logoOf('30000007');
      const { payload, headers } = multipart('明月.png', png);
      const uploaded = await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token: admin } });
      const data = await call('tmSearch.graphicRetrieval', { path: dataOf('file.upload', uploaded).path, maxDistance: 20 });
      expect(data.list[0]).toMatchObject({ mark: { app_no: '30000007', tm_name: '明月' }, distance: 0, similarity: 1 });
      expect(data.hash).toMatch(/^[0-9a-f]{16}$/);
      for (let i = 1; i < data.list.length; i++) expect(data.list[i].distance).toBeGreaterThanOrEqual(data.list[i - 1].distance);
      expect(data.count).toBe(data.list.length);
    });

    it('searches by a path with the hash stored when the picture was uploaded, without reading the picture again', async () => {
      const png = await logoOf('30000007');
      const { payload, headers } = multipart('明月再传.png', png);
      const { path } = dataOf(
        'file.upload',
        await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token: admin } }),
      );
      // The file on disk is not read any more: the search takes the hash stored with the file's row.
      writeFileSync(join(filesDir, path), 'not a picture any more');
      const data = await call('tmSearch.graphicRetrieval', { path, maxDistance: 0 });
      expect(data.list[0]).toMatchObject({ mark: { app_no: '30000007' }, distance: 0 });
      // A file whose picture was never examined (uploaded before the examination was stored) is refused, not decoded.
      await sql`update files set image_status = null, image_hash = null, image_width = null, image_height = null where path = ${path}`.execute(
        server.database.db,
      );
      const old = await server.post('/brandArchives/graphicRetrieval', { path }, admin);
      expect(old.statusCode).toBe(422);
      expect(old.json().subMessage).toBe('这张图片上传于系统升级之前，尚未检查，请重新上传');
    });

    it('takes the picture directly as multipart, with a class filter; the whole family shares its logo', async () => {
      const png = await logoOf('30000001');
      const { payload, headers } = multipart('星辰.png', png, { maxDistance: '0', tmCl: '3' });
      const res = await server.app.inject({ method: 'POST', url: '/brandArchives/graphicRetrieval/upload', payload, headers: { ...headers, token: admin } });
      const data = dataOf('tmSearch.graphicRetrievalUpload', res);
      expect(data.list.map((r) => r.mark.app_no).sort()).toEqual(['30000001', '30000003', 'US1000008']);
      expect(data.list.every((r) => r.distance === 0)).toBe(true);
      const paged = multipart('星辰.png', png, { maxDistance: '0', pageSize: '2' });
      const page = dataOf(
        'tmSearch.graphicRetrievalUpload',
        await server.app.inject({
          method: 'POST',
          url: '/brandArchives/graphicRetrieval/upload',
          payload: paged.payload,
          headers: { ...paged.headers, token: admin },
        }),
      );
      // Newest first among equals: the whole family of four 星辰 marks, two on the page.
      expect(page.list.map((r) => r.mark.app_no)).toEqual(['30000002', '30000003']);
      expect(page.count).toBe(4);
    });

    it('finds a mark by its new logo once the register changes it', async () => {
      const design = (logoDesignOf('云帆') + 1) % 4096;
      await server.database.db
        .updateTable('tm_register')
        .set({ logo_path: generatedLogoPath(design), logo_hash: logoHashOfDesign(design) })
        .where('app_no', '=', '30000009')
        .execute();
      const png = await logoOf('30000009');
      const { payload, headers } = multipart('云帆.png', png, { maxDistance: '0' });
      const data = dataOf(
        'tmSearch.graphicRetrievalUpload',
        await server.app.inject({ method: 'POST', url: '/brandArchives/graphicRetrieval/upload', payload, headers: { ...headers, token: admin } }),
      );
      expect(data.list.map((r) => r.mark.app_no)).toEqual(['30000009']);
    });

    it('refuses a file that is not a picture, and a path it does not know', async () => {
      const { payload, headers } = multipart('logo.png', Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'));
      const res = await server.app.inject({ method: 'POST', url: '/brandArchives/graphicRetrieval/upload', payload, headers: { ...headers, token: admin } });
      expect(res.statusCode).toBe(422);
      expect(res.json().subMessage).toBe('无法识别的图片：请上传 PNG 或 JPG 格式的商标图样');
      const unknown = await server.post('/brandArchives/graphicRetrieval', { path: `1/202601/${'a'.repeat(64)}.png` }, admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().subMessage).toBe('图片不存在或无权访问，请重新上传');
    });

    it('refuses a picture whose header claims 12,000 × 12,000 pixels without decoding it', async () => {
      const { payload, headers } = multipart('巨图.png', pngHeader(12_000, 12_000));
      const res = await server.app.inject({ method: 'POST', url: '/brandArchives/graphicRetrieval/upload', payload, headers: { ...headers, token: admin } });
      expect(res.statusCode).toBe(422);
      expect(res.json().subMessage).toBe('图片像素过多（12000×12000）：商标图样请不超过 16 百万像素');
    });
  });

  it('stops counting a broad search at 10,000 while statistics count everything', async () => {
    await sql`
      insert into tm_register (app_no, int_cls, tm_name, tm_name_pinyin, tm_status, app_date)
      select (50000000 + n)::text, 1 + n % 45, '批量' || n, 'piliang' || n, '申请中', date '2010-01-01' + n % 3000
      from generate_series(1, 10050) as n`.execute(server.database.db);
    const data = await call('tmSearch.customSearch', { rangeType: 2, pageSize: 10, shouldFields: { tm_name: { value: '批量', searchType: 2 } } });
    expect(data.count).toBe(10_000);
    expect(data.list).toHaveLength(10);
    const stats = await call('tmSearch.queryStatistic', { rangeType: 2, shouldFields: { tm_name: { value: '批量', searchType: 2 } } });
    expect(stats.total).toBe(10_050);
  });

  it('needs the trademark permission', async () => {
    await server.database.db.updateTable('roles').set({ role_auth: 'workbench' }).where('name', '=', '代理机构').execute();
    const agent = await server.signIn('agent');
    const res = await server.post('/brandArchives/brandSimilarSearch', { name: '星辰' }, agent);
    expect(res.statusCode).toBe(403);
    expect(res.json().subMessage).toBe('没有“商标档案”权限');
    expect((await server.post('/tm/customSearch', {})).statusCode).toBe(401);
  });
});
