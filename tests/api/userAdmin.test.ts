import { describe, expect, it } from 'vitest';
import { departmentHeadOf } from '../../src/server/departments/departmentHead.js';
import { withOrganisation } from '../../src/server/db/tenantScope.js';
import { base64, dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

/** Users and departments administered in the product: a new user's first password, the handover on delete, the tree's rules. */
describe.skipIf(skipThisDatabase)(`users and departments (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin']);

  const signInAs = async (username: string, password: string) => {
    const res = await shared.server.post('/loginPage/login', { username, password: base64(password), encryptionType: 'base64' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { token: string; userInfo: { mustChangePassword: boolean } };
  };
  const roleId = async (token: string, name: string) => (await shared.server.call('role.list', {}, token)).list.find((r) => r.name === name)!.id;
  const departmentId = async (token: string, name: string) => {
    const flat = (nodes: { id: number; name: string; children?: unknown[] }[]): { id: number; name: string }[] =>
      nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof nodes)]);
    return flat((await shared.server.call('department.list', {}, token)).list).find((d) => d.name === name)!.id;
  };

  it('lists the demo departments as a tree with their heads and members', async () => {
    const { list } = await shared.server.call('department.list', {}, shared.tokens.admin);
    expect(list.map((d) => d.name)).toEqual(['总经理办公室', '商标代理部', '法律事务部']);
    const trademarks = list[1]!;
    expect(trademarks).toMatchObject({ headName: '王管理', memberCount: 0 });
    expect(trademarks.children!.map((d) => [d.name, d.headName, d.memberCount])).toEqual([
      ['国内商标组', '李代理', 1],
      ['涉外商标组', '孙欣', 1],
    ]);
    const company = await shared.server.call('department.list', {}, shared.tokens.corpAdmin);
    expect(company.list.map((d) => d.name)).toEqual(['法务与知识产权部', '市场部']);
  });

  it('adds a user who must change the first password before anything else, then works by the role', async () => {
    const staffRole = await roleId(shared.tokens.corpAdmin, '员工');
    const marketing = await departmentId(shared.tokens.corpAdmin, '市场部');
    const created = await shared.server.call(
      'user.save',
      {
        username: 'zhouqing',
        name: '周青',
        phone: '13900000011',
        email: 'zhouqing@example.com',
        roleId: staffRole,
        departmentId: marketing,
        firstPassword: base64('Start2026a'),
        encryptionType: 'base64',
      },
      shared.tokens.corpAdmin,
    );
    expect(created).toMatchObject({
      username: 'zhouqing',
      name: '周青',
      roleName: '员工',
      departmentName: '市场部',
      mustChangePassword: true,
      enterpriseIds: [],
    });
    expect((await shared.server.call('user.list', { pageSize: 1 }, shared.tokens.corpAdmin)).list[0]!.username).toBe('zhouqing');

    const first = await signInAs('zhouqing', 'Start2026a');
    expect(first.userInfo.mustChangePassword).toBe(true);
    const refused = await shared.server.send('brandArchives.queryBrandPage', {}, first.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().subMessage).toBe('请先修改管理员设置的初始密码');
    expect((await shared.server.call('auth.getUserInfo', {}, first.token)).mustChangePassword).toBe(true);

    await shared.server.call(
      'account.changePassword',
      { oldPassword: base64('Start2026a'), newPassword: base64('Mine2026b'), encryptionType: 'base64' },
      first.token,
    );
    expect((await shared.server.call('auth.getUserInfo', {}, first.token)).mustChangePassword).toBe(false);
    expect((await shared.server.send('brandArchives.queryBrandPage', {}, first.token)).statusCode).toBe(200);
    // The staff role holds no user management.
    expect((await shared.server.send('user.list', {}, first.token)).statusCode).toBe(403);
    const menu = await shared.server.call('auth.getMenuList', {}, first.token);
    expect(menu.map((m) => m.path)).not.toContain('/system');
  });

  it('refuses a taken account name (in any organisation), a phone in use, foreign rows and weak passwords, writing nothing', async () => {
    const staffRole = await roleId(shared.tokens.corpAdmin, '员工');
    const base = { name: '重复', phone: '13900000021', roleId: staffRole, firstPassword: base64('Start2026a'), encryptionType: 'base64' as const };
    expect(await shared.server.refused('/api/user/save', { ...base, username: 'admin' }, shared.tokens.corpAdmin)).toBe('账号“admin”已被使用，请换一个');
    expect(await shared.server.refused('/api/user/save', { ...base, username: 'newone', phone: '13800000004' }, shared.tokens.corpAdmin)).toBe(
      '手机号 13800000004 已由用户“陈员工”使用',
    );
    const agencyRole = await roleId(shared.tokens.admin, '代理机构');
    expect(await shared.server.refused('/api/user/save', { ...base, username: 'newone', roleId: agencyRole }, shared.tokens.corpAdmin)).toBe('角色不存在');
    const agencyDepartment = await departmentId(shared.tokens.admin, '法律事务部');
    expect(await shared.server.refused('/api/user/save', { ...base, username: 'newone', departmentId: agencyDepartment }, shared.tokens.corpAdmin)).toBe(
      '部门不存在',
    );
    const agencyEnterprises = (await shared.server.call('enterprise.getList', { flatIs: true }, shared.tokens.admin)).list.map((e) => e.id);
    expect(
      await shared.server.refused('/api/user/save', { ...base, username: 'newone', enterpriseIds: agencyEnterprises.slice(0, 1) }, shared.tokens.corpAdmin),
    ).toBe('负责的企业中有不存在的企业');
    expect(await shared.server.refused('/api/user/save', { ...base, username: 'newone', firstPassword: base64('short1') }, shared.tokens.corpAdmin)).toBe(
      '初始密码至少 8 位',
    );
    expect(await shared.server.refused('/api/user/save', { ...base, username: 'newone', firstPassword: base64('lettersonly') }, shared.tokens.corpAdmin)).toBe(
      '初始密码须同时包含字母和数字',
    );
    const names = (await shared.server.call('user.list', { keyword: 'newone' }, shared.tokens.corpAdmin)).list;
    expect(names).toEqual([]);
  });

  it('modifies only what is sent; the account name stays; the organisation keeps an administrator', async () => {
    const users = (await shared.server.call('user.list', { pageSize: 100 }, shared.tokens.admin)).list;
    const agent = users.find((u) => u.username === 'agent')!;
    const enterprises = (await shared.server.call('enterprise.getList', { flatIs: true }, shared.tokens.admin)).list.map((e) => e.id);
    const changed = await shared.server.call('user.save', { id: agent.id, email: 'li@example.com', enterpriseIds: enterprises }, shared.tokens.admin);
    expect(changed).toMatchObject({ name: agent.name, phone: agent.phone, roleId: agent.roleId, departmentId: agent.departmentId, email: 'li@example.com' });
    expect(changed.enterpriseIds).toEqual([...enterprises].sort((a, b) => a - b));
    expect(await shared.server.refused('/api/user/save', { id: agent.id, username: 'renamed' }, shared.tokens.admin)).toBe('账号创建后不能修改');
    expect(await shared.server.refused('/api/user/save', { id: agent.id }, shared.tokens.admin)).toBe('没有要修改的内容');

    const self = users.find((u) => u.username === 'admin')!;
    const agencyRole = await roleId(shared.tokens.admin, '代理机构');
    expect(await shared.server.refused('/api/user/save', { id: self.id, roleId: agencyRole }, shared.tokens.admin)).toBe(
      '本组织至少要保留一位拥有“用户与配置”权限的用户',
    );
    expect((await shared.server.call('user.list', { pageSize: 100 }, shared.tokens.admin)).list.find((u) => u.id === self.id)!.roleName).toBe('管理员');
  });

  it('deletes a user only with a successor for the work they hold, which moves to them; the deleted user is signed out', async () => {
    const users = (await shared.server.call('user.list', { pageSize: 100 }, shared.tokens.admin)).list;
    const sunxin = users.find((u) => u.username === 'sunxin')!;
    const agent = users.find((u) => u.username === 'agent')!;
    const self = users.find((u) => u.username === 'admin')!;
    const session = await signInAs('sunxin', 'Welcome@2026');

    const holdings = await shared.server.call('user.holdings', { id: sunxin.id }, shared.tokens.admin);
    expect(holdings.items.map((h) => h.kind)).toEqual(expect.arrayContaining(['departments', 'enterprises', 'todos']));
    const refusal = await shared.server.refused('/api/user/delete', { id: sunxin.id }, shared.tokens.admin);
    expect(refusal).toMatch(/^“孙欣”还有.*负责的部门 1 项.*请选择交接人$/);
    expect(await shared.server.refused('/api/user/delete', { id: sunxin.id, handoverTo: sunxin.id }, shared.tokens.admin)).toBe('交接人不能是被删除的用户');
    expect(await shared.server.refused('/api/user/delete', { id: self.id }, shared.tokens.admin)).toBe('不能删除自己的账号');

    const reply = await shared.server.call('user.delete', { id: sunxin.id, handoverTo: agent.id }, shared.tokens.admin);
    expect(reply.handedOver).toBe(holdings.total);
    expect((await shared.server.call('user.holdings', { id: agent.id }, shared.tokens.admin)).items.find((h) => h.kind === 'departments')!.count).toBe(2);
    const overseas = (await shared.server.call('department.list', {}, shared.tokens.admin)).list[1]!.children![1]!;
    expect(overseas).toMatchObject({ name: '涉外商标组', headName: '李代理', memberCount: 0 });
    expect((await shared.server.call('user.list', { pageSize: 100 }, shared.tokens.admin)).list.map((u) => u.username)).not.toContain('sunxin');
    expect((await shared.server.send('auth.getUserInfo', {}, session.token)).statusCode).toBe(401);
    const again = await shared.server.post('/loginPage/login', { username: 'sunxin', password: base64('Welcome@2026'), encryptionType: 'base64' });
    expect(again.statusCode).not.toBe(200);
  });

  it('resets a first password: signed out everywhere, the new one to be changed', async () => {
    const users = (await shared.server.call('user.list', { pageSize: 100 }, shared.tokens.corpAdmin)).list;
    const liuyang = users.find((u) => u.username === 'liuyang')!;
    await shared.server.call('user.resetPassword', { id: liuyang.id, firstPassword: base64('Again2026c'), encryptionType: 'base64' }, shared.tokens.corpAdmin);
    const session = await signInAs('liuyang', 'Again2026c');
    expect(session.userInfo.mustChangePassword).toBe(true);
    await shared.server.call('user.resetPassword', { id: liuyang.id, firstPassword: base64('Third2026d'), encryptionType: 'base64' }, shared.tokens.corpAdmin);
    expect((await shared.server.send('auth.getUserInfo', {}, session.token)).statusCode).toBe(401);
  });

  it('keeps the department tree sound: names unique among siblings, no loops, no deleting what is in use', async () => {
    const legal = await departmentId(shared.tokens.corpAdmin, '法务与知识产权部');
    const brandTeam = await departmentId(shared.tokens.corpAdmin, '商标组');
    const created = await shared.server.call('department.save', { name: '海外商标组', parentId: legal, sort: 2 }, shared.tokens.corpAdmin);
    expect(created).toMatchObject({ name: '海外商标组', parentId: legal, memberCount: 0 });
    expect(created.children).toBeUndefined();
    expect(await shared.server.refused('/api/departmentManagement', { name: '商标组', parentId: legal }, shared.tokens.corpAdmin)).toBe(
      '同一上级下已有名为“商标组”的部门',
    );
    expect(await shared.server.refused('/api/departmentManagement', { id: legal, parentId: brandTeam }, shared.tokens.corpAdmin)).toBe(
      '上级部门不能是它自己或它的下级部门',
    );
    expect(await shared.server.refused('/api/departmentManagement', { id: legal, parentId: legal }, shared.tokens.corpAdmin)).toBe(
      '上级部门不能是它自己或它的下级部门',
    );
    expect(await shared.server.refused('/api/department/delete', { id: legal }, shared.tokens.corpAdmin)).toMatch(/^“法务与知识产权部”下还有部门/);
    expect(await shared.server.refused('/api/department/delete', { id: brandTeam }, shared.tokens.corpAdmin)).toBe(
      '“商标组”下还有 1 位用户，请先把他们调到其他部门',
    );
    const renamed = await shared.server.call('department.save', { id: created.id, name: '涉外商标组' }, shared.tokens.corpAdmin);
    expect(renamed.name).toBe('涉外商标组');
    await shared.server.call('department.delete', { id: created.id }, shared.tokens.corpAdmin);
    expect((await shared.server.call('department.list', {}, shared.tokens.corpAdmin)).list[0]!.children!.map((d) => d.name)).toEqual(['商标组']);

    // Another organisation's department is not there for this one.
    const agencyDepartment = await departmentId(shared.tokens.admin, '法律事务部');
    expect((await shared.server.send('department.delete', { id: agencyDepartment }, shared.tokens.corpAdmin)).statusCode).toBe(404);
    expect(await shared.server.refused('/api/departmentManagement', { name: '跨组织', parentId: agencyDepartment }, shared.tokens.corpAdmin)).toBe(
      '上级部门不存在',
    );
    const staff = await shared.server.signIn('staff');
    expect((await shared.server.send('department.save', { name: '越权' }, staff)).statusCode).toBe(403);
  });

  it('lists users of a department and those below it', async () => {
    const legal = await departmentId(shared.tokens.corpAdmin, '法务与知识产权部');
    const { list } = await shared.server.call('user.list', { departmentId: legal, sortField: 'username' }, shared.tokens.corpAdmin);
    expect(list.map((u) => u.username)).toEqual(['corpadmin', 'staff']);
  });

  it('finds the head of a user’s department for approval flows, going up where a department has none or the user heads it', async () => {
    const users = (await shared.server.call('user.list', { pageSize: 100, sortField: 'username' }, shared.tokens.corpAdmin)).list;
    const id = (username: string) => users.find((u) => u.username === username)!.id;
    const info = await shared.server.call('auth.getUserInfo', {}, shared.tokens.corpAdmin);
    const headOf = (userId: number) => withOrganisation(shared.server.database.db, info.organisation.id, (db) => departmentHeadOf(db, userId));
    // staff is in 商标组, headed by corpadmin; corpadmin heads both 商标组 and 法务与知识产权部, above which nobody is.
    expect(await headOf(id('staff'))).toBe(id('corpadmin'));
    expect(await headOf(id('corpadmin'))).toBeNull();
    const brandTeam = await departmentId(shared.tokens.corpAdmin, '商标组');
    await shared.server.call('department.save', { id: brandTeam, headUserId: null }, shared.tokens.corpAdmin);
    expect(await headOf(id('staff'))).toBe(id('corpadmin'));
    await shared.server.call('department.save', { id: brandTeam, headUserId: id('liuyang') }, shared.tokens.corpAdmin);
    expect(await headOf(id('staff'))).toBe(id('liuyang'));
  });
});
