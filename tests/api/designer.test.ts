import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationResponse } from '../../src/generated/client.js';
import type { PageDefinition } from '../../src/generated/types.js';

describe.skipIf(skipThisDatabase)(`the designer's schema store (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let memo: PageDefinition;
  const pagesOf = async (token: string) => (await server.call('schema.listPages', {}, token)).pages;
  const memoTitle = async (token: string) => (await pagesOf(token)).find((p) => p.path === '/memo')!.title;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin');
    // A built-in version is any kind's schema; this one is a page.
    memo = (await server.call('designer.getSchema', { kind: 'pages', key: '/memo' }, admin)).builtIn as unknown as PageDefinition;
  });
  afterAll(() => server?.stop());

  it('lists the built-in schemas for a designer and refuses everyone else', async () => {
    const { list } = await server.call('designer.listSchemas', { kind: 'pages', keyword: '备忘' }, admin);
    expect(list).toEqual([{ kind: 'pages', key: '/memo', title: '备忘录', builtIn: true, publishedVersion: null, latestVersion: null, updatedAt: null }]);
    const staff = await server.signIn('staff');
    const refused = await server.post('/designer/schemas', {}, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().subMessage).toBe('没有“页面设计器”权限');
    expect((await server.post('/designer/schema', { kind: 'pages', key: '/nowhere' }, admin)).json().subMessage).toBe('没有键为 /nowhere 的页面描述');
  });

  it('saves drafts, tells the second of two editors that a newer version exists, and publishes for this organisation only', async () => {
    const first = await server.call(
      'designer.saveDraft',
      { kind: 'pages', key: '/memo', body: { ...memo, title: '我的备忘' }, baseVersion: null, comment: '改标题' },
      admin,
    );
    expect(first).toEqual({ version: 1, problems: [] });
    const stale = await server.post('/designer/saveDraft', { kind: 'pages', key: '/memo', body: { ...memo, title: '另一个标题' }, baseVersion: null }, admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().subMessage).toMatch(/^已有更新的版本：第 1 版（王管理于 .+保存）。请先查看差异，在最新版本上修改后再保存$/);

    expect(await memoTitle(admin)).toBe('备忘录');
    expect(await server.call('designer.publish', { kind: 'pages', key: '/memo', version: 1 }, admin)).toEqual({ publishedVersion: 1 });
    expect(await memoTitle(admin)).toBe('我的备忘');
    expect(await memoTitle(await server.signIn('corpAdmin'))).toBe('备忘录');

    const log = (await server.call('operationLog.query', { operation: 'designer.publish' }, admin)).list;
    expect(log[0]).toMatchObject({ userName: '王管理', operation: 'designer.publish', detail: { kind: 'pages', key: '/memo', version: 1 } });
    const versions = (await server.call('designer.getSchema', { kind: 'pages', key: '/memo' }, admin)).versions;
    expect(versions).toEqual([expect.objectContaining({ version: 1, status: 'published', authorName: '王管理', comment: '改标题' })]);
  });

  it('never publishes a version with problems, and shows where each one is', async () => {
    const broken = structuredClone(memo);
    broken.menuKey = 'noSuchKey';
    broken.body!.properties!.title = { type: 'void', 'x-component': 'NoSuchBlock' };
    const problems = (await server.call('designer.validate', { kind: 'pages', key: '/memo', body: { ...broken } }, admin)).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        { at: '/menuKey', message: '未知的菜单键 noSuchKey' },
        { at: '/body/properties/title/x-component', message: '未注册的组件 NoSuchBlock' },
      ]),
    );
    const renamed = (await server.call('designer.validate', { kind: 'pages', key: '/memo', body: { ...memo, path: '/elsewhere' } }, admin)).problems;
    expect(renamed).toContainEqual({ at: '/path', message: '不能改为 /elsewhere：它标识这份描述，应为 /memo' });

    const draft = await server.call('designer.saveDraft', { kind: 'pages', key: '/memo', body: { ...broken }, baseVersion: 1 }, admin);
    expect(draft.version).toBe(2);
    expect(draft.problems.length).toBeGreaterThan(0);
    const refused = await server.post('/designer/publish', { kind: 'pages', key: '/memo', version: 2 }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().subMessage).toMatch(/^描述有 \d+ 处问题，不能发布。第一处在 /);
    expect(await memoTitle(admin)).toBe('我的备忘');
  });

  it('rolls back to the built-in version and to an older version without rewriting history', async () => {
    expect(await server.call('designer.rollback', { kind: 'pages', key: '/memo', version: 0 }, admin)).toEqual({ publishedVersion: null });
    expect(await memoTitle(admin)).toBe('备忘录');
    expect(await server.call('designer.rollback', { kind: 'pages', key: '/memo', version: 1 }, admin)).toEqual({ publishedVersion: 3 });
    expect(await memoTitle(admin)).toBe('我的备忘');
    const versions = (await server.call('designer.getSchema', { kind: 'pages', key: '/memo' }, admin)).versions;
    expect(versions.map((v) => `${v.version}:${v.status}`)).toEqual(['3:published', '2:draft', '1:archived']);
    expect(versions[0].comment).toBe('回滚到第 1 版');
    const refused = await server.post('/designer/rollback', { kind: 'pages', key: '/memo', version: 2 }, admin);
    expect(refused.statusCode).toBe(422);
    const log = (await server.call('operationLog.query', { operation: 'designer.rollback' }, admin)).list;
    expect(log.map((l) => l.detail!.version)).toEqual([3, 0]);
  });

  it('refuses a designer page that no administrator could open', async () => {
    // Nobody in the agency holds `patent` any more.
    await sql`update roles set role_auth = replace(role_auth, ',patent,', ',')`.execute(server.database.db);
    const designerPage = { path: '/system/designer', title: '页面设计器', menuKey: 'patent' };
    const problems = (await server.call('designer.validate', { kind: 'pages', key: '/system/designer', body: designerPage }, admin)).problems;
    expect(problems).toContainEqual({ at: '/menuKey', message: '没有哪位能使用设计器的管理员拥有 patent 权限：发布后将无人能打开设计器' });
    const fine = (
      await server.call('designer.validate', { kind: 'pages', key: '/system/designer', body: { ...designerPage, menuKey: 'schemaDesigner' } }, admin)
    ).problems;
    expect(fine).toEqual([]);
  });

  it('hands the editor the meta-schemas, every component description, the operations, permissions and roles', async () => {
    const context = await server.call('designer.editorContext', {}, admin);
    expect(Object.keys(context.metaSchemas)).toEqual(
      expect.arrayContaining(['meta/page.schema.json', 'meta/formily.schema.json', 'meta/component.schema.json']),
    );
    expect(context.components.find((c) => c.name === 'GenericTable')).toMatchObject({
      title: '通用表格',
      kind: 'block',
      group: '列表与表格',
    });
    expect(context.operations).toContainEqual({ id: 'memo.list', summary: expect.any(String) });
    expect(context.permissions).toContainEqual({ value: 'schemaDesigner', label: '页面设计器' });
    expect(context.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['管理员']));
  });

  it('previews with sample data shaped by the reply schema, touching no record', async () => {
    // The sample is shaped as the named operation's reply.
    const sample = (await server.call('designer.sample', { operation: 'memo.list' }, admin)).data as OperationResponse<'memo.list'>;
    expect(sample.list).toHaveLength(3);
    expect(sample.count).toBe(3);
    expect(Object.keys(sample.list[0]!)).toEqual(expect.arrayContaining(['id', 'content', 'createdAt']));
    expect((await server.post('/designer/sample', { operation: 'memo.nothing' }, admin)).json().subMessage).toBe('未知的接口 memo.nothing');
  });

  it('gives sample rows the values the page declares for a field, so the preview shows their labels', async () => {
    const choices = { applicantType: ['0', '1'], bookType: [1, 2] };
    const rows = ((await server.call('designer.sample', { operation: 'enterprise.getList', choices }, admin)).data as OperationResponse<'enterprise.getList'>)
      .list;
    expect(rows.map((r) => r.applicantType)).toEqual([0, 1, 0]);
    expect(rows.map((r) => r.bookType)).toEqual([1, 2, 1]);
    const tooMany = await server.post(
      '/designer/sample',
      { operation: 'enterprise.getList', choices: { applicantType: Array.from({ length: 201 }, (_, i) => i) } },
      admin,
    );
    expect(tooMany.statusCode).toBe(422);
  });

  it('treats case and proposal types as one more kind: a new one is checked, saved, published and listed', async () => {
    const form = { type: 'object', properties: { regNo: { type: 'string', title: '注册号', 'x-decorator': 'FormItem', 'x-component': 'Input' } } };
    const unfinished = {
      name: 'trademarkWatch',
      title: '商标监测',
      category: 'case',
      form,
      stages: [],
      transitions: [{ action: 'submit', from: ['draft'], to: 'pending', permission: 'nobody' }],
    };
    const problems = (await server.call('designer.validate', { kind: 'caseTypes', key: 'trademarkWatch', body: unfinished }, admin)).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        { at: '/stages', message: '至少要有 1 项' },
        { at: '/transitions/0/permission', message: '未知的权限键 nobody' },
      ]),
    );
    const watch = {
      ...unfinished,
      stages: [
        { key: 'filing', title: '递交申请', deadlineDays: 30 },
        { key: 'review', title: '官方审查' },
      ],
      transitions: [{ action: 'submit', from: ['draft'], to: 'pending', permission: 'systemSettings' }],
      feeItems: [{ name: '监测费', kind: 'agency', amount: 500, currency: 'CNY' }],
    };
    expect(await server.call('designer.saveDraft', { kind: 'caseTypes', key: 'trademarkWatch', body: watch, baseVersion: null }, admin)).toEqual({
      version: 1,
      problems: [],
    });
    expect(await server.call('designer.publish', { kind: 'caseTypes', key: 'trademarkWatch', version: 1 }, admin)).toEqual({ publishedVersion: 1 });
    const { list } = await server.call('designer.listSchemas', { kind: 'caseTypes' }, admin);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'caseTypes', key: 'trademarkWatch', title: '商标监测', builtIn: false, publishedVersion: 1, latestVersion: 1 }),
        expect.objectContaining({ kind: 'caseTypes', key: 'renewal', title: '商标续展', builtIn: true }),
      ]),
    );
    const rollback = await server.post('/designer/rollback', { kind: 'caseTypes', key: 'trademarkWatch', version: 0 }, admin);
    expect(rollback.json().subMessage).toBe('trademarkWatch 没有内置版本，不能回到内置版本');
  });

  it('gives the case-type builder the default statuses and transitions, and will not publish a type whose stages name a status it lacks', async () => {
    const { dicts } = await server.call('designer.editorContext', {}, admin);
    expect(dicts['dicts/case-statuses.json']?.items).toContainEqual(expect.objectContaining({ value: 'accepted', label: '已受理' }));
    expect(dicts['dicts/case-transitions.json']?.items).toContainEqual(expect.objectContaining({ value: 'submit', to: 'pending' }));
    // A stage is advanced by letters named as the letter-type catalogue names them.
    expect(dicts['dicts/official-types.json']?.items).toContainEqual(expect.objectContaining({ label: '驳回通知书' }));

    const form = { type: 'object', properties: {} };
    const stages = [
      { key: 'search', title: '检索', deadlineDays: 5, status: 'searching' },
      { key: 'search', title: '出具报告', deadlineDays: 10 },
    ];
    const body = { name: 'trademarkSearchReport', title: '商标检索报告', category: 'case', form, stages };
    const draft = await server.call('designer.saveDraft', { kind: 'caseTypes', key: 'trademarkSearchReport', body, baseVersion: null }, admin);
    expect(draft.problems).toEqual([
      { at: '/stages/1/key', message: '阶段标识 search 重复' },
      { at: '/stages/0/status', message: '没有定义状态 searching' },
    ]);
    const refused = await server.post('/designer/publish', { kind: 'caseTypes', key: 'trademarkSearchReport', version: draft.version }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().subMessage).toBe('描述有 2 处问题，不能发布。第一处在 /stages/1/key：阶段标识 search 重复');
    const { versions } = await server.call('designer.getSchema', { kind: 'caseTypes', key: 'trademarkSearchReport' }, admin);
    expect(versions.map((v) => v.status)).toEqual(['draft']);
  });
});
