import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The case list's date range and its count, which stops at 10,000. */
describe.skipIf(skipThisDatabase)(`case list dates and count (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin');
    // 10,001 finished renewals, one a day back from 2000-01-01 (China time), beside the demo cases.
    await sql`
      insert into cases (org_id, case_no, case_type, status, stage, created_at, updated_at)
      select u.org_id, 'AJ' || to_char(day, 'YYYYMMDD') || '90001', 'renewal', 'finished', 'approved',
        day::timestamp at time zone 'Asia/Shanghai' + interval '23 hours 30 minutes', day::timestamp at time zone 'Asia/Shanghai' + interval '23 hours 30 minutes'
      from users u, generate_series(date '2000-01-01' - 10000, date '2000-01-01', interval '1 day') day
      where u.username = 'admin'`.execute(db());
  });
  afterAll(() => server?.stop());

  it('takes both ends of a date range as whole China days', async () => {
    const range = { caseType: 'renewal', status: ['finished'], dateField: 'createdAt' as const, sortField: 'createdAt' as const, sortOrder: 'asc' as const };
    const week = await server.call('caseManage.getCaseLists', { ...range, dateFrom: '1999-12-26', dateTo: '2000-01-01' }, admin);
    expect(week).toMatchObject({ count: 7, countCapped: false });
    expect(week.list.map((c) => c.caseNo)).toEqual([
      'AJ1999122690001',
      'AJ1999122790001',
      'AJ1999122890001',
      'AJ1999122990001',
      'AJ1999123090001',
      'AJ1999123190001',
      'AJ2000010190001',
    ]);
    const stats = await server.call('caseManage.caseTypeStatistics', { ...range, dateFrom: '1999-12-26', dateTo: '2000-01-01' }, admin);
    expect(stats.list).toEqual([{ caseType: 'renewal', title: '商标续展', count: 7 }]);
    // Today's demo cases: created at today's China date whatever the hour.
    const today = chinaDay(new Date());
    const recent = await server.call('caseManage.getCaseLists', { dateFrom: today, dateTo: today }, admin);
    expect(recent.list.every((c) => chinaDay(new Date(c.createdAt)) === today)).toBe(true);
  });

  it('counts to 10,000 and says so when there are more; newest first by default', async () => {
    const all = await server.call('caseManage.getCaseLists', { caseType: 'renewal', status: ['finished'], pageSize: 5 }, admin);
    expect(all).toMatchObject({ count: 10_000, countCapped: true });
    expect(all.list.map((c) => c.caseNo)).toEqual(['AJ2000010190001', 'AJ1999123190001', 'AJ1999123090001', 'AJ1999122990001', 'AJ1999122890001']);
    const stats = await server.call('caseManage.caseTypeStatistics', { caseType: 'renewal', status: ['finished'] }, admin);
    expect(stats.list.find((s) => s.caseType === 'renewal')!.count).toBeGreaterThan(10_000);
    const updated = await server.call(
      'caseManage.getCaseLists',
      { caseType: 'renewal', status: ['finished'], sortField: 'updatedAt', pageNo: 2, pageSize: 2 },
      admin,
    );
    expect(updated.list.map((c) => c.caseNo)).toEqual(['AJ1999123090001', 'AJ1999122990001']);
  });
});
