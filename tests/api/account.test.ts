import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { signTicket } from '../../src/server/auth/sso.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { base64, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const SSO_SECRET = 'test-shared-secret-for-sso';

describe.skipIf(skipThisDatabase)(`personal centre, authorisation and single sign-on (${dbKind})`, () => {
  let server: TestServer;
  const texts: { phone: string; text: string }[] = [];
  beforeAll(async () => {
    server = await startTestServer({ ssoSecret: SSO_SECRET }, { sms: { send: async (phone, text) => void texts.push({ phone, text }) } });
  });
  afterAll(() => server?.stop());

  const change = (token: string, oldPassword: string, newPassword: string) =>
    server.post('/api/change-password', { oldPassword: base64(oldPassword), newPassword: base64(newPassword), encryptionType: 'base64' }, token);

  it('changes the password after checking the old one and the rules, and signs out other devices', async () => {
    const here = await server.signIn('agent');
    const elsewhere = await server.signIn('agent');
    expect((await change(here, 'wrong', 'NewPass2026')).json().subMessage).toBe('原密码不正确，还可尝试 4 次');
    expect((await change(here, DEMO_ACCOUNTS.agent.password, 'short1')).json().subMessage).toBe('新密码至少 8 位');
    expect((await change(here, DEMO_ACCOUNTS.agent.password, 'onlyletters')).json().subMessage).toBe('新密码须同时包含字母和数字');
    expect((await change(here, DEMO_ACCOUNTS.agent.password, DEMO_ACCOUNTS.agent.password)).json().subMessage).toBe('新密码不能与原密码相同');
    expect((await change(here, DEMO_ACCOUNTS.agent.password, 'NewPass2026')).statusCode).toBe(200);
    expect((await server.post('/homepage/getUserInfo', {}, here)).statusCode).toBe(200);
    expect((await server.post('/homepage/getUserInfo', {}, elsewhere)).statusCode).toBe(401);
    await server.call('auth.login', { username: 'agent', password: base64('NewPass2026'), encryptionType: 'base64' });
  });

  it('changes name and e-mail, refusing a malformed address', async () => {
    const token = await server.signIn('staff');
    expect((await server.call('account.modifyUser', { name: '  陈小员  ' }, token)).name).toBe('陈小员');
    expect((await server.call('account.modifyEmail', { email: 'Chen@Example.com' }, token)).email).toBe('chen@example.com');
    const bad = await server.post('/api/user/modify-email', { email: 'not-an-address' }, token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().subMessage).toBe('请求参数有误：邮箱格式不正确');
  });

  it('changes the phone only with the code sent to the new number', async () => {
    const token = await server.signIn('corpAdmin');
    const sent = await server.call('account.sendVerificationCode', { phone: '13912345678' }, token);
    expect(sent).toEqual({ expiresInSeconds: 300, resendAfterSeconds: 60 });
    expect(texts.at(-1)!.phone).toBe('13912345678');
    const code = /验证码 (\d{6})/.exec(texts.at(-1)!.text)![1];
    const again = await server.post('/api/user/verification-code', { phone: '13912345678' }, token);
    expect(again.statusCode).toBe(429);
    expect(again.json().subMessage).toMatch(/^验证码已发送，请 \d+ 秒后再获取$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await server.post('/api/user/modify-phone', { phone: '13912345678', code: wrongCode }, token)).json().subMessage).toBe('验证码不正确');
    expect((await server.post('/api/user/modify-phone', { phone: '13900000000', code }, token)).json().subMessage).toBe('请先获取验证码');
    const done = await server.call('account.modifyPhone', { phone: '13912345678', code }, token);
    expect(done.phone).toBe('13912345678');
    expect((await server.post('/api/user/modify-phone', { phone: '13912345678', code }, token)).json().subMessage).toBe('请先获取验证码');
    const badPhone = await server.post('/api/user/verification-code', { phone: '12345' }, token);
    expect(badPhone.json().subMessage).toBe('请求参数有误：手机号格式不正确');
  });

  it('opens and closes a user’s authorisation within the organisation only', async () => {
    const admin = await server.signIn('corpAdmin');
    const { db } = server.database;
    const staff = await db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow();
    const agent = await db.selectFrom('users').select('id').where('username', '=', 'agent').executeTakeFirstOrThrow();
    await server.call('account.closeAuth', { userId: staff.id }, admin);
    const staffToken = await server.signIn('staff');
    expect((await server.call('auth.getUserInfo', {}, staffToken)).mauth).toBe(false);
    await server.call('account.openAuth', { userId: staff.id }, admin);
    expect((await server.call('auth.getUserInfo', {}, staffToken)).mauth).toBe(true);
    const foreign = await server.post('/api/user/auth/close', { userId: agent.id }, admin);
    expect(foreign.statusCode).toBe(404);
    const self = await db.selectFrom('users').select('id').where('username', '=', 'corpadmin').executeTakeFirstOrThrow();
    expect((await server.post('/api/user/auth/close', { userId: self.id }, admin)).json().subMessage).toBe('不能关闭自己的授权');
    expect((await server.post('/api/user/auth/close', { userId: staff.id }, staffToken)).statusCode).toBe(403);
  });

  it('signs in with a signed ticket exactly once', async () => {
    const claims = { username: 'admin', exp: Math.floor(Date.now() / 1000) + 300, nonce: randomBytes(8).toString('hex') };
    const ticket = signTicket(SSO_SECRET, claims);
    const signedIn = await server.call('auth.ssoAuth', { ticket });
    expect(signedIn.userInfo.username).toBe('admin');
    await server.call('auth.getUserInfo', {}, signedIn.token);
    expect((await server.post('/api/ssoAuth', { ticket })).json().subMessage).toBe('单点登录票据已被使用');
  });

  it('refuses forged, expired, long-lived and unknown-user tickets', async () => {
    const now = Math.floor(Date.now() / 1000);
    const nonce = () => randomBytes(8).toString('hex');
    const forged = signTicket('another-secret', { username: 'admin', exp: now + 60, nonce: nonce() });
    expect((await server.post('/api/ssoAuth', { ticket: forged })).json().subMessage).toBe('单点登录票据签名无效');
    expect((await server.post('/api/ssoAuth', { ticket: signTicket(SSO_SECRET, { username: 'admin', exp: now - 1, nonce: nonce() }) })).json().subMessage).toBe(
      '单点登录票据已过期',
    );
    expect(
      (await server.post('/api/ssoAuth', { ticket: signTicket(SSO_SECRET, { username: 'admin', exp: now + 86_400, nonce: nonce() }) })).json().subMessage,
    ).toBe('单点登录票据有效期过长');
    expect(
      (await server.post('/api/ssoAuth', { ticket: signTicket(SSO_SECRET, { username: 'ghost', exp: now + 60, nonce: nonce() }) })).json().subMessage,
    ).toBe('单点登录的账号 ghost 不存在');
    expect((await server.post('/api/ssoAuth', { ticket: 'garbage' })).json().subMessage).toBe('单点登录票据格式不正确');
  });

  it('counts wrong old passwords with the sign-in’s: the fifth locks the account, its sessions and its sign-in', async () => {
    const token = await server.signIn('staff');
    for (let left = 4; left >= 1; left--) {
      const res = await change(token, `guess${left}`, 'NewPass2026');
      expect(res.statusCode).toBe(422);
      expect(res.json().subMessage).toBe(`原密码不正确，还可尝试 ${left} 次`);
    }
    const locked = await change(token, 'guess0', 'NewPass2026');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().subMessage).toMatch(/^密码错误次数过多，账号已暂时锁定，请 \d+ 分钟后再试$/);
    expect((await server.post('/homepage/getUserInfo', {}, token)).statusCode).toBe(401);
    const signIn = await server.post('/loginPage/login', { username: 'staff', password: base64(DEMO_ACCOUNTS.staff.password), encryptionType: 'base64' });
    expect(signIn.statusCode).toBe(423);
  });
});
