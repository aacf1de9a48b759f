import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaToday, addDays } from '../../src/shared/trademarkDates.js';
import { operationRoutes } from '../../src/generated/client.js';
import type { OperationLogQueryRequest } from '../../src/generated/types.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { readXlsx } from './support/xlsx.js';

/** The operation log page: who did what, when and from where; filtered by person, operation and days; exported to Excel. */
describe.skipIf(skipThisDatabase)(`operation log (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let corpAdmin: string;
  let agentId: number;
  const price = { caseType: 'changeAgent', countryCode: '*', feeItem: 'sundry', amount: 50, currency: 'CNY', effectiveFrom: '2026-01-01' } as const;

  beforeAll(async () => {
    // The balancer at 127.0.0.1 is believed about the client's address.
    server = await startTestServer({ trustProxy: ['127.0.0.1'] });
    admin = await server.signIn('admin');
    corpAdmin = await server.signIn('corpAdmin');
    await server.signIn('agent');
    agentId = (await server.database.db.selectFrom('users').select('id').where('username', '=', 'agent').executeTakeFirstOrThrow()).id;
    await server.call('fee.save', price, admin);
    const forwarded = await server.app.inject({
      method: 'POST',
      url: operationRoutes['fee.save'].path,
      payload: { ...price, effectiveFrom: '2026-02-01' },
      headers: { token: admin, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    await server.call('fee.save', price, corpAdmin);
  });
  afterAll(() => server?.stop());

  const query = (filter: OperationLogQueryRequest, token = admin) => server.call('operationLog.query', { pageSize: 100, ...filter }, token);

  it('shows who did what, when and from where, in Chinese, only for the organisation', async () => {
    const { list, count } = await query({});
    expect(count).toBe(list.length);
    const [latest, earlier] = list;
    expect(latest).toMatchObject({ userName: '王管理', operation: 'fee.save', operationName: '保存费用配置', clientIp: '203.0.113.7' });
    expect(latest!.detailText).toContain('案件类型：变更代理人；国家/地区：全部国家/地区；费用项：杂费；金额：50；币种：CNY；生效日期：2026-02-01');
    expect(earlier).toMatchObject({ operationName: '保存费用配置', clientIp: '127.0.0.1' });
    expect(Date.now() - Date.parse(latest!.createdAt)).toBeLessThan(60_000);
    const logins = list.filter((e) => e.operation === 'auth.login');
    expect(logins.map((e) => e.userName).sort()).toEqual(['李代理', '王管理']);
    expect(logins.every((e) => e.operationName === '登录' && e.clientIp === '127.0.0.1' && e.detailText === '登录方式：账号密码')).toBe(true);
    expect(list.some((e) => e.userName === '赵主管')).toBe(false);
    expect((await query({}, corpAdmin)).list.map((e) => e.operation)).toEqual(['fee.save', 'auth.login']);
  });

  it('filters by person, operation and days counted in China time', async () => {
    expect((await query({ operation: 'fee.save' })).list.map((e) => e.clientIp)).toEqual(['203.0.113.7', '127.0.0.1']);
    expect((await query({ userId: agentId })).list.map((e) => e.operationName)).toEqual(['登录']);
    const today = chinaToday();
    const all = (await query({})).count;
    expect((await query({ dateFrom: today, dateTo: today })).count).toBe(all);
    expect((await query({ dateTo: addDays(today, -1) })).count).toBe(0);
    expect((await query({ dateFrom: addDays(today, 1) })).count).toBe(0);
    // 16:30 UTC on 1 March is half past midnight on 2 March in China.
    const orgId = (await server.database.db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    await server.database.db
      .insertInto('operation_log')
      .values({
        org_id: orgId,
        user_id: agentId,
        operation: 'enterprise.deleteInfo',
        detail: '{"id": 9}',
        client_ip: '198.51.100.2',
        created_at: '2025-03-01T16:30:00Z',
      })
      .execute();
    expect((await query({ dateFrom: '2025-03-02', dateTo: '2025-03-02' })).list.map((e) => e.detailText)).toEqual(['企业：9']);
    expect((await query({ dateFrom: '2025-03-01', dateTo: '2025-03-01' })).count).toBe(0);
    expect((await query({ userId: agentId, operation: 'enterprise.deleteInfo', dateTo: '2025-12-31' })).count).toBe(1);
    expect(await server.refused('/userManage/queryOperateLog', { dateFrom: '2025-03-02', dateTo: '2025-03-01' }, admin)).toBe('开始日期不能晚于结束日期');
    expect(await server.refused('/userManage/queryOperateLog', { operation: '保存' }, admin)).toBe('请求参数有误：操作格式不正确：应为接口编号，如 fee.save');
  });

  it('offers the operations present in the log, in the order of their names', async () => {
    const options = await server.call('operationLog.operations', {}, admin);
    expect(options).toEqual([
      { value: 'fee.save', label: '保存费用配置' },
      { value: 'auth.login', label: '登录' },
      { value: 'enterprise.deleteInfo', label: '删除企业' },
    ]);
    expect((await server.call('operationLog.operations', {}, corpAdmin)).map((o) => o.value)).toEqual(['fee.save', 'auth.login']);
  });

  it('exports the filtered log to an Excel file', async () => {
    const reply = await server.send('operationLog.export', { operation: 'fee.save' }, admin);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(reply.headers['content-disposition']))).toMatch(/操作日志-\d{8}-\d{6}\.xlsx$/);
    const rows = await readXlsx(reply.rawPayload);
    expect(rows[0]).toEqual(['操作时间', '操作人', '账号', '操作', '来源地址', '详情']);
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual([
      ['王管理', 'admin', '保存费用配置', '203.0.113.7'],
      ['王管理', 'admin', '保存费用配置', '127.0.0.1'],
    ]);
    expect(rows[1]![0]).toMatch(new RegExp(`^${chinaToday()} \\d{2}:\\d{2}:\\d{2}$`));
    expect(rows[1]![5]).toContain('生效日期：2026-02-01');
    const old = await readXlsx((await server.send('operationLog.export', { dateFrom: '2025-03-02', dateTo: '2025-03-02' }, admin)).rawPayload);
    expect(old.slice(1)).toEqual([['2025-03-02 00:30:00', '李代理', 'agent', '删除企业', '198.51.100.2', '企业：9']]);
  });

  it('refuses an export of more than 10,000 entries, and anyone without user management', async () => {
    const orgId = (await server.database.db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    await sql`insert into operation_log (org_id, user_id, operation, detail, created_at)
      select ${orgId}, null, 'auth.logout', '{}', timestamptz '2024-06-01 12:00+08' from generate_series(1, 10001)`.execute(server.database.db);
    expect(await server.refused('/userManage/exportOperateLog', {}, admin)).toMatch(
      /^符合条件的日志共 10,0\d\d 条，一次最多导出 10,000 条，请缩小日期范围或加上其他条件$/,
    );
    const day = await readXlsx((await server.send('operationLog.export', { dateFrom: '2024-06-01', dateTo: '2024-06-01', userId: agentId }, admin)).rawPayload);
    expect(day).toHaveLength(1);
    const page = await server.call('operationLog.query', { pageNo: 3, pageSize: 100, dateTo: '2024-06-01' }, admin);
    expect(page).toMatchObject({ count: 10001 });
    expect(page.list[0]).toMatchObject({ userName: null, operationName: '退出登录', clientIp: null });

    const staff = await server.signIn('staff');
    for (const path of ['/userManage/queryOperateLog', '/userManage/exportOperateLog', '/userManage/operateLogOperations']) {
      expect(await server.refused(path, {}, staff, 403)).toBe('没有“用户与配置”权限');
    }
  });
});
