import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/** Trial sign-up: a request from the home page, decided by a platform operator, becomes an organisation with its first administrator. */
describe.skipIf(skipThisDatabase)(`trial sign-up (${dbKind})`, () => {
  let server: TestServer;
  let operator: string;
  const texts: { phone: string; text: string }[] = [];
  const application = {
    companyName: '杭州栖霞茶业有限公司',
    kind: 'company' as const,
    contactName: '沈悦',
    phone: '13700000051',
    username: 'qixia',
    note: '约 60 件商标',
    source: 1 as const,
  };

  beforeAll(async () => {
    server = await startTestServer({}, { sms: { send: async (phone, text) => void texts.push({ phone, text }) } });
    operator = await server.signIn('admin');
  });
  afterAll(() => server?.stop());

  it('takes an application from anyone, once per phone while it waits, for a free account name', async () => {
    const { id } = await server.call('trial.apply', application);
    expect(id).toBeGreaterThan(0);
    expect(await server.refused('/open/apply', application, '')).toBe('该手机号已有待审核的申请，审核后会以短信通知您');
    expect(await server.refused('/open/apply', { ...application, phone: '13700000052', username: 'agent' }, '')).toBe('账号“agent”已被使用，请换一个');
    expect(await server.refused('/open/apply', { ...application, phone: '13700000052' }, '')).toBe('账号“qixia”已有人申请，请换一个');
    const bad = await server.post('/open/apply', { ...application, phone: '12345' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().subMessage).toContain('手机号');
  });

  it('is seen and decided by platform operators only', async () => {
    const list = await server.call('trial.list', { status: 'pending' }, operator);
    expect(list.list.map((a) => a.companyName)).toEqual(['杭州栖霞茶业有限公司', '成都锦知知识产权代理事务所', '宁波海曙明远文具有限公司']);
    for (const account of ['corpAdmin', 'staff'] as const) {
      const token = await server.signIn(account);
      const refused = await server.send('trial.list', {}, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().subMessage).toBe('只有平台运营人员可以审核试用申请');
      expect(
        (await server.send('trial.approve', { id: list.list[0]!.id, firstPassword: base64('Trial2026a'), encryptionType: 'base64' }, token)).statusCode,
      ).toBe(403);
    }
    expect((await server.call('auth.getUserInfo', {}, operator)).platformOperator).toBe(true);
  });

  it('approving creates the organisation, its administrator role and first administrator, who must change the first password', async () => {
    const [pending] = (await server.call('trial.list', { status: 'pending' }, operator)).list;
    expect(await server.refused('/api/trial/approve', { id: pending!.id, firstPassword: base64('short'), encryptionType: 'base64' }, operator)).toBe(
      '初始密码至少 8 位',
    );
    const approved = await server.call('trial.approve', { id: pending!.id, firstPassword: base64('Trial2026a'), encryptionType: 'base64' }, operator);
    expect(approved.username).toBe('qixia');
    expect(texts.at(-1)).toEqual({ phone: '13700000051', text: expect.stringContaining('账号 qixia，初始密码 Trial2026a') });
    expect(await server.refused('/api/trial/approve', { id: pending!.id, firstPassword: base64('Trial2026a'), encryptionType: 'base64' }, operator)).toBe(
      '这份申请已经审核过了',
    );

    const login = await server.post('/loginPage/login', { username: 'qixia', password: base64('Trial2026a'), encryptionType: 'base64' });
    const { token, userInfo } = login.json().data;
    expect(userInfo).toMatchObject({
      name: '沈悦',
      roleName: '管理员',
      mustChangePassword: true,
      organisation: { name: '杭州栖霞茶业有限公司', kind: 'company' },
    });
    await server.call('account.changePassword', { oldPassword: base64('Trial2026a'), newPassword: base64('Mine2026b'), encryptionType: 'base64' }, token);
    const menu = await server.call('auth.getMenuList', {}, token);
    expect(menu.map((m) => m.path)).toContain('/system');
    // A new organisation starts empty: nothing of the others shows.
    expect((await server.call('enterprise.getList', { flatIs: true }, token)).count).toBe(0);
    expect((await server.call('user.list', {}, token)).list.map((u) => u.username)).toEqual(['qixia']);
    expect((await server.call('trial.list', { status: 'approved' }, operator)).list[0]).toMatchObject({ username: 'qixia', status: 'approved' });
  });

  it('a rejection is told to the applicant with its reason', async () => {
    const [pending] = (await server.call('trial.list', { status: 'pending' }, operator)).list;
    await server.call('trial.reject', { id: pending!.id, reason: '请使用单位邮箱重新申请' }, operator);
    expect(texts.at(-1)).toEqual({ phone: pending!.phone, text: '【商标知识产权管理平台】很抱歉，您的试用申请未通过：请使用单位邮箱重新申请' });
    expect((await server.call('trial.list', { status: 'rejected' }, operator)).list[0]).toMatchObject({ id: pending!.id, reason: '请使用单位邮箱重新申请' });
  });
});
