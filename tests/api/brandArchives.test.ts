import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { BrandArchivesUpdateGlobalConfigurationRequest, Trademark } from '../../src/generated/types.js';
import { addMonths, chinaToday, GRACE_MONTHS } from '../../src/shared/trademarkDates.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';

const file = process.env.CLASSIFICATION_FILE;
const haveFile = file !== undefined && existsSync(file);

describe.skipIf(skipThisDatabase)(`trademark archive calls (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let corp: string;
  let staff: string;
  beforeAll(async () => {
    server = await startTestServer(haveFile ? { classificationFile: file } : {});
    [admin, agent, corp, staff] = [await server.signIn('admin'), await server.signIn('agent'), await server.signIn('corpAdmin'), await server.signIn('staff')];
  });
  afterAll(() => server?.stop());

  const ok = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token: string) => server.call(id, body, token);
  const refused = (url: string, body: object, token: string, status?: number) => server.refused(url, body, token, status);
  const list = async (token: string, query: OperationRequest<'brandArchives.queryBrandPage'> = {}) =>
    (await ok('brandArchives.queryBrandPage', { pageSize: 200, ...query }, token)).list;

  it('gives a mark’s detail with its register record, goods groups and same-name family', async () => {
    const marks = await list(admin);
    const linked = marks.find((m) => m.registerId !== null && marks.some((o) => o.id !== m.id && o.tmName === m.tmName))!;
    expect(linked).toBeDefined();
    const { detailVo } = await ok('brandArchives.queryBrandDetailList', { id: linked.id }, admin);
    expect(detailVo.record.id).toBe(linked.id);
    expect(detailVo.register?.id).toBe(linked.registerId);
    expect(detailVo.tmItem).toMatchObject({ countryCode: linked.countryCode, tmCl: linked.tmCl });
    expect(detailVo.brandCGInfo.map((g) => g.code)).toEqual(linked.goodServices.map((g) => g.code));
    expect(detailVo.family.length).toBeGreaterThan(0);
    expect(detailVo.family.every((f) => f.tmName === linked.tmName && f.id !== linked.id)).toBe(true);
    expect(detailVo.intClsOverse[0]?.tmCl).toBe(linked.tmCl);
  });

  it('derives a default goods item from the class for a foreign mark without goods', async () => {
    const saved = await ok('brandArchives.addBrand', { appNo: 'US-90000001', tmName: 'NORTHWIND', tmCl: 9, countryCode: 'US', tmStatus: '已注册' }, admin);
    expect(saved.source).toBe(1);
    const { detailVo } = await ok('brandArchives.queryBrandDetailList', { id: saved.id }, admin);
    expect(detailVo.tmItem.goodsItem).toHaveLength(1);
    expect(detailVo.tmItem.goodsItem[0]!.code).toBe('09');
    expect(detailVo.tmItem.goodsItem[0]!.name).toContain('第9类');
  });

  it('keeps the agency rule on detail, edit, delete, statistics and related marks', async () => {
    const all = await list(admin);
    const mine = await list(agent);
    const foreign = all.find((m) => !mine.some((x) => x.id === m.id))!;
    expect(await refused('/brandArchives/queryBrandDetailList', { id: foreign.id }, agent, 404)).toContain('不存在或无权查看');
    expect(await refused('/brandArchives/saveBrand', { id: foreign.id, remark: '代理改' }, agent)).toContain(String(foreign.id));
    expect(await refused('/api/delTrademarkList', { ids: [foreign.id] }, agent)).toContain(String(foreign.id));
    expect(await refused('/brandArchives/batchUpdateBrands', { ids: [mine[0]!.id, foreign.id], fields: [{ field: 'remark', value: 'x' }] }, agent)).toContain(
      String(foreign.id),
    );
    const stats = await ok('brandArchives.getBrandDetailsStatistics', {}, agent);
    expect(stats.total).toBe(mine.length);
    const related = await ok('brandArchives.relevanceBrand', { regNo: foreign.appNo }, agent);
    expect(related.list.every((m) => m.ownerUserId === mine[0]!.ownerUserId)).toBe(true);
    // Another organisation's marks are not found at all.
    expect(await refused('/brandArchives/queryBrandDetailList', { id: foreign.id }, corp, 404)).toContain('不存在');
  });

  // The demo marks carry goods items only when the classification is configured.
  it.skipIf(!haveFile)('filters by the class picker’s value: class, similar group or goods name', async () => {
    const marks = await list(admin);
    const withGoods = marks.find((m) => m.goodsItems.length > 0)!;
    const byCategory = await list(admin, { classes: { categories: [String(withGoods.tmCl)], groups: [], goods: [] } });
    expect(byCategory.length).toBeGreaterThan(0);
    expect(byCategory.every((m) => m.tmCl === withGoods.tmCl)).toBe(true);
    const group = withGoods.goodsItems[0]!.code;
    const byGroup = await list(admin, { classes: { categories: [], groups: [group], goods: [] } });
    expect(byGroup.some((m) => m.id === withGoods.id)).toBe(true);
    expect(byGroup.every((m) => m.goodsItems.some((g) => g.code === group))).toBe(true);
    const name = withGoods.goodsItems[0]!.name;
    const byGoods = await list(admin, { classes: { categories: [], groups: [], goods: [name] } });
    expect(byGoods.every((m) => m.goodsItems.some((g) => g.name === name))).toBe(true);
    expect(await refused('/brandArchives/queryBrandPage', { classes: { groups: ['9'] } }, admin)).toContain('类似群');
  });

  it('counts the archive by status, class, country, expiring soon and in grace', async () => {
    const today = chinaToday();
    // One registration running out next month, one ended last month (in its grace period).
    const [first, second] = (await list(corp)).filter((m) => m.regDate && m.regDate < addMonths(today, -2));
    await ok('brandArchives.saveBrand', { id: first!.id, privateEndDate: addMonths(today, 1) }, corp);
    await ok('brandArchives.saveBrand', { id: second!.id, privateEndDate: addMonths(today, -1) }, corp);
    const marks = await list(corp);
    const stats = await ok('brandArchives.getBrandDetailsStatistics', {}, corp);
    expect(stats.total).toBe(marks.length);
    const countsOf = <K extends string | number | null>(key: (m: Trademark) => K) => {
      const sums = new Map<K, number>();
      for (const m of marks) sums.set(key(m), (sums.get(key(m)) ?? 0) + 1);
      return [...sums].map(([k, count]) => ({ key: k, count }));
    };
    const largestFirst = (a: { key: unknown; count: number }, b: { key: unknown; count: number }) =>
      b.count - a.count || String(a.key).localeCompare(String(b.key));
    expect(stats.byStatus).toEqual(
      countsOf((m) => m.tmStatus)
        .sort(largestFirst)
        .map((r) => ({ tmStatus: r.key, count: r.count })),
    );
    expect(stats.byCountry).toEqual(
      countsOf((m) => m.countryCode)
        .sort(largestFirst)
        .map((r) => ({ countryCode: r.key, count: r.count })),
    );
    expect(stats.byClass).toEqual(
      countsOf((m) => m.tmCl ?? null)
        .sort((a, b) => (a.key ?? Infinity) - (b.key ?? Infinity))
        .map((r) => ({ tmCl: r.key, count: r.count })),
    );
    const soon = addMonths(today, stats.expiryMonths);
    const graceStart = addMonths(today, -GRACE_MONTHS);
    expect(stats.expiringSoon).toBe(marks.filter((m) => m.privateEndDate && m.privateEndDate >= today && m.privateEndDate <= soon).length);
    expect(stats.inGrace).toBe(marks.filter((m) => m.privateEndDate && m.privateEndDate < today && m.privateEndDate >= graceStart).length);
    expect(stats.expiringSoon).toBeGreaterThan(0);
    expect(stats.inGrace).toBeGreaterThan(0);
    const status = stats.byStatus[0]!;
    expect((await ok('brandArchives.getBrandDetailsStatistics', { tmStatus: [status.tmStatus] }, corp)).total).toBe(status.count);
  });

  it('sorts by every column either way, empty dates and classes last, pages never overlapping', async () => {
    const all = await list(corp);
    const keys: [string, (m: Trademark) => string | number | null][] = [
      ['app_date', (m) => m.appDate ?? null],
      ['reg_date', (m) => m.regDate ?? null],
      ['private_end_date', (m) => m.privateEndDate ?? null],
      ['tm_cl', (m) => m.tmCl ?? null],
      ['tm_name', (m) => m.tmName],
      ['app_no', (m) => m.appNo],
    ];
    expect(all.some((m) => m.regDate === null)).toBe(true);
    for (const [sortField, value] of keys) {
      for (const sortType of ['asc', 'desc'] as const) {
        const expected = [...all].sort((a, b) => {
          const [x, y] = [value(a), value(b)];
          if (x === null || y === null) return x === y ? (sortType === 'asc' ? a.id - b.id : b.id - a.id) : x === null ? 1 : -1;
          const order = x < y ? -1 : x > y ? 1 : sortType === 'asc' ? a.id - b.id : b.id - a.id;
          return sortType === 'asc' || x === y ? order : -order;
        });
        const firstPage = await list(corp, { sortField, sortType, pageSize: 10, pageNo: 1 });
        const secondPage = await list(corp, { sortField, sortType, pageSize: 10, pageNo: 2 });
        expect(
          [...firstPage, ...secondPage].map((m) => m.id),
          `${sortField} ${sortType}`,
        ).toEqual(expected.slice(0, 20).map((m) => m.id));
        expect(
          (await list(corp, { sortField, sortType })).map((m) => m.id),
          `${sortField} ${sortType}`,
        ).toEqual(expected.map((m) => m.id));
      }
    }
  });

  it('saves one record from the edit dialog, keeping its register link, and validates each field', async () => {
    const mark = (await list(staff)).find((m) => m.registerId !== null)!;
    const saved = await ok(
      'brandArchives.saveBrand',
      { id: mark.id, tmName: '星辰新名', remark: '已核对', appDate: '2020-01-02', regDate: null, privateEndDate: null, prelimDate: null },
      staff,
    );
    expect(saved).toMatchObject({ id: mark.id, tmName: '星辰新名', remark: '已核对', registerId: mark.registerId, appDate: '2020-01-02' });
    expect(await refused('/brandArchives/saveBrand', { id: mark.id, appDate: '2024-02-30' }, staff)).toContain('申请日期');
    expect(await refused('/brandArchives/saveBrand', { id: mark.id, tmCl: 46 }, staff)).toContain('类别');
    expect(await refused('/brandArchives/saveBrand', { id: mark.id, appDate: '2022-01-01', regDate: '2021-01-01' }, staff)).toContain(
      '注册日期不能早于申请日期',
    );
    expect(await refused('/brandArchives/saveBrand', { id: mark.id, tmCl: 25, goodsItems: [{ code: '0901', name: '计算机' }] }, staff)).toContain(
      '不属于第 25 类',
    );
    expect(await refused('/brandArchives/saveBrand', { id: mark.id, goodsItems: [{ code: '0901', name: ' ' }] }, staff)).toContain(
      '商品/服务项目第 1 项缺少名称',
    );
    const after = (await list(staff, { ids: [mark.id] }))[0]!;
    expect(after.tmName).toBe('星辰新名');
    expect(after.regDate).toBeNull();
  });

  it('updates several records all-or-nothing, each field once', async () => {
    const marks = (await list(corp)).slice(0, 3);
    const ids = marks.map((m) => m.id) as [number, ...number[]];
    const done = await ok(
      'brandArchives.batchUpdateBrands',
      {
        ids,
        fields: [
          { field: 'remark', value: '批量备注' },
          { field: 'agent', value: '华信知识产权代理有限公司' },
        ],
      },
      corp,
    );
    expect(done.updated).toBe(3);
    expect((await list(corp, { ids })).every((m) => m.remark === '批量备注' && m.agent === '华信知识产权代理有限公司')).toBe(true);
    expect(
      await refused(
        '/brandArchives/batchUpdateBrands',
        {
          ids,
          fields: [
            { field: 'remark', value: 'a' },
            { field: 'remark', value: 'b' },
          ],
        },
        corp,
      ),
    ).toContain('每个字段只能修改一次：备注');
    // One record whose dates would run backwards: nothing changes.
    await ok('brandArchives.saveBrand', { id: ids[0], appDate: '2019-01-01', regDate: '2020-06-01' }, corp);
    await ok('brandArchives.saveBrand', { id: ids[1], appDate: '2010-01-01', regDate: null }, corp);
    const message = await refused(
      '/brandArchives/batchUpdateBrands',
      {
        ids,
        fields: [
          { field: 'regDate', value: '2015-01-01' },
          { field: 'remark', value: '不应保存' },
        ],
      },
      corp,
    );
    expect(message).toContain('注册日期不能早于申请日期');
    expect((await list(corp, { ids })).every((m) => m.remark === '批量备注')).toBe(true);
    expect(await refused('/brandArchives/batchUpdateBrands', { ids, fields: [{ field: 'tmCl', value: 0 }] }, corp)).toContain('类别');
    expect(await refused('/brandArchives/batchUpdateBrands', { ids, fields: [{ field: 'appNo', value: '1' }] }, corp)).toContain('字段');
  });

  it('adds marks manually and from the register, refusing duplicates', async () => {
    const manual = await ok(
      'brandArchives.addBrand',
      { appNo: 'M-2026-0001', tmName: '手录商标', tmCl: 3, goodsItems: [{ code: '0306', name: '化妆品' }] },
      corp,
    );
    expect(manual).toMatchObject({ source: 1, countryCode: 'CN', submitWay: '单一申请', tmCl: 3 });
    expect(await refused('/brandArchives/addBrand', { appNo: 'M-2026-0001', tmCl: 3 }, corp)).toContain('档案中已有申请号 M-2026-0001');
    expect(await refused('/brandArchives/addBrand', { tmName: '缺申请号', tmCl: 3 }, corp)).toContain('申请号');
    // A mark awaiting a merge with its duplicate can still be edited; moving another onto its number cannot.
    const twin = await ok('brandArchives.addBrand', { appNo: 'M-2026-0002', tmName: '孪生', tmCl: 3 }, corp);
    expect(await refused('/brandArchives/saveBrand', { id: twin.id, appNo: 'M-2026-0001', tmCl: 3 }, corp)).toContain('档案中已有申请号 M-2026-0001');
    expect(await ok('brandArchives.saveBrand', { id: manual.id, appNo: 'M-2026-0001', tmCl: 3, tmName: '改名' }, corp)).toMatchObject({
      tmName: '改名',
    });
    // Register marks of the agency's archive are not in the company's.
    const register = (await list(admin)).filter((m) => m.registerId !== null);
    const companyNumbers = new Set((await list(corp)).map((m) => m.appNo));
    const candidate = register.find((m) => !companyNumbers.has(m.appNo))!;
    const added = await ok('brandArchives.addFromRegister', { appNos: `${candidate.appNo}, NOPE-1` }, corp);
    expect(added.added.length).toBeGreaterThan(0);
    expect(added.notFound).toEqual(['NOPE-1']);
    const again = await ok('brandArchives.addFromRegister', { appNos: candidate.appNo }, corp);
    expect(again.added).toEqual([]);
    expect(again.skipped).toBeGreaterThan(0);
    const copied = (await list(corp, { ids: added.added }))[0]!;
    expect(copied).toMatchObject({ source: 0, appNo: candidate.appNo });
    expect(await refused('/brandArchives/addFromRegister', { appNos: ' ' }, corp)).toContain('申请号');
    expect(await refused('/brandArchives/addBrand', { appNo: '  ', tmCl: 3 }, corp)).toContain('申请号');
    expect(await refused('/brandArchives/saveBrand', { tmName: '没有编号' }, corp)).toContain('商标');
  });

  it('deletes records by id, refusing the whole request for a foreign id', async () => {
    const corpMarks = await list(corp);
    const agencyMark = (await list(admin))[0]!;
    const victim = corpMarks[corpMarks.length - 1]!;
    expect(await refused('/api/delTrademarkList', { ids: [victim.id, agencyMark.id] }, corp)).toContain(String(agencyMark.id));
    expect((await list(corp, { ids: [victim.id] })).length).toBe(1);
    expect((await ok('brandArchives.delTrademarkList', { ids: [victim.id] }, corp)).deleted).toBe(1);
    expect((await list(corp, { ids: [victim.id] })).length).toBe(0);
    expect(await refused('/api/delTrademarkList', { ids: [] }, corp)).toContain('商标');
  });

  it('finds related marks by registration number: the same name or applicant', async () => {
    const marks = await list(admin);
    const anchor = marks.find((m) => m.regNo)!;
    const related = (await ok('brandArchives.relevanceBrand', { regNo: anchor.regNo! }, admin)).list;
    // The mark itself comes first, with any duplicate filed under the same number.
    expect(related[0]!.appNo).toBe(anchor.appNo);
    expect(related.some((m) => m.id === anchor.id)).toBe(true);
    expect(related.every((m) => m.tmName === anchor.tmName || m.applicant === anchor.applicant)).toBe(true);
    expect(await refused('/brand/relevanceBrand', {}, admin)).toContain('注册号');
    expect((await ok('brandArchives.relevanceBrand', { regNo: 'NO-SUCH' }, admin)).list).toEqual([]);
  });

  it.skipIf(!haveFile)('lists similar goods of the same similar groups, or none', async () => {
    const mark = (await list(admin)).find((m) => m.regNo && m.goodsItems.length > 0)!;
    const reply = await ok('brandArchives.similarGoods', { applyNo: `${mark.regNo}_${mark.tmCl}` }, admin);
    expect(reply.text).toContain(mark.goodsItems[0]!.code);
    const none = await ok('brandArchives.similarGoods', { applyNo: `${mark.regNo}_${mark.tmCl === 1 ? 2 : 1}` }, admin);
    expect(none.text).toBeNull();
    expect(await refused('/brandArchives/similarGoods', { applyNo: 'abc' }, admin)).toContain('注册号与类别');
  });

  it('keeps organisation settings for the archive; only administrators change them', async () => {
    expect(await ok('brandArchives.getGlobalConfiguration', {}, staff)).toEqual({
      defaultView: 'card',
      sortField: 'app_date',
      sortType: 'desc',
      expiryReminderMonths: 6,
    });
    const settings: BrandArchivesUpdateGlobalConfigurationRequest = { defaultView: 'table', sortField: 'reg_date', sortType: 'asc', expiryReminderMonths: 3 };
    expect(await ok('brandArchives.updateGlobalConfiguration', settings, corp)).toEqual(settings);
    expect(await ok('brandArchives.getGlobalConfiguration', {}, staff)).toEqual(settings);
    expect((await ok('brandArchives.getGlobalConfiguration', {}, admin)).defaultView).toBe('card');
    // The list without a chosen sort follows the default; statistics look as far ahead as set.
    const regDates = (await list(staff)).map((m) => m.regDate).filter((d): d is string => d !== null);
    expect(regDates).toEqual([...regDates].sort());
    expect((await ok('brandArchives.getBrandDetailsStatistics', {}, staff)).expiryMonths).toBe(3);
    expect((await ok('brandArchives.getBrandDetailsStatistics', {}, admin)).expiryMonths).toBe(6);
    await refused('/common/updateGlobalConfiguration', settings, staff, 403);
    expect(await refused('/common/updateGlobalConfiguration', { ...settings, expiryReminderMonths: 13 }, corp)).toContain('到期提醒提前月数');
    // Each organisation reads its own row, whichever organisation read before it.
    const own: BrandArchivesUpdateGlobalConfigurationRequest = {
      defaultView: 'table',
      sortField: 'private_end_date',
      sortType: 'asc',
      expiryReminderMonths: 12,
    };
    expect(await ok('brandArchives.updateGlobalConfiguration', own, admin)).toEqual(own);
    expect(await ok('brandArchives.getGlobalConfiguration', {}, staff)).toEqual(settings);
    expect(await ok('brandArchives.getGlobalConfiguration', {}, admin)).toEqual(own);
    const endDates = (await list(admin)).map((m) => m.privateEndDate).filter((d): d is string => d !== null);
    expect(endDates).toEqual([...endDates].sort());
  });
});
