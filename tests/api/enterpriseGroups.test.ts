import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

const QINGHE = '杭州青禾食品有限公司';
const YUNFAN = '深圳云帆电子科技有限公司';
const ZHOU = '周明--上海市徐汇区漕溪北路 12 号';

describe.skipIf(skipThisDatabase)(`my enterprises: groups and batch move (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin']);

  const db = () => shared.server.database.db;
  const idOf = async (name: string) => (await db().selectFrom('enterprises').select('id').where('applicant_name', '=', name).executeTakeFirstOrThrow()).id;
  const groupOf = async (name: string) =>
    (await db().selectFrom('enterprises').select('group_id').where('applicant_name', '=', name).executeTakeFirstOrThrow()).group_id;
  const groups = (token = shared.tokens.admin) => shared.server.call('enterprise.groupList', {}, token);
  const listed = async (body: { groupId?: number; ungrouped?: boolean }) =>
    (await shared.server.call('enterprise.getList', { flatIs: true, ...body }, shared.tokens.admin)).list.map((e) => e.displayName);
  const logged = (operation: string) =>
    db().selectFrom('operation_log').select('detail').where('operation', '=', operation).orderBy('id', 'desc').executeTakeFirst();

  it('lists the groups with their numbers of enterprises, the ungrouped and the total', async () => {
    expect(await groups()).toEqual({ groups: [{ id: expect.any(Number), name: '重点客户', count: 2 }], ungroupedCount: 1, total: 3 });
    expect((await groups(shared.tokens.corpAdmin)).groups).toEqual([]);
  });

  it('creates and renames groups; names are unique in the organisation and not “未分组”', async () => {
    const east = await shared.server.call('enterprise.groupManagement', { name: ' 华东客户 ' }, shared.tokens.admin);
    expect(east).toEqual({ id: expect.any(Number), name: '华东客户', count: 0 });
    expect(await shared.server.refused('/enterPrise/groupManagement', { name: '重点客户' }, shared.tokens.admin)).toBe('分组“重点客户”已存在');
    expect(await shared.server.refused('/enterPrise/groupManagement', { name: '未分组' }, shared.tokens.admin)).toBe('分组名称不能是“未分组”');
    expect(await shared.server.refused('/enterPrise/groupManagement', { name: '   ' }, shared.tokens.admin)).toBe('分组名称不能为空');
    // Another organisation may use the same name.
    expect((await shared.server.call('enterprise.groupManagement', { name: '华东客户' }, shared.tokens.corpAdmin)).name).toBe('华东客户');
    const renamed = await shared.server.call('enterprise.groupManagement', { id: east.id, name: '华东区客户' }, shared.tokens.admin);
    expect(renamed).toEqual({ id: east.id, name: '华东区客户', count: 0 });
    expect(await shared.server.refused('/enterPrise/groupManagement', { id: east.id, name: '重点客户' }, shared.tokens.admin)).toBe('分组“重点客户”已存在');
    // Renaming to its own name is no clash.
    expect((await shared.server.call('enterprise.groupManagement', { id: east.id, name: '华东区客户' }, shared.tokens.admin)).name).toBe('华东区客户');
    expect((await logged('enterprise.groupManagement'))?.detail).toMatchObject({ id: east.id, from: '华东客户', to: '华东区客户' });
  });

  it('moves selected enterprises into a group, and out of any group, and lists them by group', async () => {
    const east = (await groups()).groups.find((g) => g.name === '华东区客户')!;
    const moved = await shared.server.call('enterprise.batchMove', { ids: [await idOf(QINGHE), await idOf(ZHOU)], groupId: east.id }, shared.tokens.admin);
    expect(moved).toEqual({ moved: 2, groupName: '华东区客户' });
    expect(await listed({ groupId: east.id })).toEqual([QINGHE, '周明']);
    expect((await shared.server.call('enterprise.getList', { flatIs: true, groupId: east.id }, shared.tokens.admin)).list[0]!.groupName).toBe('华东区客户');
    expect(await groups()).toMatchObject({ ungroupedCount: 0, total: 3 });
    expect((await logged('enterprise.batchMove'))?.detail).toMatchObject({ groupId: east.id, groupName: '华东区客户' });

    expect(await shared.server.call('enterprise.batchMove', { ids: [await idOf(ZHOU)], groupId: null }, shared.tokens.admin)).toEqual({
      moved: 1,
      groupName: '未分组',
    });
    expect(await listed({ ungrouped: true })).toEqual(['周明']);
    expect((await shared.server.call('enterprise.getCompanyDetailInfo', { id: await idOf(ZHOU) }, shared.tokens.admin)).groupName).toBe('未分组');
  });

  it('refuses another organisation’s group or enterprise by name, moving nothing', async () => {
    const theirGroup = (await groups(shared.tokens.corpAdmin)).groups[0]!.id;
    const theirs = (await db().selectFrom('enterprises').select('id').where('applicant_name', '=', '星辰日化股份有限公司').executeTakeFirstOrThrow()).id;
    const qinghe = await idOf(QINGHE);
    const before = await groupOf(QINGHE);
    expect(await shared.server.refused('/enterPrise/batchMove', { ids: [qinghe], groupId: theirGroup }, shared.tokens.admin)).toBe('目标分组不存在');
    expect(await shared.server.refused('/enterPrise/batchMove', { ids: [qinghe], groupId: 0 }, shared.tokens.admin)).toBe('目标分组不存在');
    expect(await shared.server.refused('/enterPrise/batchMove', { ids: [qinghe, theirs], groupId: null }, shared.tokens.admin)).toBe(`企业不存在：${theirs}`);
    expect(await shared.server.refused('/enterPrise/batchMove', { ids: [], groupId: null }, shared.tokens.admin)).toMatch(/^请求参数有误：企业/);
    expect(await shared.server.refused('/enterPrise/groupManagement', { id: theirGroup, name: '改名' }, shared.tokens.admin)).toBe('分组不存在');
    expect(await shared.server.refused('/enterPrise/deleteGroup', { id: theirGroup }, shared.tokens.admin)).toBe('分组不存在');
    expect(await shared.server.refused('/enterPrise/getList', { flatIs: true, groupId: theirGroup }, shared.tokens.admin)).toBe('所属分组不存在');
    expect(await groupOf(QINGHE)).toBe(before);
    expect((await groups(shared.tokens.corpAdmin)).groups[0]!.name).toBe('华东客户');
  });

  it('deletes a group: its enterprises become ungrouped', async () => {
    const key = (await groups()).groups.find((g) => g.name === '重点客户')!;
    expect(key.count).toBe(1);
    expect(await shared.server.call('enterprise.deleteGroup', { id: key.id }, shared.tokens.admin)).toEqual({ ungrouped: 1 });
    expect(await groupOf(YUNFAN)).toBeNull();
    expect((await groups()).groups.map((g) => g.name)).toEqual(['华东区客户']);
    expect((await logged('enterprise.deleteGroup'))?.detail).toMatchObject({ name: '重点客户', ungrouped: 1 });
    const empty = await shared.server.call('enterprise.groupManagement', { name: '空分组' }, shared.tokens.admin);
    expect(await shared.server.call('enterprise.deleteGroup', { id: empty.id }, shared.tokens.admin)).toEqual({ ungrouped: 0 });
  });

  it('refuses all of it to someone without the enterprise permission', async () => {
    const staff = await shared.server.signIn('staff');
    const east = (await groups()).groups[0]!.id;
    for (const [path, body] of [
      ['/enterPrise/groupList', {}],
      ['/enterPrise/groupManagement', { name: '员工的分组' }],
      ['/enterPrise/deleteGroup', { id: east }],
      ['/enterPrise/batchMove', { ids: [await idOf(QINGHE)], groupId: null }],
    ] as const) {
      expect(await shared.server.refused(path, body, staff, 403), path).toBe('没有“我的企业”权限');
    }
    expect(await groupOf(QINGHE)).toBe(east);
  });
});
