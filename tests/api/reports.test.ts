import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandArchiveQuery, CaseQuery, ReportFilter } from '../../src/generated/types.js';
import { addDays, addMonths, chinaToday } from '../../src/shared/trademarkDates.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/**
 * Reports (/biAnalyse): each chart's numbers agree with the list it summarises, under the same
 * filters and the same viewer; an area the role does not open is refused; another organisation's
 * records are never counted; bad filters are refused by name.
 */
describe.skipIf(skipThisDatabase)(`reports (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let staff: string;
  let corpAdmin: string;

  const archiveCount = async (query: BrandArchiveQuery, token = admin) => {
    const page = await server.call('brandArchives.queryBrandPage', { ...query, pageSize: 1 }, token);
    expect(page.countCapped).toBe(false);
    return page.count;
  };
  const caseCount = async (query: CaseQuery) => (await server.call('caseManage.getCaseLists', { ...query, pageSize: 1 }, admin)).count;
  const message = (res: { json(): unknown }) => (res.json() as { subMessage?: string }).subMessage ?? '';

  beforeAll(async () => {
    server = await startTestServer();
    [admin, agent, staff, corpAdmin] = await Promise.all([server.signIn('admin'), server.signIn('agent'), server.signIn('staff'), server.signIn('corpAdmin')]);
  });
  afterAll(() => server?.stop());

  it('counts the archive by status, class, country and applicant as the archive list does', async () => {
    const report = await server.call('reports.portfolio', {}, admin);
    expect(report.total).toBeGreaterThan(0);
    expect(report.total).toBe(await archiveCount({}));
    const statistics = await server.call('brandArchives.getBrandDetailsStatistics', {}, admin);
    expect(report.byStatus.map((b) => [b.key, b.count])).toEqual(statistics.byStatus.map((b) => [b.tmStatus, b.count]));
    for (const bucket of report.byStatus.slice(0, 3)) expect(bucket.count, bucket.label).toBe(await archiveCount({ tmStatus: [bucket.key] }));
    for (const bucket of report.byClass.filter((b) => b.key).slice(0, 3)) {
      expect(bucket.label).toBe(`第 ${bucket.key} 类`);
      expect(bucket.count).toBe(await archiveCount({ tmCl: [Number(bucket.key)] }));
    }
    for (const bucket of report.byCountry.filter((b) => b.key).slice(0, 3)) expect(bucket.count).toBe(await archiveCount({ countryCode: [bucket.key] }));
    const named = report.byApplicant.filter((b) => b.key !== '$other' && b.key);
    expect(named.length).toBeGreaterThan(0);
    expect(report.byApplicant.length).toBeLessThanOrEqual(11);
    for (const bucket of named.slice(0, 3)) expect(bucket.count).toBe(await archiveCount({ applicant: bucket.key, searchType: 1 }));
    for (const groups of [report.byStatus, report.byClass, report.byCountry, report.byApplicant])
      expect(groups.reduce((s, b) => s + b.count, 0)).toBe(report.total);

    // Filtered: the same conditions the list takes.
    const cls = Number(report.byClass.find((b) => b.key)!.key);
    const country = report.byCountry.find((b) => b.key)!.key;
    const applicant = named[0]!.key.slice(0, 2);
    const filtered = await server.call('reports.portfolio', { tmCl: cls, countryCode: country, applicant }, admin);
    expect(filtered.total).toBe(await archiveCount({ tmCl: [cls], countryCode: [country], applicant }));
    expect(filtered.total).toBeLessThan(report.total);
    const byApplicantText = await server.call('reports.portfolio', { applicant }, admin);
    expect(byApplicantText.total).toBe(await archiveCount({ applicant }));
    for (const bucket of byApplicantText.byStatus) expect(bucket.count).toBe(await archiveCount({ applicant, tmStatus: [bucket.key] }));
    for (const bucket of byApplicantText.byApplicant.filter((b) => b.key !== '$other').slice(0, 2))
      expect(bucket.count).toBe(await archiveCount({ applicant: bucket.key, searchType: 1 }));
    expect(byApplicantText.byApplicant.reduce((s, b) => s + b.count, 0)).toBe(byApplicantText.total);
    const ranged = await server.call('reports.portfolio', { dateFrom: '2020-01-01', dateTo: '2023-12-31' }, admin);
    expect(ranged.total).toBe(await archiveCount({ appDateStart: '2020-01-01', appDateEnd: '2023-12-31' }));
  });

  it('shows an agency user only the marks they are responsible for, as their archive list does', async () => {
    const [mine, all] = await Promise.all([server.call('reports.portfolio', {}, agent), server.call('reports.portfolio', {}, admin)]);
    expect(mine.total).toBe(await archiveCount({}, agent));
    expect(mine.total).toBeLessThan(all.total);
  });

  it('counts registrations and expiries per year as the list’s date ranges do', async () => {
    const { list } = await server.call('reports.years', {}, admin);
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((y) => y.year)).toEqual([...list.map((y) => y.year)].sort((a, b) => a - b));
    const busiest = [...list].sort((a, b) => b.registered - a.registered).slice(0, 2);
    for (const y of busiest) {
      expect(y.registered).toBe(await archiveCount({ regDateStart: `${y.year}-01-01`, regDateEnd: `${y.year}-12-31` }));
      expect(y.expiring).toBe(await archiveCount({ privateEndStart: `${y.year}-01-01`, privateEndEnd: `${y.year}-12-31` }));
    }
    const cls = list.length > 0 ? (await server.call('reports.portfolio', {}, admin)).byClass.find((b) => b.key)!.key : '1';
    const { list: narrowed } = await server.call('reports.years', { tmCl: Number(cls), dateFrom: '2015-01-01', dateTo: '2030-12-31' }, admin);
    for (const y of narrowed.slice(0, 2)) {
      expect(y.registered).toBe(await archiveCount({ tmCl: [Number(cls)], regDateStart: `${y.year}-01-01`, regDateEnd: `${y.year}-12-31` }));
    }
    expect(narrowed.every((y) => y.year >= 2015 && y.year <= 2030)).toBe(true);
    // An applicant's text is looked up once for both dates.
    const applicant = (await server.call('reports.portfolio', {}, admin)).byApplicant[0]!.key.slice(0, 2);
    const { list: theirs } = await server.call('reports.years', { applicant, dateFrom: '2010-01-01', dateTo: '2035-12-31' }, admin);
    expect(theirs.length).toBeGreaterThan(0);
    for (const y of theirs) {
      expect(y.registered, String(y.year)).toBe(await archiveCount({ applicant, regDateStart: `${y.year}-01-01`, regDateEnd: `${y.year}-12-31` }));
      expect(y.expiring, String(y.year)).toBe(await archiveCount({ applicant, privateEndStart: `${y.year}-01-01`, privateEndEnd: `${y.year}-12-31` }));
    }
  });

  it('counts the coming twelve months’ deadlines as the letter and case lists do', async () => {
    const today = chinaToday();
    const first = `${today.slice(0, 7)}-01`;
    // Two of the organisation's cases fall due this month and in three months.
    const db = server.database.db;
    const org = (await db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    const ids = (await db.selectFrom('cases').select('id').where('org_id', '=', org).where('deleted_at', 'is', null).orderBy('id').limit(2).execute()).map(
      (c) => c.id,
    );
    await db.updateTable('cases').set({ stage_deadline: today }).where('id', '=', ids[0]!).execute();
    await db
      .updateTable('cases')
      .set({ stage_deadline: addMonths(first, 3) })
      .where('id', '=', ids[1]!)
      .execute();
    const { list } = await server.call('reports.deadlines', {}, admin);
    expect(list).toHaveLength(12);
    expect(list[0]!.month).toBe(today.slice(0, 7));
    // Cases: the list's deadline range, month by month (this month from today).
    for (const [i, m] of list.entries()) {
      const from = i === 0 ? today : addMonths(first, i);
      expect(m.cases, m.month).toBe(await caseCount({ dateField: 'deadline', dateFrom: from, dateTo: addDays(addMonths(first, i + 1), -1) }));
    }
    expect(list.reduce((s, m) => s + (m.cases ?? 0), 0)).toBeGreaterThan(0);
    // Letters: the pending letters the list shows due within 90 days, by month, for the two months that fall within them.
    const due: string[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await server.call('officials.officialList', { due: '90', pageNo, pageSize: 100 }, admin);
      due.push(...page.list.map((l) => l.officalLimit!.slice(0, 7)));
      if (page.list.length < 100) break;
    }
    for (const m of list.slice(0, 2)) expect(m.letters, m.month).toBe(due.filter((d) => d === m.month).length);
    expect(due.length).toBeGreaterThan(0);

    // Staff sees no finance but letters and cases; the agency user only their own letters.
    const agentList = (await server.call('reports.deadlines', {}, agent)).list;
    expect(agentList.reduce((s, m) => s + (m.letters ?? 0), 0)).toBeLessThanOrEqual(list.reduce((s, m) => s + (m.letters ?? 0), 0));
  });

  it('counts cases by type and stage as the case list does', async () => {
    const report = await server.call('reports.cases', {}, admin);
    const statistics = await server.call('caseManage.caseTypeStatistics', {}, admin);
    expect(report.total).toBe(statistics.total);
    expect(report.byType.map((t) => [t.key, t.count])).toEqual(statistics.list.map((t) => [t.caseType, t.count]));
    for (const type of report.byType) expect(report.byStage.filter((s) => s.caseType === type.key).reduce((s, r) => s + r.count, 0)).toBe(type.count);
    for (const s of report.byStage.slice(0, 4)) expect(s.count).toBe(await caseCount({ caseType: s.caseType, stage: s.stage }));
    const country = 'US';
    const filter: ReportFilter = { countryCode: country, dateFrom: addDays(chinaToday(), -400), dateTo: chinaToday() };
    const narrowed = await server.call('reports.cases', filter, admin);
    const narrowedStatistics = await server.call('caseManage.caseTypeStatistics', { country, dateFrom: filter.dateFrom, dateTo: filter.dateTo }, admin);
    expect(narrowed.total).toBe(narrowedStatistics.total);
    expect(narrowed.total).toBeLessThan(report.total);
  });

  it('measures proposals from submission to decision as the proposal list shows them', async () => {
    const report = await server.call('reports.approvals', {}, admin);
    expect(report.byType.length).toBeGreaterThan(0);
    const days: Record<string, number[]> = {};
    for (let pageNo = 1; ; pageNo++) {
      const page = await server.call('demand.getDemandList', { view: 'all', state: ['approved', 'rejected'], pageNo, pageSize: 100 }, admin);
      for (const d of page.list) (days[d.typeName] ??= []).push((Date.parse(d.decidedAt!) - Date.parse(d.submittedAt!)) / 86_400_000);
      if (page.list.length < 100) break;
    }
    const round1 = (n: number) => Math.round(n * 10) / 10;
    for (const type of report.byType) {
      const mine = days[type.key]!.sort((a, b) => a - b);
      expect(type.count).toBe(mine.length);
      expect(type.avgDays).toBeCloseTo(round1(mine.reduce((s, d) => s + d, 0) / mine.length), 1);
      const mid = mine.length / 2;
      expect(type.medianDays).toBeCloseTo(round1(mine.length % 2 ? mine[Math.floor(mid)]! : (mine[mid - 1]! + mine[mid]!) / 2), 1);
    }
    expect(report.byMonth.reduce((s, m) => s + m.count, 0)).toBe(report.byType.reduce((s, t) => s + t.count, 0));
    const last = report.byMonth[report.byMonth.length - 1]!;
    const inMonth = await server.call(
      'demand.getDemandList',
      {
        view: 'all',
        state: ['approved', 'rejected'],
        dateField: 'decidedAt',
        dateFrom: `${last.key}-01`,
        dateTo: addDays(addMonths(`${last.key}-01`, 1), -1),
        pageSize: 1,
      },
      admin,
    );
    expect(last.count).toBe(inMonth.count);
  });

  it('sums published fees per month and client as the fee list’s totals do, and refuses a role without finance', async () => {
    const report = await server.call('reports.fees', {}, admin);
    const [byClient, byMonth] = await Promise.all([
      server.call('finance.totals', { groupBy: 'client', dateField: 'publishedAt' }, admin),
      server.call('finance.totals', { groupBy: 'month', dateField: 'publishedAt' }, admin),
    ]);
    expect(report.byClient).toEqual(byClient.list);
    expect(report.byMonth).toEqual([...byMonth.list].sort((a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency)));
    expect(report.byMonth.length).toBeGreaterThan(0);
    const published = await server.call('finance.list', { state: 'published', pageSize: 1 }, admin);
    expect(report.byMonth.reduce((s, m) => s + m.count, 0)).toBe(published.count);

    const refused = await server.send('reports.fees', {}, staff);
    expect(refused.statusCode).toBe(403);
    const refusedExport = await server.send('reports.export', { report: 'fees' }, staff);
    expect(refusedExport.statusCode).toBe(403);
    expect(message(refusedExport)).toContain('财务管理');
    // The rest staff may read.
    expect((await server.send('reports.cases', {}, staff)).statusCode).toBe(200);
  });

  it('never counts another organisation’s records', async () => {
    const [mine, theirs] = await Promise.all([server.call('reports.portfolio', {}, admin), server.call('reports.portfolio', {}, corpAdmin)]);
    expect(theirs.total).toBe(await archiveCount({}, corpAdmin));
    const adminApplicants = new Set(mine.byApplicant.map((b) => b.key));
    const onlyTheirs = theirs.byApplicant.filter((b) => b.key !== '$other' && !adminApplicants.has(b.key));
    for (const b of onlyTheirs.slice(0, 2)) expect(await archiveCount({ applicant: b.key, searchType: 1 })).toBe(0);
    const [cases, theirCases] = await Promise.all([server.call('reports.cases', {}, admin), server.call('reports.cases', {}, corpAdmin)]);
    expect(theirCases.total).toBe((await server.call('caseManage.caseTypeStatistics', {}, corpAdmin)).total);
    expect(theirCases.total).not.toBe(cases.total);
  });

  it('refuses bad filters by name', async () => {
    const backwards = await server.send('reports.portfolio', { dateFrom: '2025-05-01', dateTo: '2025-01-01' }, admin);
    expect(backwards.statusCode).toBe(422);
    expect(message(backwards)).toBe('开始日期（2025-05-01）不能晚于结束日期（2025-01-01）');
    const country = await server.send('reports.cases', { countryCode: 'QQ' }, admin);
    expect(country.statusCode).toBe(422);
    expect(message(country)).toBe('国家/地区代码“QQ”不存在');
    const cls = await server.send('reports.years', { tmCl: 46 }, admin);
    expect(cls.statusCode).toBe(422);
    expect(message(cls)).toContain('类别');
    const report = await server.post('/api/report/export', { report: 'sales' }, admin);
    expect(report.statusCode).toBe(422);
    expect(message(report)).toContain('报表');
  });

  it('exports a chart’s rows as a workbook', async () => {
    const report = await server.call('reports.portfolio', { tmCl: 25 }, admin);
    const res = await server.send('reports.export', { report: 'portfolio', filter: { tmCl: 25 } }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['按状态', '按类别', '按国家地区', '按申请人', '条件']);
    const rows = (name: string) =>
      workbook
        .getWorksheet(name)!
        .getSheetValues()
        .slice(2)
        .map((r) => (r as ExcelJS.CellValue[]).slice(1));
    expect(rows('按状态')).toEqual(report.byStatus.map((b) => [b.label, b.count]));
    expect(rows('按申请人')).toEqual(report.byApplicant.map((b) => [b.label, b.count]));
    expect(rows('条件')).toEqual([['类别', '第 25 类']]);
  });
});
