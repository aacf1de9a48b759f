import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../src/generated/types.js';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

const menuKeys = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.meta.menuKey, ...menuKeys(e.children)]).filter(Boolean);
const shownTitles = (entries: MenuEntry[]): string[] => entries.filter((e) => !e.meta.isHide).map((e) => e.meta.title);

describe.skipIf(skipThisDatabase)(`roles and their permissions (${dbKind})`, () => {
  const db = () => shared.server.database.db;
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

  const shared = sharedTestServer(['corpAdmin', 'admin']);

  it('lists the permission tree: menu keys by the menu, button keys under their page, every key once', async () => {
    const { tree } = await shared.server.call('role.permissionTree', {}, shared.tokens.corpAdmin);
    const trademark = tree.find((n) => n.key === 'trademark')!;
    expect(trademark).toMatchObject({ title: '商标档案', kind: 'menu' });
    expect(trademark.children.filter((c) => c.kind === 'button').map((c) => c.key)).toEqual(
      expect.arrayContaining(['brandCustomListSettings', 'tagsList', 'modifyLabel', 'addTags', 'delTags']),
    );
    const keys = (nodes: typeof tree): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children)]);
    expect(new Set(keys(tree)).size).toBe(keys(tree).length);
    expect((await shared.server.send('role.permissionTree', {}, await shared.server.signIn('staff'))).statusCode).toBe(403);
  });

  it('creates, renames, copies and deletes a role, logging each change', async () => {
    const created = await shared.server.call(
      'role.save',
      { name: ' 法务 ', roleAuth: ['addTags', 'trademark', 'workbench', 'trademark'] },
      shared.tokens.corpAdmin,
    );
    // Stored in the tree's order, once each.
    expect(created).toMatchObject({ name: '法务', roleAuth: 'workbench,trademark,addTags', userCount: 0 });
    expect((await logged('role.save'))[0]).toMatchObject({ id: created.id, name: '法务', created: true });

    const renamed = await shared.server.call('role.save', { id: created.id, name: '法务部' }, shared.tokens.corpAdmin);
    expect(renamed).toMatchObject({ id: created.id, name: '法务部', roleAuth: 'workbench,trademark,addTags' });
    const rekeyed = await shared.server.call('role.save', { id: created.id, roleAuth: ['workbench', 'trademark', 'delTags'] }, shared.tokens.corpAdmin);
    expect(rekeyed.roleAuth).toBe('workbench,trademark,delTags');
    expect((await logged('role.save'))[0]).toMatchObject({ id: created.id, added: ['delTags'], removed: ['addTags'] });
    expect(
      await shared.server.refused(
        '/api/roleManagement',
        { id: created.id, name: '法务部', roleAuth: ['delTags', 'trademark', 'workbench'] },
        shared.tokens.corpAdmin,
      ),
    ).toBe('没有要修改的内容');

    const copy = await shared.server.call('role.copy', { id: created.id, name: '法务部二' }, shared.tokens.corpAdmin);
    expect(copy).toMatchObject({ name: '法务部二', roleAuth: 'workbench,trademark,delTags', userCount: 0 });
    expect((await logged('role.copy'))[0]).toMatchObject({ id: copy.id, copiedFrom: created.id });

    const names = async () => (await shared.server.call('role.list', {}, shared.tokens.corpAdmin)).list.map((r) => r.name);
    expect(await names()).toEqual(['管理员', '员工', '法务部', '法务部二']);
    const paged = await shared.server.call('role.list', { pageNo: 2, pageSize: 3 }, shared.tokens.corpAdmin);
    expect(paged).toMatchObject({ count: 4, list: [{ name: '法务部二' }] });

    await shared.server.call('role.delete', { id: copy.id }, shared.tokens.corpAdmin);
    expect(await names()).toEqual(['管理员', '员工', '法务部']);
    expect((await logged('role.delete'))[0]).toMatchObject({ id: copy.id, name: '法务部二' });
    // A deleted role is gone for every call, and its name is free again.
    expect(await shared.server.refused('/api/roleManagement', { id: copy.id, name: 'x' }, shared.tokens.corpAdmin, 404)).toBe('角色不存在');
    expect(await shared.server.refused('/api/role/delete', { id: copy.id }, shared.tokens.corpAdmin, 404)).toBe('角色不存在');
    expect(await shared.server.refused('/api/user/save', { id: await userId('staff'), roleId: copy.id }, shared.tokens.corpAdmin)).toBe('角色不存在');
    expect((await shared.server.call('role.copy', { id: created.id, name: '法务部二' }, shared.tokens.corpAdmin)).name).toBe('法务部二');
  });

  it('refuses a duplicate name, an unknown key and a blank name, writing nothing', async () => {
    const rows = () => db().selectFrom('roles').select(['id', 'name', 'role_auth', 'deleted_at']).orderBy('id').execute();
    const before = await rows();
    expect(await shared.server.refused('/api/roleManagement', { name: '员工', roleAuth: [] }, shared.tokens.corpAdmin)).toBe('角色名称“员工”已存在');
    const lawyers = await roleId('法务部');
    expect(await shared.server.refused('/api/roleManagement', { id: lawyers, name: '员工' }, shared.tokens.corpAdmin)).toBe('角色名称“员工”已存在');
    expect(await shared.server.refused('/api/role/copy', { id: lawyers, name: '管理员' }, shared.tokens.corpAdmin)).toBe('角色名称“管理员”已存在');
    expect(await shared.server.refused('/api/roleManagement', { name: '新角色', roleAuth: ['workbench', 'noSuchKey'] }, shared.tokens.corpAdmin)).toBe(
      '权限键“noSuchKey”不存在',
    );
    expect(await shared.server.refused('/api/roleManagement', { id: lawyers, roleAuth: ['$other'] }, shared.tokens.corpAdmin)).toBe('权限键“$other”不存在');
    expect(await shared.server.refused('/api/roleManagement', { name: '   ' }, shared.tokens.corpAdmin)).toBe('请输入角色名称');
    expect(await shared.server.refused('/api/roleManagement', { roleAuth: ['workbench'] }, shared.tokens.corpAdmin)).toBe('请输入角色名称');
    expect(await rows()).toEqual(before);
    // Another organisation may use the same name.
    expect((await shared.server.call('role.save', { name: '员工' }, shared.tokens.admin)).name).toBe('员工');
  });

  it('refuses to delete a role active users hold', async () => {
    const staffRole = await roleId('员工');
    const holders = await db().selectFrom('users').select('id').where('role_id', '=', staffRole).where('deleted_at', 'is', null).execute();
    expect(holders.length).toBeGreaterThan(0);
    expect(await shared.server.refused('/api/role/delete', { id: staffRole }, shared.tokens.corpAdmin)).toBe(
      `角色“员工”仍有 ${holders.length} 位用户使用，不能删除`,
    );
    expect((await shared.server.call('role.list', {}, shared.tokens.corpAdmin)).list.find((r) => r.id === staffRole)?.userCount).toBe(holders.length);
  });

  it('keeps an active user holding 用户与配置: a role change that would leave none is refused', async () => {
    const admins = await roleId('管理员');
    const everything = (await shared.server.call('role.list', {}, shared.tokens.corpAdmin)).list.find((r) => r.id === admins)!.roleAuth.split(',');
    const without = everything.filter((k) => k !== 'userManagement');
    expect(await shared.server.refused('/api/roleManagement', { id: admins, roleAuth: without }, shared.tokens.corpAdmin)).toBe(
      '本组织至少要保留一位拥有“用户与配置”权限的用户',
    );
    expect((await shared.server.call('role.list', {}, shared.tokens.corpAdmin)).list.find((r) => r.id === admins)!.roleAuth.split(',')).toContain(
      'userManagement',
    );

    // A role nobody holds does not count; one an active user holds does.
    const deputies = await shared.server.call(
      'role.save',
      { name: '副管理员', roleAuth: ['workbench', 'systemSettings', 'userManagement'] },
      shared.tokens.corpAdmin,
    );
    expect(await shared.server.refused('/api/roleManagement', { id: admins, roleAuth: without }, shared.tokens.corpAdmin)).toBe(
      '本组织至少要保留一位拥有“用户与配置”权限的用户',
    );
    const staff = await userId('staff');
    const staffRole = await roleId('员工');
    await shared.server.call('user.save', { id: staff, roleId: deputies.id }, shared.tokens.corpAdmin);
    await shared.server.call('role.save', { id: admins, roleAuth: without }, shared.tokens.corpAdmin);
    // corpadmin lost 用户与配置 with the next call.
    expect((await shared.server.send('role.list', {}, shared.tokens.corpAdmin)).statusCode).toBe(403);
    // The deputy is now the only administrator: the role may not lose the key, nor its last holder the role.
    const deputy = await shared.server.signIn('staff');
    expect(await shared.server.refused('/api/roleManagement', { id: deputies.id, roleAuth: ['workbench'] }, deputy)).toBe(
      '本组织至少要保留一位拥有“用户与配置”权限的用户',
    );
    expect(await shared.server.refused('/api/user/save', { id: staff, roleId: staffRole }, deputy)).toBe('本组织至少要保留一位拥有“用户与配置”权限的用户');
    await shared.server.call('role.save', { id: admins, roleAuth: everything }, deputy);
    await shared.server.call('user.save', { id: staff, roleId: staffRole }, shared.tokens.corpAdmin);
    await shared.server.call('role.delete', { id: deputies.id }, shared.tokens.corpAdmin);
  });

  it('shows and lets no administrator touch another organisation’s roles', async () => {
    const theirs = await roleId('员工');
    expect((await shared.server.call('role.list', {}, shared.tokens.admin)).list.map((r) => r.id)).not.toContain(theirs);
    const before = await db().selectFrom('roles').selectAll().where('id', '=', theirs).executeTakeFirstOrThrow();
    expect(await shared.server.refused('/api/roleManagement', { id: theirs, name: '被改名' }, shared.tokens.admin, 404)).toBe('角色不存在');
    expect(await shared.server.refused('/api/roleManagement', { id: theirs, roleAuth: ['workbench'] }, shared.tokens.admin, 404)).toBe('角色不存在');
    expect(await shared.server.refused('/api/role/copy', { id: theirs, name: '偷来的' }, shared.tokens.admin, 404)).toBe('角色不存在');
    expect(await shared.server.refused('/api/role/delete', { id: theirs }, shared.tokens.admin, 404)).toBe('角色不存在');
    expect(await shared.server.refused('/api/user/save', { id: await userId('agent'), roleId: theirs }, shared.tokens.admin)).toBe('角色不存在');
    expect(await db().selectFrom('roles').selectAll().where('id', '=', theirs).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('gives a user exactly the menu and the calls of the role’s keys, and follows a change with the next call', async () => {
    const role = await shared.server.call('role.save', { name: '企业专员', roleAuth: ['workbench', 'systemSettings', 'enterprise'] }, shared.tokens.corpAdmin);
    const staff = await userId('staff');
    const staffRole = await roleId('员工');
    await shared.server.call('user.save', { id: staff, roleId: role.id }, shared.tokens.corpAdmin);
    const token = await shared.server.signIn('staff');

    const menu = await shared.server.call('auth.getMenuList', {}, token);
    expect(shownTitles(menu)).toEqual(['工作台', '备忘录', '系统设置']);
    expect(menu.find((e) => e.path === '/system')!.children.map((c) => c.path)).toEqual(['/system/companyList', '/system/message', '/system/countryGroups']);
    expect(new Set(menuKeys(menu))).toEqual(new Set(['workbench', 'systemSettings', 'enterprise']));
    expect((await shared.server.send('enterprise.getList', {}, token)).statusCode).toBe(200);
    const refused = await shared.server.send('brandArchives.queryBrandPage', {}, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ subMessage: '没有“商标档案”权限' });

    // The same session, the role's keys changed: the next call follows.
    await shared.server.call('role.save', { id: role.id, roleAuth: ['workbench', 'trademark', 'tagsList'] }, shared.tokens.corpAdmin);
    const after = await shared.server.call('auth.getMenuList', {}, token);
    expect(shownTitles(after)).toEqual(['工作台', '备忘录', '商标管理']);
    expect(new Set(menuKeys(after))).toEqual(new Set(['workbench', 'trademark']));
    expect((await shared.server.send('brandArchives.queryBrandPage', {}, token)).statusCode).toBe(200);
    expect((await shared.server.send('brandLabels.inquireLabelsByCon', { filter: {} }, token)).statusCode).toBe(200);
    expect((await shared.server.send('brandLabels.saveMap', { name: '不能建' }, token)).statusCode).toBe(403);
    expect((await shared.server.send('enterprise.getList', {}, token)).statusCode).toBe(403);

    await shared.server.call('user.save', { id: staff, roleId: staffRole }, shared.tokens.corpAdmin);
  });
});
