import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../src/generated/types.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const menuKeys = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.meta.menuKey, ...menuKeys(e.children)]).filter(Boolean);
const shownTitles = (entries: MenuEntry[]): string[] => entries.filter((e) => !e.meta.isHide).map((e) => e.meta.title);

describe.skipIf(skipThisDatabase)(`roles and their permissions (${dbKind})`, () => {
  let server: TestServer;
  let corp: string;
  let admin: string;
  const db = () => server.database.db;
  const userId = async (username: string) => (await db().selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const roleId = async (name: string, username = 'corpadmin') =>
    (
      await db()
        .selectFrom('roles')
        .innerJoin('users', 'users.org_id', 'roles.org_id')
        .select('roles.id')
        .where('users.username', '=', username)
        .where('roles.name', '=', name)
        .where('roles.deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
  const logged = async (operation: string) =>
    (await db().selectFrom('operation_log').select('detail').where('operation', '=', operation).orderBy('id', 'desc').execute()).map(
      (r) => r.detail as Record<string, unknown>,
    );

  beforeAll(async () => {
    server = await startTestServer();
    corp = await server.signIn('corpAdmin');
    admin = await server.signIn('admin');
  });
  afterAll(() => server?.stop());

  it('lists the permission tree: menu keys by the menu, button keys under their page, every key once', async () => {
    const { tree } = await server.call('role.permissionTree', {}, corp);
    const trademark = tree.find((n) => n.key === 'trademark')!;
    expect(trademark).toMatchObject({ title: '商标档案', kind: 'menu' });
    expect(trademark.children.filter((c) => c.kind === 'button').map((c) => c.key)).toEqual(
      expect.arrayContaining(['brandCustomListSettings', 'tagsList', 'modifyLabel', 'addTags', 'delTags']),
    );
    const keys = (nodes: typeof tree): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children)]);
    expect(new Set(keys(tree)).size).toBe(keys(tree).length);
    expect((await server.send('role.permissionTree', {}, await server.signIn('staff'))).statusCode).toBe(403);
  });

  it('creates, renames, copies and deletes a role, logging each change', async () => {
    const created = await server.call('role.save', { name: ' 法务 ', roleAuth: ['addTags', 'trademark', 'workbench', 'trademark'] }, corp);
    // Stored in the tree's order, once each.
    expect(created).toMatchObject({ name: '法务', roleAuth: 'workbench,trademark,addTags', userCount: 0 });
    expect((await logged('role.save'))[0]).toMatchObject({ id: created.id, name: '法务', created: true });

    const renamed = await server.call('role.save', { id: created.id, name: '法务部' }, corp);
    expect(renamed).toMatchObject({ id: created.id, name: '法务部', roleAuth: 'workbench,trademark,addTags' });
    const rekeyed = await server.call('role.save', { id: created.id, roleAuth: ['workbench', 'trademark', 'delTags'] }, corp);
    expect(rekeyed.roleAuth).toBe('workbench,trademark,delTags');
    expect((await logged('role.save'))[0]).toMatchObject({ id: created.id, added: ['delTags'], removed: ['addTags'] });
    expect(await server.refused('/api/roleManagement', { id: created.id, name: '法务部', roleAuth: ['delTags', 'trademark', 'workbench'] }, corp)).toBe(
      '没有要修改的内容',
    );

    const copy = await server.call('role.copy', { id: created.id, name: '法务部二' }, corp);
    expect(copy).toMatchObject({ name: '法务部二', roleAuth: 'workbench,trademark,delTags', userCount: 0 });
    expect((await logged('role.copy'))[0]).toMatchObject({ id: copy.id, copiedFrom: created.id });

    const names = async () => (await server.call('role.list', {}, corp)).list.map((r) => r.name);
    expect(await names()).toEqual(['管理员', '员工', '法务部', '法务部二']);
    const paged = await server.call('role.list', { pageNo: 2, pageSize: 3 }, corp);
    expect(paged).toMatchObject({ count: 4, list: [{ name: '法务部二' }] });

    await server.call('role.delete', { id: copy.id }, corp);
    expect(await names()).toEqual(['管理员', '员工', '法务部']);
    expect((await logged('role.delete'))[0]).toMatchObject({ id: copy.id, name: '法务部二' });
    // A deleted role is gone for every call, and its name is free again.
    expect(await server.refused('/api/roleManagement', { id: copy.id, name: 'x' }, corp, 404)).toBe('角色不存在');
    expect(await server.refused('/api/role/delete', { id: copy.id }, corp, 404)).toBe('角色不存在');
    expect(await server.refused('/api/user/save', { id: await userId('staff'), roleId: copy.id }, corp)).toBe('角色不存在');
    expect((await server.call('role.copy', { id: created.id, name: '法务部二' }, corp)).name).toBe('法务部二');
  });

  it('refuses a duplicate name, an unknown key and a blank name, writing nothing', async () => {
    const rows = () => db().selectFrom('roles').select(['id', 'name', 'role_auth', 'deleted_at']).orderBy('id').execute();
    const before = await rows();
    expect(await server.refused('/api/roleManagement', { name: '员工', roleAuth: [] }, corp)).toBe('角色名称“员工”已存在');
    const lawyers = await roleId('法务部');
    expect(await server.refused('/api/roleManagement', { id: lawyers, name: '员工' }, corp)).toBe('角色名称“员工”已存在');
    expect(await server.refused('/api/role/copy', { id: lawyers, name: '管理员' }, corp)).toBe('角色名称“管理员”已存在');
    expect(await server.refused('/api/roleManagement', { name: '新角色', roleAuth: ['workbench', 'noSuchKey'] }, corp)).toBe('权限键“noSuchKey”不存在');
    expect(await server.refused('/api/roleManagement', { id: lawyers, roleAuth: ['$other'] }, corp)).toBe('权限键“$other”不存在');
    expect(await server.refused('/api/roleManagement', { name: '   ' }, corp)).toBe('请输入角色名称');
    expect(await server.refused('/api/roleManagement', { roleAuth: ['workbench'] }, corp)).toBe('请输入角色名称');
    expect(await rows()).toEqual(before);
    // Another organisation may use the same name.
    expect((await server.call('role.save', { name: '员工' }, admin)).name).toBe('员工');
  });

  it('refuses to delete a role active users hold', async () => {
    const staffRole = await roleId('员工');
    const holders = await db().selectFrom('users').select('id').where('role_id', '=', staffRole).where('deleted_at', 'is', null).execute();
    expect(holders.length).toBeGreaterThan(0);
    expect(await server.refused('/api/role/delete', { id: staffRole }, corp)).toBe(`角色“员工”仍有 ${holders.length} 位用户使用，不能删除`);
    expect((await server.call('role.list', {}, corp)).list.find((r) => r.id === staffRole)?.userCount).toBe(holders.length);
  });

  it('keeps an active user holding 用户与配置: a role change that would leave none is refused', async () => {
    const admins = await roleId('管理员');
    const everything = (await server.call('role.list', {}, corp)).list.find((r) => r.id === admins)!.roleAuth.split(',');
    const without = everything.filter((k) => k !== 'userManagement');
    expect(await server.refused('/api/roleManagement', { id: admins, roleAuth: without }, corp)).toBe('本组织至少要保留一位拥有“用户与配置”权限的用户');
    expect((await server.call('role.list', {}, corp)).list.find((r) => r.id === admins)!.roleAuth.split(',')).toContain('userManagement');

    // A role nobody holds does not count; one an active user holds does.
    const deputies = await server.call('role.save', { name: '副管理员', roleAuth: ['workbench', 'systemSettings', 'userManagement'] }, corp);
    expect(await server.refused('/api/roleManagement', { id: admins, roleAuth: without }, corp)).toBe('本组织至少要保留一位拥有“用户与配置”权限的用户');
    const staff = await userId('staff');
    const staffRole = await roleId('员工');
    await server.call('user.save', { id: staff, roleId: deputies.id }, corp);
    await server.call('role.save', { id: admins, roleAuth: without }, corp);
    // corpadmin lost 用户与配置 with the next call.
    expect((await server.send('role.list', {}, corp)).statusCode).toBe(403);
    // The deputy is now the only administrator: the role may not lose the key, nor its last holder the role.
    const deputy = await server.signIn('staff');
    expect(await server.refused('/api/roleManagement', { id: deputies.id, roleAuth: ['workbench'] }, deputy)).toBe(
      '本组织至少要保留一位拥有“用户与配置”权限的用户',
    );
    expect(await server.refused('/api/user/save', { id: staff, roleId: staffRole }, deputy)).toBe('本组织至少要保留一位拥有“用户与配置”权限的用户');
    await server.call('role.save', { id: admins, roleAuth: everything }, deputy);
    await server.call('user.save', { id: staff, roleId: staffRole }, corp);
    await server.call('role.delete', { id: deputies.id }, corp);
  });

  it('shows and lets no administrator touch another organisation’s roles', async () => {
    const theirs = await roleId('员工');
    expect((await server.call('role.list', {}, admin)).list.map((r) => r.id)).not.toContain(theirs);
    const before = await db().selectFrom('roles').selectAll().where('id', '=', theirs).executeTakeFirstOrThrow();
    expect(await server.refused('/api/roleManagement', { id: theirs, name: '被改名' }, admin, 404)).toBe('角色不存在');
    expect(await server.refused('/api/roleManagement', { id: theirs, roleAuth: ['workbench'] }, admin, 404)).toBe('角色不存在');
    expect(await server.refused('/api/role/copy', { id: theirs, name: '偷来的' }, admin, 404)).toBe('角色不存在');
    expect(await server.refused('/api/role/delete', { id: theirs }, admin, 404)).toBe('角色不存在');
    expect(await server.refused('/api/user/save', { id: await userId('agent'), roleId: theirs }, admin)).toBe('角色不存在');
    expect(await db().selectFrom('roles').selectAll().where('id', '=', theirs).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('gives a user exactly the menu and the calls of the role’s keys, and follows a change with the next call', async () => {
    const role = await server.call('role.save', { name: '企业专员', roleAuth: ['workbench', 'systemSettings', 'enterprise'] }, corp);
    const staff = await userId('staff');
    const staffRole = await roleId('员工');
    await server.call('user.save', { id: staff, roleId: role.id }, corp);
    const token = await server.signIn('staff');

    const menu = await server.call('auth.getMenuList', {}, token);
    expect(shownTitles(menu)).toEqual(['工作台', '备忘录', '系统设置']);
    expect(menu.find((e) => e.path === '/system')!.children.map((c) => c.path)).toEqual(['/system/companyList', '/system/message', '/system/countryGroups']);
    expect(new Set(menuKeys(menu))).toEqual(new Set(['workbench', 'systemSettings', 'enterprise']));
    expect((await server.send('enterprise.getList', {}, token)).statusCode).toBe(200);
    const refused = await server.send('brandArchives.queryBrandPage', {}, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ subMessage: '没有“商标档案”权限' });

    // The same session, the role's keys changed: the next call follows.
    await server.call('role.save', { id: role.id, roleAuth: ['workbench', 'trademark', 'tagsList'] }, corp);
    const after = await server.call('auth.getMenuList', {}, token);
    expect(shownTitles(after)).toEqual(['工作台', '备忘录', '商标管理']);
    expect(new Set(menuKeys(after))).toEqual(new Set(['workbench', 'trademark']));
    expect((await server.send('brandArchives.queryBrandPage', {}, token)).statusCode).toBe(200);
    expect((await server.send('brandLabels.inquireLabelsByCon', { filter: {} }, token)).statusCode).toBe(200);
    expect((await server.send('brandLabels.saveMap', { name: '不能建' }, token)).statusCode).toBe(403);
    expect((await server.send('enterprise.getList', {}, token)).statusCode).toBe(403);

    await server.call('user.save', { id: staff, roleId: staffRole }, corp);
  });
});
