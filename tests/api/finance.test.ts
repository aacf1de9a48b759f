import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseBizParam, FinanceRecord } from '../../src/generated/types.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { chinaToday, addDays } from '../../src/shared/trademarkDates.js';
import { multipart } from './support/multipart.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { readXlsx } from './support/xlsx.js';

/**
 * Finance (issue: fees of a case published, paid and invoiced): the records a case creates and keeps
 * in step until published, publishing once, payments up to what is owed, invoices requested then
 * issued, totals that agree with the list, export, and the organisation's walls.
 */
describe.skipIf(skipThisDatabase)(`finance (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let corpAdmin: string;
  let agencyMark: number;

  const db = () => server.database.db;
  const message = (res: { json(): unknown }) => (res.json() as { subMessage?: string }).subMessage ?? '';

  const registration = (classes: number[]): CaseBizParam => ({
    brandId: agencyMark,
    tmType: 'general',
    priorityRadio: 'no',
    dplPriorityTm: '[]',
    coOwnerInfo: '[]',
    tmItems: [{ appCountry: 'CN', tmCl: classes, goodsItem: classes.map((c) => ({ tmCl: c, code: `${c}01`.padStart(4, '0'), name: NAMES[c]! })) }],
    tmName: '青禾',
    form: { applicantName: '杭州青禾食品有限公司', markForm: 'word' },
  });
  const NAMES: Record<number, string> = { 9: '计算机', 25: '服装', 35: '广告' };

  const recordsOf = async (caseNo: string, token = admin) => (await server.call('finance.list', { keyword: caseNo }, token)).list;

  beforeAll(async () => {
    server = await startTestServer();
    await sql`insert into classification_classes (class_no, name) values (9, '科学仪器'), (25, '服装鞋帽'), (35, '广告销售') on conflict do nothing`.execute(
      db(),
    );
    await sql`insert into classification_groups (group_no, class_no, name, position) values
      ('0901', 9, '电子计算机及其外部设备', 1), ('2501', 25, '衣物', 1), ('3501', 35, '广告', 1) on conflict do nothing`.execute(db());
    await sql`insert into classification_items (code, group_no, class_no, name, position) values
      ('090001', '0901', 9, '计算机', 1), ('250001', '2501', 25, '服装', 1), ('350001', '3501', 35, '广告', 1) on conflict do nothing`.execute(db());
    [admin, agent, corpAdmin] = await Promise.all([server.signIn('admin'), server.signIn('agent'), server.signIn('corpAdmin')]);
    const org = (await db().selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    agencyMark = (await db().selectFrom('brand_archives').select('id').where('org_id', '=', org).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server?.stop());

  it('bills a case per country, follows it until published, publishes once and then keeps what was published', async () => {
    const saved = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration([9, 25, 35]) }, admin);
    const fees = saved.bizParam.detailCgInfo[0]!;
    const [draft] = await recordsOf(saved.caseNo);
    expect(draft).toMatchObject({
      caseNo: saved.caseNo,
      caseTypeTitle: '国内商标注册',
      title: '国内商标注册（中国）',
      countryCode: 'CN',
      state: 'draft',
      payState: 'unpaid',
      officialFees: fees.officialFees,
      agencyFees: fees.agencyFees,
      currency: 'CNY',
      clientName: '杭州青禾食品有限公司',
    });
    expect(draft!.recordNo).toMatch(/^KX\d{13}$/);
    expect(draft!.officialFees).toBe(810);

    // One class fewer: the same record, its amounts follow the case.
    const updated = await server.call('caseManage.updateCase', { caseNo: saved.caseNo, revision: saved.revision, bizParam: registration([9, 25]) }, admin);
    const [followed] = await recordsOf(saved.caseNo);
    expect(followed).toMatchObject({ id: draft!.id, recordNo: draft!.recordNo, officialFees: 540, state: 'draft' });

    const published = await server.call('finance.publish', { ids: String(draft!.id) }, admin);
    expect(published.published).toBe(1);
    const after = await server.call('finance.detail', { id: draft!.id }, admin);
    expect(after).toMatchObject({ state: 'published', publishedByName: '王管理', dueDate: addDays(chinaToday(), 30) });

    const twice = await server.send('finance.publish', { ids: String(draft!.id) }, admin);
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe(`款项 ${draft!.recordNo} 已发布，不能重复发布`);
    const edit = await server.send('finance.save', { id: draft!.id, title: '改金额', officialFees: 1, agencyFees: 1, sundryFees: 0, currency: 'CNY' }, admin);
    expect(edit.statusCode).toBe(422);
    expect(message(edit)).toBe(`款项 ${draft!.recordNo} 已发布，不能修改`);
    expect((await server.send('finance.delete', { id: draft!.id }, admin)).statusCode).toBe(422);

    // The case changes again: what was published stays, no second bill for the country appears.
    await server.call('caseManage.updateCase', { caseNo: saved.caseNo, revision: updated.revision, bizParam: registration([9, 25, 35]) }, admin);
    const records = await recordsOf(saved.caseNo);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: draft!.id, officialFees: 540 });
  });

  it('takes payments up to what is owed, then an invoice requested and issued with its file', async () => {
    const record = await server.call(
      'finance.save',
      { title: '商标监测年费', clientName: '杭州青禾食品有限公司', officialFees: 0, agencyFees: 3000, sundryFees: 0.5, currency: 'CNY', note: '2027 年度' },
      admin,
    );
    expect(record).toMatchObject({ state: 'draft', total: 3000.5, outstanding: 3000.5, caseNo: null });
    const unpublished = await server.send('finance.addPayment', { id: record.id, amount: 100, paidOn: chinaToday() }, admin);
    expect(message(unpublished)).toBe(`款项 ${record.recordNo} 尚未发布，发布后才能登记收款`);
    await server.call('finance.publish', { ids: String(record.id) }, admin);

    const tooMuch = await server.send('finance.addPayment', { id: record.id, amount: 3000.51, paidOn: chinaToday() }, admin);
    expect(tooMuch.statusCode).toBe(422);
    expect(message(tooMuch)).toBe('收款金额 3000.51 超过未收金额 3000.50 CNY');
    const future = await server.send('finance.addPayment', { id: record.id, amount: 1, paidOn: addDays(chinaToday(), 2) }, admin);
    expect(message(future)).toBe('到账日期不能晚于今天');
    const part = await server.call('finance.addPayment', { id: record.id, amount: 1000.25, paidOn: chinaToday(), method: '银行转账' }, admin);
    expect(part).toMatchObject({ payState: 'partial', received: 1000.25, outstanding: 2000.25 });
    const rest = await server.call('finance.addPayment', { id: record.id, amount: 2000.25, paidOn: chinaToday() }, admin);
    expect(rest).toMatchObject({ payState: 'paid', outstanding: 0 });
    expect(rest.payments!.map((p) => [p.amount, p.method, p.createdByName])).toEqual([
      [1000.25, '银行转账', '王管理'],
      [2000.25, '', '王管理'],
    ]);
    expect(message(await server.send('finance.addPayment', { id: record.id, amount: 1, paidOn: chinaToday() }, admin))).toBe(`款项 ${record.recordNo} 已收清`);

    // Invoices: issued only after a request, never above the total, with the organisation's own file.
    expect(message(await server.send('finance.issueInvoice', { id: record.id, invoiceNo: '26312000001234', issuedOn: chinaToday() }, admin))).toBe(
      `款项 ${record.recordNo} 还没有申请发票`,
    );
    const over = await server.send(
      'finance.requestInvoice',
      { id: record.id, title: '杭州青禾食品有限公司', taxNo: '91330106MA2H0XXX1K', amount: 3001, content: '商标监测服务费' },
      admin,
    );
    expect(message(over)).toBe('开票金额不能超过应收合计 3000.50 CNY');
    const requested = await server.call(
      'finance.requestInvoice',
      { id: record.id, title: '杭州青禾食品有限公司', taxNo: '91330106MA2H0XXX1K', amount: 3000.5, content: '商标监测服务费' },
      admin,
    );
    expect(requested.invoiceState).toBe('requested');
    expect(requested.invoice).toMatchObject({ title: '杭州青禾食品有限公司', amount: 3000.5, requestedByName: '王管理', invoiceNo: '', issuedOn: null });

    const { payload, headers } = multipart('发票.png', logoPng(3), { purpose: 'general' });
    const theirs = dataOf(
      'file.upload',
      await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token: corpAdmin } }),
    ).path;
    const foreign = await server.send(
      'finance.issueInvoice',
      { id: record.id, invoiceNo: '26312000001234', issuedOn: chinaToday(), files: [{ name: '发票.png', path: theirs }] },
      admin,
    );
    expect(foreign.statusCode).toBe(404);
    expect(message(foreign)).toContain('发票文件');
    const mine = dataOf(
      'file.upload',
      await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token: admin } }),
    ).path;
    const issued = await server.call(
      'finance.issueInvoice',
      { id: record.id, invoiceNo: '26312000001234', issuedOn: chinaToday(), files: [{ name: '发票.png', path: mine }] },
      admin,
    );
    expect(issued.invoiceState).toBe('issued');
    expect(issued.invoice).toMatchObject({
      invoiceNo: '26312000001234',
      issuedOn: chinaToday(),
      file: { name: '发票.png', path: mine },
      issuedByName: '王管理',
    });
  });

  it('refuses records that bill nothing or no one, and a draft of a deleted case goes with it', async () => {
    const nothing = await server.send(
      'finance.save',
      { title: '空', clientName: '某公司', officialFees: 0, agencyFees: 0, sundryFees: 0, currency: 'CNY' },
      admin,
    );
    expect(message(nothing)).toBe('官费、代理费与杂费的合计须大于 0');
    const noOne = await server.send('finance.save', { title: '无客户', officialFees: 0, agencyFees: 10, sundryFees: 0, currency: 'CNY' }, admin);
    expect(message(noOne)).toBe('请选择客户企业或填写客户名称');
    const negative = await server.send(
      'finance.save',
      { title: '负数', clientName: '某公司', officialFees: -1, agencyFees: 10, sundryFees: 0, currency: 'CNY' },
      admin,
    );
    expect(negative.statusCode).toBe(422);
    expect(message(negative)).toContain('官费');

    const saved = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration([9]) }, admin);
    expect(await recordsOf(saved.caseNo)).toHaveLength(1);
    await server.call('caseManage.deleteCase', { caseNo: saved.caseNo }, admin);
    expect(await recordsOf(saved.caseNo)).toHaveLength(0);
  });

  it('totals agree with the list, the export holds the same rows, and other organisations and roles see nothing', async () => {
    const all: FinanceRecord[] = [];
    for (let pageNo = 1; ; pageNo += 1) {
      const page = await server.call('finance.list', { state: 'published', pageNo, pageSize: 100 }, admin);
      all.push(...page.list);
      if (all.length >= page.count) break;
    }
    expect(all.length).toBeGreaterThan(3);
    const byCurrency = (await server.call('finance.totals', { groupBy: 'currency' }, admin)).list;
    for (const currency of new Set(all.map((r) => r.currency))) {
      const mine = all.filter((r) => r.currency === currency);
      const cents = (pick: (r: FinanceRecord) => number) => mine.reduce((sum, r) => sum + Math.round(pick(r) * 100), 0) / 100;
      expect(byCurrency.find((t) => t.key === currency)).toMatchObject({
        count: mine.length,
        total: cents((r) => r.total),
        received: cents((r) => r.received),
        outstanding: cents((r) => r.outstanding),
        overdue: cents((r) => (r.overdue ? r.outstanding : 0)),
      });
    }
    const byClient = (await server.call('finance.totals', { groupBy: 'client' }, admin)).list;
    expect(byClient.reduce((n, t) => n + t.count, 0)).toBe(all.length);
    const byMonth = (await server.call('finance.totals', { groupBy: 'month' }, admin)).list;
    expect(byMonth.reduce((n, t) => n + t.count, 0)).toBe(all.length);
    expect(byMonth[0]!.label).toMatch(/^\d{4} 年 \d{1,2} 月$/);

    // The demo shows every state: overdue, part paid, paid, unpublished.
    const counts = (await server.call('finance.list', {}, admin)).counts;
    for (const key of ['draft', 'published', 'unpaid', 'overdue']) expect(counts.find((c) => c.key === key)!.count).toBeGreaterThan(0);
    const overdue = await server.call('finance.list', { payState: 'overdue' }, admin);
    expect(overdue.list.every((r) => r.overdue)).toBe(true);

    const file = await server.app.inject({ method: 'POST', url: '/api/finance/export', payload: { state: 'published' }, headers: { token: admin } });
    expect(file.statusCode).toBe(200);
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['款项编号', '款项名称', '案件编号', '客户']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(all.map((r) => r.recordNo).sort());

    // The company sees none of the agency's records; a role without 财务管理 is refused.
    const theirs = await server.send('finance.detail', { id: all[0]!.id }, corpAdmin);
    expect(theirs.statusCode).toBe(404);
    expect((await server.call('finance.list', { keyword: all[0]!.recordNo }, corpAdmin)).count).toBe(0);
    const denied = await server.send('finance.list', {}, agent);
    expect(denied.statusCode).toBe(403);
  });
});
