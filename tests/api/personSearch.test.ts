import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationRequest } from '../../src/generated/client.js';

describe.skipIf(skipThisDatabase)(`person search for reminders (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    server = await startTestServer();
    [admin, staff] = await Promise.all([server.signIn('admin'), server.signIn('staff')]);
    // Enough colleagues in the agency to fill more than one page of 30.
    const { db } = server.database;
    const agent = await db.selectFrom('users').select(['org_id', 'role_id']).where('username', '=', 'agent').executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values(
        Array.from({ length: 34 }, (_, i) => ({
          org_id: agent.org_id,
          role_id: agent.role_id,
          username: `clerk${String(i + 1).padStart(2, '0')}`,
          display_name: `流程专员${String(i + 1).padStart(2, '0')}`,
          phone: `139000000${String(i + 1).padStart(2, '0')}`,
          password_hash: 'unused',
        })),
      )
      .execute();
    await db.updateTable('users').set({ deleted_at: new Date() }).where('username', '=', 'clerk34').execute();
  });
  afterAll(() => server?.stop());

  const search = (body: OperationRequest<'person.getUserList'>, token = admin) => server.call('person.getUserList', body, token);
  const refusal = (body: object) => server.post('/brandArchives/getUserList', body, admin);

  it('answers {id, name} pages of 30 from page 0, without deleted users', async () => {
    const page0 = await search({ search: '流程专员', pageNo: 0, pageSize: 30 });
    expect(page0).toHaveLength(30);
    expect(Object.keys(page0[0]!).sort()).toEqual(['id', 'name']);
    expect(page0[0]!.name).toBe('流程专员01');
    const page1 = await search({ search: '流程专员', pageNo: 1 });
    expect(page1.map((p) => p.name)).toEqual(['流程专员31', '流程专员32', '流程专员33']);
  });

  it('finds people by account and phone too', async () => {
    expect(await search({ search: 'agent' })).toEqual([expect.objectContaining({ name: '李代理' })]);
    expect((await search({ search: '13800000001' })).map((p) => p.name)).toEqual(['王管理']);
  });

  it('keeps to the caller’s organisation', async () => {
    const agency = (await search({ search: '1380000' })).map((p) => p.name);
    expect(agency.sort()).toEqual(['李代理', '王管理', '孙欣'].sort());
    const company = (await search({ search: '1380000' }, staff)).map((p) => p.name);
    expect(company.sort()).toEqual(['赵主管', '陈员工', '刘洋'].sort());
    expect(await search({ search: '流程专员' }, staff)).toEqual([]);
  });

  it('refuses an empty or blank search with “请输入搜索内容”, and a search without text at all', async () => {
    for (const text of ['', '   ']) {
      const res = await refusal({ search: text, pageNo: 0, pageSize: 30 });
      expect(res.statusCode).toBe(422);
      expect(res.json().subMessage).toBe('请输入搜索内容');
    }
    const missing = await refusal({ pageNo: 0, pageSize: 30 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().subMessage).toBe('请求参数有误：搜索内容不能为空');
    expect((await server.post('/brandArchives/getUserList', { search: '王' })).statusCode).toBe(401);
  });
});
