import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueLicenceReminders } from '../../src/server/licences/licenceReminders.js';
import { addDays, chinaToday } from '../../src/shared/trademarkDates.js';
import type { LicenseMatterSaveRequest } from '../../src/generated/types.js';
import { readXlsx } from './support/xlsx.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const GOODS = [
  { code: '0301', name: '洗发水' },
  { code: '0306', name: '香皂' },
  { code: '0306', name: '化妆品' },
];

/**
 * Licences (商标使用许可): saved with each mark's goods subset, refused with a Chinese message and
 * nothing saved when the goods are not the mark's, the term ends before it starts or a mark is
 * another organisation's; listed with filters and counts; a mark's licences with licenseGoods as
 * JSON text; deleted; reminded of once before they end; moved when marks are merged.
 */
describe.skipIf(skipThisDatabase)(`licences (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let corp: string;
  let agencyOrg: number;
  let companyOrg: number;
  let adminId: number;
  let agentId: number;
  const today = chinaToday();

  const db = () => server.database.db;
  const orgOf = async (username: string) => db().selectFrom('users').select(['id', 'org_id']).where('username', '=', username).executeTakeFirstOrThrow();
  let serial = 0;
  async function insertMark(orgId: number, name: string, owner: number | null, goods = GOODS): Promise<number> {
    serial++;
    const row = await db()
      .insertInto('brand_archives')
      .values({
        org_id: orgId,
        tm_name: name,
        app_no: `LIC${serial}${orgId}`,
        reg_no: `LIC${serial}${orgId}`,
        int_cls: 3,
        applicant_cn: '许可测试有限公司',
        owner_user_id: owner,
        goods: JSON.stringify(goods),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const licenceCount = async () => Number((await db().selectFrom('licences').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  let markA: number;
  let markB: number;
  let foreignMark: number;

  const body = (overrides: Record<string, unknown> = {}) =>
    ({
      licensor: '许可测试有限公司',
      licensee: '被许可测试有限公司',
      licenceType: 'exclusive' as const,
      territory: '中国大陆',
      startDate: addDays(today, -10),
      endDate: addDays(today, 365),
      royalty: 120000,
      marks: [{ brandId: markA, goods: [GOODS[0]!, GOODS[2]!] }],
      ...overrides,
    }) as LicenseMatterSaveRequest;

  beforeAll(async () => {
    server = await startTestServer({}, { reminderIntervalMs: 0 });
    admin = await server.signIn('admin');
    agent = await server.signIn('agent');
    corp = await server.signIn('corpAdmin');
    const a = await orgOf('admin');
    const g = await orgOf('agent');
    const c = await orgOf('corpadmin');
    [agencyOrg, companyOrg, adminId, agentId] = [a.org_id, c.org_id, a.id, g.id];
    markA = await insertMark(agencyOrg, '许可甲', adminId);
    markB = await insertMark(agencyOrg, '许可乙', agentId, [{ code: '3001', name: '咖啡' }]);
    foreignMark = await insertMark(companyOrg, '他组织商标', null);
  });
  afterAll(() => server?.stop());

  it('seeds the demo organisations with a valid, an expiring and an expired licence each', async () => {
    for (const token of [admin, corp]) {
      const list = await server.call('licenseMatter.list', {}, token);
      expect(list.valid).toBeGreaterThanOrEqual(1);
      expect(list.expiring).toBeGreaterThanOrEqual(1);
      expect(list.expired).toBeGreaterThanOrEqual(1);
      expect(list.list.some((l) => l.licenceType === 'exclusive' && (l.royalty ?? 0) > 0)).toBe(true);
      for (const l of list.list) expect(l.marks[0]!.licenseGoods.length).toBeGreaterThan(0);
    }
  });

  it('offers the organisation’s licence-filing cases for a licence, and the demo’s exclusive licence is filed through one', async () => {
    const filingTypes = ['licenseRecord', 'licenseRecordChange', 'licenseRecordStop', 'licenseRecordWithdraw'];
    const offered = await server.call('caseManage.getCaseLists', { caseTypes: filingTypes, pageSize: 100 }, admin);
    expect(offered.list.length).toBeGreaterThan(0);
    expect(offered.list.every((c) => filingTypes.includes(c.caseType))).toBe(true);
    const all = await server.call('caseManage.getCaseLists', { pageSize: 100 }, admin);
    expect(offered.count).toBe(all.list.filter((c) => filingTypes.includes(c.caseType)).length);
    const filed = (await server.call('licenseMatter.list', {}, admin)).list.find((l) => l.licenceType === 'exclusive' && l.caseNo !== null);
    expect(filed?.caseNo).toBe(offered.list.find((c) => c.caseType === 'licenseRecord')?.caseNo);
    expect(filed?.caseStatusTitle).not.toBe('未备案');
  });

  it('saves a licence with a subset of its mark’s goods, reads it back and edits it', async () => {
    const saved = await server.call('licenseMatter.save', body({ handlerUserId: agentId, remark: '合同 A-1' }), admin);
    expect(saved).toMatchObject({
      licensor: '许可测试有限公司',
      licensee: '被许可测试有限公司',
      licenceType: 'exclusive',
      licenceTypeTitle: '独占许可',
      royalty: 120000,
      state: 'valid',
      stateTitle: '有效',
      markNames: '许可甲',
      caseNo: null,
      caseStatusTitle: '未备案',
      handlerName: expect.any(String),
      remark: '合同 A-1',
    });
    expect(saved.marks).toEqual([
      { brandId: markA, tmName: '许可甲', appNo: expect.any(String), regNo: expect.any(String), intCls: 3, licenseGoods: [GOODS[0], GOODS[2]] },
    ]);
    const detail = await server.call('licenseMatter.detail', { id: saved.id }, admin);
    expect(detail).toEqual(saved);

    const edited = await server.call(
      'licenseMatter.save',
      body({ id: saved.id, licenceType: 'ordinary', royalty: null, marks: [{ brandId: markA, goods: [{ code: '', name: '香皂' }] }] }),
      admin,
    );
    expect(edited).toMatchObject({ id: saved.id, licenceTypeTitle: '普通许可', royalty: null });
    // A goods item named without its group takes the mark's own.
    expect(edited.marks[0]!.licenseGoods).toEqual([GOODS[1]]);
    await server.call('licenseMatter.delete', { id: saved.id }, admin);
  });

  it('refuses bad licences with a Chinese message naming the problem, saving nothing', async () => {
    const before = await licenceCount();
    const refusal = async (payload: unknown, token = admin) => {
      const reply = await server.post('/license-matter/save', payload, token);
      expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, reply.body).toBeLessThan(500);
      return (reply.json() as { subMessage: string }).subMessage;
    };
    expect(await refusal(body({ marks: [{ brandId: markA, goods: [{ code: '3001', name: '咖啡' }] }] }))).toBe(
      `许可商品/服务“咖啡”不是商标许可甲（${(await db().selectFrom('brand_archives').select('reg_no').where('id', '=', markA).executeTakeFirstOrThrow()).reg_no}）核定使用的商品，请从该商标的商品中选择`,
    );
    // The second mark's goods are checked too: the first mark's passing does not save it.
    expect(
      await refusal(
        body({
          marks: [
            { brandId: markA, goods: [GOODS[0]] },
            { brandId: markB, goods: [{ code: '3001', name: '茶叶' }] },
          ],
        }),
      ),
    ).toContain('不是商标许可乙');
    expect(await refusal(body({ startDate: addDays(today, 10), endDate: addDays(today, 9) }))).toBe(
      `许可截止日期（${addDays(today, 9)}）不能早于许可开始日期（${addDays(today, 10)}）`,
    );
    expect(await refusal(body({ marks: [{ brandId: foreignMark, goods: [GOODS[0]] }] }))).toContain('商标不存在或无权操作');
    expect(await refusal(body({ licensee: '  ' }))).toBe('被许可人不能为空');
    expect(await refusal(body({ licensee: '许可测试有限公司' }))).toBe('许可人与被许可人不能相同');
    expect(await refusal(body({ marks: [] }))).toContain('许可商标');
    expect(await refusal(body({ caseNo: 'AJ2000010100001' }))).toBe('案件编号 AJ2000010100001 不存在');
    const otherCase = await db()
      .selectFrom('cases')
      .select('case_no')
      .where('org_id', '=', agencyOrg)
      .where('case_type', '<>', 'licenseRecord')
      .executeTakeFirstOrThrow();
    expect(await refusal(body({ caseNo: otherCase.case_no }))).toContain('不是许可备案类案件');
    // The agency rule: an agent may license only the marks they are responsible for.
    expect(await refusal(body({ licensor: '代理', marks: [{ brandId: markA, goods: [GOODS[0]] }] }), agent)).toContain('商标不存在或无权操作');
    // Another organisation cannot change or delete the licence, nor see it.
    const mine = await server.call('licenseMatter.save', body(), admin);
    expect(await refusal(body({ id: mine.id, marks: [{ brandId: foreignMark, goods: [GOODS[0]] }] }), corp)).toBe('许可不存在或已删除');
    expect((await server.send('licenseMatter.delete', { id: mine.id }, corp)).statusCode).toBe(404);
    expect((await server.send('licenseMatter.detail', { id: mine.id }, corp)).statusCode).toBe(404);
    expect(await licenceCount()).toBe(before + 1);
    await server.call('licenseMatter.delete', { id: mine.id }, admin);
    expect(await licenceCount()).toBe(before);
    expect((await server.send('licenseMatter.detail', { id: mine.id }, admin)).statusCode).toBe(404);
  });

  it('filters the list and counts by state', async () => {
    const party = `筛选被许可方${Date.now()}`;
    const valid = await server.call('licenseMatter.save', body({ licensee: party, licenceType: 'exclusive' }), admin);
    const expiring = await server.call('licenseMatter.save', body({ licensee: party, licenceType: 'ordinary', endDate: addDays(today, 10) }), admin);
    const expired = await server.call(
      'licenseMatter.save',
      body({ licensee: party, licenceType: 'sole', startDate: addDays(today, -100), endDate: addDays(today, -1) }),
      admin,
    );
    const all = await server.call('licenseMatter.list', { party }, admin);
    expect(all).toMatchObject({ count: 3, valid: 1, expiring: 1, expired: 1 });
    // Ending soonest first.
    expect(all.list.map((l) => l.id)).toEqual([expired.id, expiring.id, valid.id]);
    expect(all.list.map((l) => l.stateTitle)).toEqual(['已到期', '即将到期', '有效']);
    expect((await server.call('licenseMatter.list', { party, state: 'expiring' }, admin)).list.map((l) => l.id)).toEqual([expiring.id]);
    expect((await server.call('licenseMatter.list', { party, licenceType: 'sole' }, admin)).list.map((l) => l.id)).toEqual([expired.id]);
    expect((await server.call('licenseMatter.list', { party, endFrom: today, endTo: addDays(today, 30) }, admin)).list.map((l) => l.id)).toEqual([expiring.id]);
    expect((await server.call('licenseMatter.list', { party, tmName: '许可甲' }, admin)).count).toBe(3);
    expect((await server.call('licenseMatter.list', { party, tmName: '许可乙' }, admin)).count).toBe(0);
    expect((await server.call('licenseMatter.list', { party }, corp)).count).toBe(0);
    // The agency rule: the agent is not responsible for 许可甲, so sees none of them.
    expect((await server.call('licenseMatter.list', { party }, agent)).count).toBe(0);
    const agents = await server.call(
      'licenseMatter.save',
      body({ licensor: '代理', licensee: party, marks: [{ brandId: markB, goods: [{ code: '3001', name: '咖啡' }] }] }),
      agent,
    );
    expect((await server.call('licenseMatter.list', { party }, agent)).list.map((l) => l.id)).toEqual([agents.id]);

    // The export holds what the list holds under the same conditions, each licensed mark's goods on the second sheet.
    const exported = async (query: Record<string, string>, token: string) => {
      const file = await server.app.inject({ method: 'POST', url: '/license-matter/export', payload: query, headers: { token } });
      expect(file.statusCode).toBe(200);
      return { licences: await readXlsx(file.rawPayload), goods: await readXlsx(file.rawPayload, 1) };
    };
    const everything = await exported({ party }, admin);
    expect(everything.licences[0]!.slice(0, 4)).toEqual(['许可商标', '许可人', '被许可人', '许可类型']);
    const listed = (await server.call('licenseMatter.list', { party }, admin)).list;
    expect(everything.licences.slice(1).map((r) => [r[2], r[3], r[6], r[7]])).toEqual(
      listed.map((l) => [l.licensee, l.licenceTypeTitle, l.endDate, l.stateTitle]),
    );
    expect(everything.goods.length - 1).toBe(listed.reduce((n, l) => n + l.marks.length, 0));
    expect(everything.goods.slice(1).find((r) => r[5] === party && r[7]?.includes('咖啡'))).toBeDefined();
    expect((await exported({ party, state: 'expiring' }, admin)).licences.slice(1).map((r) => r[7])).toEqual(['即将到期']);
    expect((await exported({ party }, agent)).licences.slice(1).map((r) => r[1])).toEqual(['代理']);
    expect((await exported({ party }, corp)).licences).toHaveLength(1);
    for (const l of [valid, expiring, expired, agents]) await server.call('licenseMatter.delete', { id: l.id }, admin);
  });

  it('lists a mark’s licences with licenseGoods as JSON text, parsed', async () => {
    const saved = await server.call('licenseMatter.save', body({ licensee: '商标页被许可人' }), admin);
    const reply = await server.send('licenseMatter.tmList', { brandId: markA }, admin);
    const raw = (reply.json() as { data: { list: { id: number; licenseGoods: unknown }[] } }).data.list.find((l) => l.id === saved.id)!;
    expect(typeof raw.licenseGoods).toBe('string');
    expect(JSON.parse(raw.licenseGoods as string)).toEqual([GOODS[0], GOODS[2]]);
    const entry = dataOf('licenseMatter.tmList', reply).list.find((l) => l.id === saved.id)!;
    expect(entry).toMatchObject({
      licensee: '商标页被许可人',
      licenceTypeTitle: '独占许可',
      stateTitle: '有效',
      goodsList: [GOODS[0], GOODS[2]],
      goodsText: '洗发水；化妆品',
    });
    expect((await server.send('licenseMatter.tmList', { brandId: markA }, corp)).statusCode).toBe(404);
    expect((await server.send('licenseMatter.tmList', { brandId: markA }, agent)).statusCode).toBe(404);
    await server.call('licenseMatter.delete', { id: saved.id }, admin);
  });

  it('reminds the creator and the handler once when a licence is within 30 days of its end', async () => {
    const licensee = '提醒测试被许可人';
    const saved = await server.call(
      'licenseMatter.save',
      body({ licensee, startDate: '2026-01-01', endDate: '2027-03-31', handlerUserId: agentId, marks: [{ brandId: markA, goods: [GOODS[0]] }] }),
      admin,
    );
    const reminders = () =>
      db()
        .selectFrom('messages')
        .select(['user_id', 'title', 'content', 'link'])
        .where('kind', '=', 'reminder')
        .where('title', 'like', `%${licensee}%`)
        .execute();
    await sendDueLicenceReminders(db(), new Date('2027-02-20T02:00:00Z'));
    expect(await reminders()).toEqual([]);
    expect(await sendDueLicenceReminders(db(), new Date('2027-03-05T02:00:00Z'))).toBeGreaterThanOrEqual(1);
    await sendDueLicenceReminders(db(), new Date('2027-03-06T02:00:00Z'));
    const sent = await reminders();
    expect(sent.map((m) => m.user_id).sort()).toEqual([adminId, agentId].sort());
    expect(sent[0]).toMatchObject({ title: `【许可到期】许可甲 · ${licensee}`, link: `/brand/detailLicense?id=${saved.id}` });
    expect(sent[0]!.content).toContain('将于 2027-03-31 到期，还有 26 天');
    // Extended: the new end is reminded of in its turn, once.
    await server.call('licenseMatter.save', body({ id: saved.id, licensee, startDate: '2026-01-01', endDate: '2027-04-10', handlerUserId: agentId }), admin);
    await sendDueLicenceReminders(db(), new Date('2027-03-20T02:00:00Z'));
    await sendDueLicenceReminders(db(), new Date('2027-03-21T02:00:00Z'));
    expect(await reminders()).toHaveLength(4);
    await server.call('licenseMatter.delete', { id: saved.id }, admin);
  });

  it('moves the licences of merged marks to the kept mark', async () => {
    const duplicate = await insertMark(agencyOrg, '许可甲', adminId);
    const onDuplicate = await server.call(
      'licenseMatter.save',
      body({ licensee: '合并测试被许可人', marks: [{ brandId: duplicate, goods: [GOODS[1]] }] }),
      admin,
    );
    const onBoth = await server.call(
      'licenseMatter.save',
      body({
        licensee: '合并测试被许可人二',
        marks: [
          { brandId: markA, goods: [GOODS[0]] },
          { brandId: duplicate, goods: [GOODS[1]] },
        ],
      }),
      admin,
    );
    await server.call('brandMerge.mergeBrand', { mergeList: [{ targetBrandId: markA, mergedBrandIds: [duplicate] }] }, admin);
    const onKept = (await server.call('licenseMatter.tmList', { brandId: markA }, admin)).list.map((l) => l.id);
    expect(onKept).toEqual(expect.arrayContaining([onDuplicate.id, onBoth.id]));
    expect((await server.call('licenseMatter.detail', { id: onDuplicate.id }, admin)).marks.map((m) => m.brandId)).toEqual([markA]);
    // The licence that named both keeps the kept mark's own goods.
    expect((await server.call('licenseMatter.detail', { id: onBoth.id }, admin)).marks).toMatchObject([{ brandId: markA, licenseGoods: [GOODS[0]] }]);
  });
});
