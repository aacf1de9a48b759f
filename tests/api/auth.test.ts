import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SessionExpiry, type ApiEnvelope } from '../../src/shared/envelope.js';
import type { OperationResponse } from '../../src/generated/client.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { base64, dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

describe.skipIf(skipThisDatabase)(`sign-in and sessions (${dbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ maxFailedLogins: 5, lockMinutes: 15 });
  });
  afterAll(() => server?.stop());

  const login = (username: string, password: string) => server.post('/loginPage/login', { username, password: base64(password), encryptionType: 'base64' });
  const sessionCount = async () => (await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(server.database.db)).rows[0].n;

  it('signs in with a base64 password, sets a 3-day cookie and answers with the user info', async () => {
    const res = await login('admin', DEMO_ACCOUNTS.admin.password);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ApiEnvelope<OperationResponse<'auth.login'>>;
    expect(body).toMatchObject({ code: 200, message: 'success' });
    expect(body.data.userInfo).toMatchObject({ username: 'admin', name: DEMO_ACCOUNTS.admin.name, mauth: true, roleName: '管理员' });
    expect(body.data.userInfo.role.roleAuth.split(',')).toContain('userManagement');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`token=${body.data.token}`);
    expect(cookie).toContain('HttpOnly');
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime();
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(3);
  });

  it('accepts the token in the header and in the cookie', async () => {
    const token = await server.signIn('staff');
    const byHeader = await server.call('auth.getUserInfo', {}, token);
    expect(byHeader).toMatchObject({ username: 'staff', phone: DEMO_ACCOUNTS.staff.phone, roleName: '员工' });
    const byCookie = await server.app.inject({ method: 'POST', url: '/homepage/getUserInfo', cookies: { token }, payload: {} });
    expect(dataOf('auth.getUserInfo', byCookie).username).toBe('staff');
  });

  it('says the same for a wrong password and an unknown account, and counts down the attempts', async () => {
    const wrong = await login('agent', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().subMessage).toBe('账号或密码错误，还可尝试 4 次');
    const unknown = await login('nobody', 'whatever');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().subMessage).toBe('账号或密码错误，还可尝试 4 次');
    expect((await login('agent', DEMO_ACCOUNTS.agent.password)).statusCode).toBe(200);
  });

  it('answers an unknown username exactly as a known one with a wrong password, through to the lock', async () => {
    const reply = (res: Awaited<ReturnType<typeof login>>) => ({ status: res.statusCode, body: res.json() });
    const openSession = await server.signIn('staff');
    const known = [];
    const unknown = [];
    for (let i = 0; i < 6; i++) {
      known.push(reply(await login('staff', `wrong-${i}`)));
      unknown.push(reply(await login('no-such-user', `wrong-${i}`)));
    }
    expect(unknown).toEqual(known);
    expect(known.map((r) => r.status)).toEqual([401, 401, 401, 401, 423, 423]);
    expect(known.slice(0, 4).map((r) => r.body.subMessage)).toEqual([4, 3, 2, 1].map((n) => `账号或密码错误，还可尝试 ${n} 次`));
    expect(known[4].body.subMessage).toMatch(/^密码错误次数过多，账号已暂时锁定，请 1[45] 分钟后再试$/);
    // Other names keep their own count.
    expect((await login('another-stranger', 'x')).json().subMessage).toBe('账号或密码错误，还可尝试 4 次');
    // The lock holds against the right password too, and ends the account's open sessions.
    expect((await login('staff', DEMO_ACCOUNTS.staff.password)).statusCode).toBe(423);
    expect((await server.post('/homepage/getUserInfo', {}, openSession)).json().subMessage).toBe(SessionExpiry.userLocked);
    await server.database.db.deleteFrom('login_failures').execute();
    await server.database.db.updateTable('users').set({ locked_until: null }).execute();
    expect((await login('staff', DEMO_ACCOUNTS.staff.password)).statusCode).toBe(200);
  });

  it('locks an account after repeated wrong passwords, even against the right one', async () => {
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await login('corpadmin', 'wrong'));
    expect(replies.slice(0, 4).map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect(replies[4].statusCode).toBe(423);
    expect(replies[4].json().subMessage).toMatch(/^密码错误次数过多，账号已暂时锁定，请 1[45] 分钟后再试$/);
    const right = await login('corpadmin', DEMO_ACCOUNTS.corpAdmin.password);
    expect(right.statusCode).toBe(423);
    await server.database.db.deleteFrom('login_failures').where('username', '=', 'corpadmin').execute();
    expect((await login('corpadmin', DEMO_ACCOUNTS.corpAdmin.password)).statusCode).toBe(200);
  });

  it('refuses bad input with a Chinese message naming the field, and writes nothing', async () => {
    const before = await sessionCount();
    const missing = await server.post('/loginPage/login', { password: base64('x'), encryptionType: 'base64' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().subMessage).toBe('请求参数有误：账号不能为空');
    const extra = await server.post('/loginPage/login', { username: 'admin', password: base64('x'), encryptionType: 'base64', role: 'root' });
    expect(extra.json().subMessage).toBe('请求参数有误：不允许的字段：role');
    const encoding = await server.post('/loginPage/login', { username: 'admin', password: 'x', encryptionType: 'md5' });
    expect(encoding.json().subMessage).toBe('请求参数有误：密码编码方式的取值只能是：base64');
    const notBase64 = await server.post('/loginPage/login', { username: 'admin', password: '###', encryptionType: 'base64' });
    expect(notBase64.json().subMessage).toBe('请求参数有误：密码不是有效的 base64 编码');
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/loginPage/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 400, subMessage: '请求体不是合法的 JSON' });
    expect(await sessionCount()).toBe(before);
  });

  it('answers each session failure with its catalogue text', async () => {
    const noToken = await server.post('/homepage/getUserInfo');
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().subMessage).toBe(SessionExpiry.noToken);
    expect((await server.post('/homepage/getUserInfo', {}, '')).json().subMessage).toBe(SessionExpiry.tokenEmpty);
    expect((await server.post('/homepage/getUserInfo', {}, 'forged-token')).json().subMessage).toBe(SessionExpiry.expired);

    const token = await server.signIn('agent');
    const users = server.database.db.updateTable('users').where('username', '=', 'agent');
    await users.set({ locked: true }).execute();
    expect((await server.post('/homepage/getUserInfo', {}, token)).json().subMessage).toBe(SessionExpiry.userLocked);
    await users.set({ locked: false, valid_until: new Date(Date.now() - 1000) }).execute();
    expect((await server.post('/homepage/getUserInfo', {}, token)).json().subMessage).toBe(SessionExpiry.outsideValidity);
    expect((await login('agent', DEMO_ACCOUNTS.agent.password)).json().subMessage).toBe(SessionExpiry.outsideValidity);
    await users.set({ valid_until: null }).execute();

    await server.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await server.post('/homepage/getUserInfo', {}, token)).json().subMessage).toBe(SessionExpiry.expired);
  });

  it('revokes the session on logout', async () => {
    const token = await server.signIn('staff');
    const out = await server.post('/loginPage/loginQuit', {}, token);
    expect(out.json()).toMatchObject({ code: 200, data: null });
    const after = await server.post('/homepage/getUserInfo', {}, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().subMessage).toBe(SessionExpiry.expired);
  });

  it('reports a deleted user as unknown', async () => {
    const token = await server.signIn('agent');
    await server.database.db.updateTable('users').set({ deleted_at: new Date() }).where('username', '=', 'agent').execute();
    expect((await server.post('/homepage/getUserInfo', {}, token)).json().subMessage).toBe(SessionExpiry.userMissing);
    const deleted = await login('agent', DEMO_ACCOUNTS.agent.password);
    expect(deleted.statusCode).toBe(401);
    expect(deleted.json().subMessage).toMatch(/^账号或密码错误，还可尝试 \d 次$/);
  });
});
