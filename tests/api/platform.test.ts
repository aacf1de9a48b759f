import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable } from '../../src/generated/routes.js';
import type { MenuEntry } from '../../src/generated/types.js';
import { serverTimingMs } from '../../src/server/http/serverTiming.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const titles = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.meta.title, ...titles(e.children)]);
const shownTitles = (entries: MenuEntry[]): string[] => entries.filter((e) => !e.meta.isHide).map((e) => e.meta.title);

describe.skipIf(skipThisDatabase)(`menu, permissions and the schema-driven surface (${dbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('builds each user’s menu from the page schemas, filtered by the role’s keys', async () => {
    const admin = await server.call('auth.getMenuList', {}, await server.signIn('admin'));
    const system = admin.find((e) => e.path === '/system')!;
    expect(system).toMatchObject({ redirect: '/system/companyList', meta: { title: '系统设置', menuKey: 'systemSettings' } });
    expect(system.children.map((c) => c.path)).toEqual([
      '/system/companyList',
      '/system/message',
      '/system/userConfig',
      '/system/countryGroups',
      '/system/designer',
      '/system/blockExample',
    ]);
    expect(system.children[4].meta).toMatchObject({ title: '页面设计器', menuKey: 'schemaDesigner' });
    expect(system.children[5].meta.isHide).toBe(true);
    expect(system.children[0].children[0]).toMatchObject({ path: '/system/companyList/detail', meta: { isHide: true, isKeepAlive: false } });
    expect(shownTitles(admin)).toEqual(['工作台', '备忘录', '商标管理', '版权管理', '专利管理', '维权管理', '风险监控', 'D-Search', '智能工具', '系统设置']);
    const brand = admin.find((e) => e.path === '/brand')!;
    expect(brand.children.find((c) => c.path === '/brand/export')?.meta).toMatchObject({ isHide: true, menuKey: 'exportRecords' });
    expect(admin.find((e) => e.path === '/deal')?.meta).toMatchObject({ isAffix: true, isKeepAlive: true });
    expect(titles(admin)).not.toContain('登录');

    const staff = await server.call('auth.getMenuList', {}, await server.signIn('staff'));
    expect(shownTitles(staff)).toEqual(['工作台', '备忘录', '商标管理']);
    expect(titles(staff)).toContain('商标档案');
    expect(titles(staff)).not.toContain('导出记录');
    expect(titles(staff)).not.toContain('我的企业');
  });

  it('compiles every operation’s request and response schemas, as the server does in the background once it listens', async () => {
    await expect(server.compileRemainingSchemas()).resolves.toBeUndefined();
  });

  it('enforces each operation’s permission on the server', async () => {
    const staff = await server.signIn('staff');
    const log = await server.post('/userManage/queryOperateLog', {}, staff);
    expect(log.statusCode).toBe(403);
    expect(log.json()).toMatchObject({ code: 403, subMessage: '没有“用户与配置”权限' });
    expect((await server.post('/enterPrise/getList', {}, staff)).statusCode).toBe(403);
    expect((await server.post('/userManage/queryOperateLog', {}, await server.signIn('admin'))).statusCode).toBe(200);
  });

  it('lets a user without mauth in, but into nothing protected', async () => {
    await server.database.db.updateTable('users').set({ mauth: false }).where('username', '=', 'agent').execute();
    const token = await server.signIn('agent');
    expect((await server.call('auth.getUserInfo', {}, token)).mauth).toBe(false);
    expect(await server.call('auth.getMenuList', {}, token)).toEqual([]);
    const refused = await server.post('/enterPrise/getList', {}, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().subMessage).toBe('当前账号未开通授权，请联系管理员');
  });

  it('nests enterprises by group unless flatIs is set', async () => {
    const token = await server.signIn('admin');
    const nested = await server.call('enterprise.getList', {}, token);
    expect(nested.groups!.map((g) => g.name)).toEqual(['重点客户', '未分组']);
    expect(nested.groups![0]!.children).toHaveLength(2);
    const filtered = await server.call('enterprise.getList', { flatIs: true, applicantName: '云帆' }, token);
    expect(filtered.list.map((e) => e.applicantName)).toEqual(['深圳云帆电子科技有限公司']);
  });

  it('pages the operation log newest first', async () => {
    const token = await server.signIn('admin');
    const page = await server.call('operationLog.query', { pageNo: 1, pageSize: 2, operation: 'auth.login' }, token);
    expect(page.list).toHaveLength(2);
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(page.list[0].operation).toBe('auth.login');
    expect(new Date(page.list[0].createdAt) >= new Date(page.list[1].createdAt)).toBe(true);
    const tooBig = await server.post('/userManage/queryOperateLog', { pageSize: 1000 }, token);
    expect(tooBig.json().subMessage).toBe('请求参数有误：每页条数不能大于 100');
  });

  it('serves built-in page schemas, replaced by an organisation’s published version for that organisation only', async () => {
    const anonymous = (await server.call('schema.listPages', {})).pages;
    expect(anonymous.find((p) => p.path === '/login')?.title).toBe('登录');

    const { db } = server.database;
    const company = await db.selectFrom('organisations').select('id').where('kind', '=', 'company').executeTakeFirstOrThrow();
    const deal = anonymous.find((p) => p.path === '/deal')!;
    await db
      .insertInto('schema_versions')
      .values({ org_id: company.id, kind: 'pages', key: '/deal', version: 1, status: 'published', body: JSON.stringify({ ...deal, title: '我的工作台' }) })
      .execute();
    const forCompany = (await server.call('schema.listPages', {}, await server.signIn('staff'))).pages;
    expect(forCompany.find((p) => p.path === '/deal')?.title).toBe('我的工作台');
    const forAgency = (await server.call('schema.listPages', {}, await server.signIn('admin'))).pages;
    expect(forAgency.find((p) => p.path === '/deal')?.title).toBe('工作台');
  });

  it('publishes an OpenAPI document of every operation and a readable page of it', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const op of operationTable) expect(doc.paths[op.path][op.method.toLowerCase()].operationId).toBe(op.id);
    expect(doc.components.schemas.UserInfo.properties.role.$ref).toBe('#/components/schemas/Role');
    const page = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/loginPage/login');
  });

  it('answers unknown paths and methods with a 404 envelope', async () => {
    const res = await server.post('/tm/noSuchCall');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, subMessage: '接口不存在：POST /tm/noSuchCall' });
    expect((await server.app.inject({ method: 'GET', url: '/loginPage/login', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });

  it('reports health with the database in use', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(dataOf('system.health', res)).toEqual({ status: 'ok', database: dbKind });
  });

  it('says in Server-Timing how long the server worked on each answer, errors included', async () => {
    const token = await server.signIn('admin');
    const answers = [
      await server.app.inject({ method: 'GET', url: '/api/health' }),
      await server.post('/homepage/getUserInfo', {}, token),
      await server.post('/tm/noSuchCall'),
    ];
    for (const res of answers) {
      const ms = serverTimingMs(res.headers['server-timing']);
      expect(ms, String(res.headers['server-timing'])).not.toBeNull();
      expect(ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps concurrent requests apart: each sees its own organisation inside its own transaction', async () => {
    const [agency, company] = [await server.signIn('admin'), await server.signIn('staff')];
    const calls = Array.from({ length: 30 }, (_, i) => {
      const token = i % 2 === 0 ? agency : company;
      return server.call('auth.getUserInfo', {}, token).then((info) => ({ even: i % 2 === 0, info }));
    });
    for (const { even, info } of await Promise.all(calls)) {
      expect(info.username).toBe(even ? 'admin' : 'staff');
    }
  });

  it('pages and sorts the flat enterprise list', async () => {
    const token = await server.signIn('admin');
    const first = await server.call('enterprise.getList', { flatIs: true, pageNo: 1, pageSize: 2, sortField: 'id', sortType: 'desc' }, token);
    expect(first.count).toBe(3);
    expect(first.list).toHaveLength(2);
    expect(first.list[0].id).toBeGreaterThan(first.list[1].id);
    const second = await server.call('enterprise.getList', { flatIs: true, pageNo: 2, pageSize: 2, sortField: 'id', sortType: 'desc' }, token);
    expect(second.list).toHaveLength(1);
    const bad = await server.post('/enterPrise/getList', { flatIs: true, sortField: 'password' }, token);
    expect(bad.json().subMessage).toBe(
      '请求参数有误：排序字段格式不正确：应为applicantName（或 displayName，同一排序）、applicantType、bookType、id 之一，或按先后逗号连接的多个',
    );
  });

  it('keeps display preferences per user as JSON text', async () => {
    const admin = await server.signIn('admin');
    const staff = await server.signIn('staff');
    expect(await server.call('display.query', { displayType: 'columns:enterprises' }, admin)).toBeNull();
    const content = JSON.stringify([{ prop: 'postCode', isShow: false }]);
    await server.call('display.set', { displayType: 'columns:enterprises', displayContent: content }, admin);
    expect(await server.call('display.query', { displayType: 'columns:enterprises' }, admin)).toBe(content);
    expect(await server.call('display.query', { displayType: 'columns:enterprises' }, staff)).toBeNull();
    await server.call('display.set', { displayType: 8, displayContent: '[]' }, admin);
    expect(await server.call('display.query', { displayType: 8 }, admin)).toBe('[]');
    const bad = await server.post('/userCustomDisplay/set', { displayType: 7, displayContent: '{oops' }, admin);
    expect(bad.json().subMessage).toBe('偏好内容不是合法的 JSON 文本');
  });

  it('lists the organisation’s users with their last sign-in; agency users see only themselves unless unfiltered', async () => {
    const admin = await server.signIn('admin');
    const list = await server.call('user.list', { sortField: 'username', sortType: 'asc' }, admin);
    expect(list.count).toBe(3);
    expect(list.list.map((u) => u.username)).toEqual(['admin', 'agent', 'sunxin']);
    expect(list.list[0]).toMatchObject({ name: '王管理', roleName: '管理员', mauth: true, locked: false });
    expect(list.list[0].lastLoginAt).not.toBeNull();
    expect((await server.call('user.list', { keyword: '李' }, admin)).list.map((u) => u.username)).toEqual(['agent']);

    // Give the agency role user management to see the agency rule at work.
    await server.database.db.updateTable('roles').set({ role_auth: 'userManagement' }).where('name', '=', '代理机构').execute();
    await server.database.db.updateTable('users').set({ mauth: true }).where('username', '=', 'agent').execute();
    const agent = await server.signIn('agent');
    expect((await server.call('user.list', {}, agent)).list.map((u) => u.username)).toEqual(['agent']);
    expect((await server.call('user.list', { noFilter: true }, agent)).count).toBe(3);
    expect((await server.post('/api/user/list', {}, await server.signIn('staff'))).statusCode).toBe(403);
  });

  it('saves enterprises within the organisation, refusing duplicates and malformed codes', async () => {
    const admin = await server.signIn('corpAdmin');
    const created = await server.call(
      'enterprise.saveInfo',
      { applicantType: 1, bookType: 1, applicantName: ' 星辰（上海）贸易有限公司 ', postCode: '200000' },
      admin,
    );
    expect(created).toMatchObject({ applicantName: '星辰（上海）贸易有限公司', postCode: '200000', applicantAddress: null });
    const { id } = created;
    const dup = await server.post('/enterPrise/saveInfo', { applicantType: 1, bookType: 1, applicantName: '星辰（上海）贸易有限公司' }, admin);
    expect(dup.json().subMessage).toBe('申请人“星辰（上海）贸易有限公司”已存在');
    const badCode = await server.post('/enterPrise/saveInfo', { applicantType: 1, bookType: 1, applicantName: '某公司', applicantCreditCode: '123' }, admin);
    expect(badCode.json().subMessage).toBe('请求参数有误：统一社会信用代码格式不正确');
    const renamed = await server.call('enterprise.saveInfo', { id, applicantType: 1, bookType: 2, applicantName: '星辰国际贸易有限公司' }, admin);
    expect(renamed).toMatchObject({ id, bookType: 2, applicantName: '星辰国际贸易有限公司' });
    const foreign = await server.database.db
      .selectFrom('enterprises')
      .select('id')
      .where('applicant_name', '=', '杭州青禾食品有限公司')
      .executeTakeFirstOrThrow();
    const steal = await server.post('/enterPrise/saveInfo', { id: foreign.id, applicantType: 1, bookType: 1, applicantName: '改名' }, admin);
    expect(steal.statusCode).toBe(404);
    const untouched = await server.database.db.selectFrom('enterprises').select('applicant_name').where('id', '=', foreign.id).executeTakeFirstOrThrow();
    expect(untouched.applicant_name).toBe('杭州青禾食品有限公司');
  });
});
