import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

describe.skipIf(skipThisDatabase)(`workbench, messages and site content (${dbKind})`, () => {
  const shared = sharedTestServer(['admin']);

  it('lists my messages newest first with the unread count, and marks them read', async () => {
    // The demo data's messages, however many other areas add: all unread, newest first.
    const first = await shared.server.call('home.getMessageList', {}, shared.tokens.admin);
    expect(first.count).toBeGreaterThanOrEqual(2);
    expect(first.unread).toBe(first.count);
    expect(first.list.map((m) => m.title)).toContain('账号安全提示');
    const times = first.list.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const one = await shared.server.call('home.setMessageRead', { ids: [first.list[0]!.id] }, shared.tokens.admin);
    expect(one).toEqual({ updated: 1 });
    const left = first.count - 1;
    expect(await shared.server.call('home.getMessageList', { unreadOnly: true }, shared.tokens.admin)).toMatchObject({ count: left, unread: left });
    expect(await shared.server.call('home.setMessageRead', { all: true }, shared.tokens.admin)).toEqual({ updated: left });
    expect((await shared.server.call('home.getMessageList', {}, shared.tokens.admin)).unread).toBe(0);
    const nothing = await shared.server.post('/homepage/setMessageRead', {}, shared.tokens.admin);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().subMessage).toBe('请选择要标记为已读的消息');
  });

  it('refuses another user’s message, marking nothing', async () => {
    const staff = await shared.server.signIn('agent');
    const theirs = (await shared.server.call('home.getMessageList', {}, staff)).list[0]!;
    expect(await shared.server.refused('/homepage/setMessageRead', { ids: [theirs.id] }, shared.tokens.admin, 404)).toBe(`消息不存在：${theirs.id}`);
    expect((await shared.server.call('home.getMessageList', {}, staff)).unread).toBe(2);
  });

  it('lists open to-dos soonest first and completes them', async () => {
    const todos = await shared.server.call('home.todoList', {}, shared.tokens.admin);
    expect(todos.count).toBe(2);
    expect(todos.list[0]).toMatchObject({ title: '完善个人资料：核对手机号与邮箱', link: '/personal', overdue: false });
    expect(todos.list[1].dueAt).toBeNull();
    await shared.server.call('home.completeTodo', { id: todos.list[0]!.id }, shared.tokens.admin);
    expect((await shared.server.call('home.todoList', {}, shared.tokens.admin)).count).toBe(1);
    const again = await shared.server.post('/api/todo-complete', { id: todos.list[0]!.id }, shared.tokens.admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().subMessage).toBe('待办不存在或已完成');
  });

  it('summarises the organisation', async () => {
    const info = await shared.server.call('home.getGroupInfo', {}, shared.tokens.admin);
    expect(info).toEqual({
      organisationName: '华信知识产权代理有限公司',
      organisationKind: '代理机构',
      roleName: '管理员',
      memberCount: 3,
      enterpriseCount: 3,
      groups: [
        { id: expect.any(Number), name: '重点客户', count: 2 },
        { id: null, name: '未分组', count: 1 },
      ],
    });
  });

  it('lists an enterprise group with no enterprises yet, counting 0', async () => {
    const { org_id } = await shared.server.database.db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const empty = await shared.server.database.db.insertInto('enterprise_groups').values({ org_id, name: '新分组' }).returning('id').executeTakeFirstOrThrow();
    const info = await shared.server.call('home.getGroupInfo', {}, shared.tokens.admin);
    expect(info.groups).toContainEqual({ id: empty.id, name: '新分组', count: 0 });
    await shared.server.database.db.deleteFrom('enterprise_groups').where('id', '=', empty.id).execute();
  });

  it('serves the agreement and banners to anyone', async () => {
    const agreement = await shared.server.call('site.getAgreement', {});
    expect(agreement.title).toBe('用户服务协议');
    expect(agreement.content).toContain('数据归属与保密');
    const banners = await shared.server.call('site.getBanner', {});
    expect(banners.map((b) => b.title)).toEqual(['商标档案一站管理', '官文期限自动计算', '45 类商品和服务分类']);
  });

  it('shows the release log until the user confirms it', async () => {
    const log = await shared.server.call('site.queryReleaseLog', {}, shared.tokens.admin);
    expect(log.list[0].version).toBe('0.1.0');
    expect(log.unreadVersion).toBe('0.1.0');
    await shared.server.call('site.setReleaseLogRead', { version: '0.1.0' }, shared.tokens.admin);
    await shared.server.call('site.setReleaseLogRead', { version: '0.1.0' }, shared.tokens.admin);
    expect((await shared.server.call('site.queryReleaseLog', {}, shared.tokens.admin)).unreadVersion).toBeNull();
    const other = await shared.server.signIn('staff');
    expect((await shared.server.call('site.queryReleaseLog', {}, other)).unreadVersion).toBe('0.1.0');
    const unknown = await shared.server.post('/api/setUpTheReleaseLog', { version: '9.9.9' }, shared.tokens.admin);
    expect(unknown.json().subMessage).toBe('没有版本 9.9.9 的更新日志');
  });

  it('keeps each user’s memos private: create, edit, search, delete', async () => {
    const mine = await shared.server.signIn('corpAdmin');
    const other = await shared.server.signIn('staff');
    const created = await shared.server.call('memo.save', { content: '  跟进“星辰”商标续展  ' }, mine);
    expect(created.content).toBe('跟进“星辰”商标续展');
    await shared.server.call('memo.save', { content: '核对第 9 类商品' }, mine);
    const edited = await shared.server.call('memo.save', { id: created.id, content: '跟进“星辰”商标续展：已提交' }, mine);
    expect(edited.updatedAt >= created.updatedAt).toBe(true);
    const list = await shared.server.call('memo.list', {}, mine);
    expect(list.count).toBe(2);
    expect(list.list[0].content).toBe('跟进“星辰”商标续展：已提交');
    expect((await shared.server.call('memo.list', { keyword: '第 9 类' }, mine)).count).toBe(1);
    expect((await shared.server.call('memo.list', {}, other)).count).toBe(0);
    expect((await shared.server.post('/api/memo/save', { id: created.id, content: '改别人的' }, other)).statusCode).toBe(404);
    expect((await shared.server.post('/api/memo/delete', { id: created.id }, other)).statusCode).toBe(404);
    const empty = await shared.server.post('/api/memo/save', { content: '' }, mine);
    expect(empty.json().subMessage).toBe('请求参数有误：内容不能为空');
    const long = await shared.server.post('/api/memo/save', { content: '长'.repeat(20001) }, mine);
    expect(long.json().subMessage).toBe('请求参数有误：内容不能超过 20000 个字符');
    await shared.server.call('memo.delete', { id: created.id }, mine);
    expect((await shared.server.call('memo.list', {}, mine)).count).toBe(1);
  });
});
