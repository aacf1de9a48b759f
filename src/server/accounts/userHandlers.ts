import { sql } from 'kysely';
import type { HandlersOf, TenantContext } from '../http/context.js';
import type { UserSaveRequest, UserSummary } from '../../generated/types.js';
import { badRequest, notFound } from '../http/apiError.js';
import { containsPattern } from '../db/likePattern.js';
import { countRows, pageWindow } from '../db/paging.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { loadUserInfo } from '../auth/userInfo.js';
import { hashPassword } from '../auth/passwords.js';
import { decodeBase64Password } from '../auth/tokens.js';
import { passwordWeakness } from '../auth/passwordPolicy.js';
import { forgetFailures } from '../auth/loginFailures.js';
import { withDescendants } from '../departments/departmentTree.js';
import { AGENCY_ROLE_NAME } from './roles.js';
import { logOperation } from './operationLog.js';
import { anotherAdministrator, LAST_ADMINISTRATOR, roleAdministers } from './administrators.js';
import { handOverHoldings, holdingsOf } from './userHoldings.js';

function summaryQuery(db: ScopedDb) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .where('u.deleted_at', 'is', null);
}

async function summaries(query: ReturnType<typeof summaryQuery>): Promise<UserSummary[]> {
  const rows = await query
    .select([
      'u.id',
      'u.username',
      'u.display_name',
      'u.phone',
      'u.email',
      'u.role_id',
      'u.department_id',
      'u.mauth',
      'u.locked',
      'u.must_change_password',
      'u.created_at',
      'r.name as roleName',
      'd.name as departmentName',
      (eb) =>
        eb
          .selectFrom('sessions as s')
          .select((s) => s.fn.max('s.created_at').as('last'))
          .whereRef('s.user_id', '=', 'u.id')
          .as('lastLoginAt'),
      sql<number[] | null>`(select array_agg(ue.enterprise_id order by ue.enterprise_id) from user_enterprises ue where ue.user_id = u.id)`.as('enterpriseIds'),
    ])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    name: r.display_name,
    phone: r.phone,
    email: r.email,
    roleId: r.role_id,
    roleName: r.roleName,
    departmentId: r.department_id,
    departmentName: r.departmentName,
    enterpriseIds: r.enterpriseIds ?? [],
    mauth: r.mauth,
    locked: r.locked,
    mustChangePassword: r.must_change_password,
    lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt as Date).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

async function summaryOf(db: ScopedDb, userId: number): Promise<UserSummary> {
  const [user] = await summaries(summaryQuery(db).where('u.id', '=', userId));
  return user!;
}

function firstPasswordOf(encoded: string): string {
  const password = decodeBase64Password(encoded);
  if (password === null) throw badRequest('请求参数有误：初始密码不是有效的 base64 编码');
  const weakness = passwordWeakness(password);
  if (weakness) throw badRequest(weakness.replace('新密码', '初始密码'));
  return password;
}

/** Checks what a save names of the organisation (role, department, enterprises, a free phone) before anything is written. */
async function checkReferences(ctx: TenantContext, body: UserSaveRequest, userId: number | null): Promise<void> {
  if (body.roleId !== undefined) {
    const role = await ctx.db.selectFrom('roles').select('id').where('id', '=', body.roleId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!role) throw badRequest('角色不存在');
  }
  if (body.departmentId) {
    const department = await ctx.db.selectFrom('departments').select('id').where('id', '=', body.departmentId).executeTakeFirst();
    if (!department) throw badRequest('部门不存在');
  }
  if (body.enterpriseIds?.length) {
    const found = await ctx.db.selectFrom('enterprises').select('id').where('id', 'in', body.enterpriseIds).execute();
    if (found.length !== body.enterpriseIds.length) throw badRequest('负责的企业中有不存在的企业');
  }
  if (body.phone !== undefined) {
    const clash = await ctx.db
      .selectFrom('users')
      .select('display_name')
      .where('phone', '=', body.phone)
      .where('deleted_at', 'is', null)
      .$if(userId !== null, (q) => q.where('id', '!=', userId!))
      .executeTakeFirst();
    if (clash) throw badRequest(`手机号 ${body.phone} 已由用户“${clash.display_name}”使用`);
  }
}

async function setEnterprises(ctx: TenantContext, userId: number, enterpriseIds: readonly number[]): Promise<void> {
  await ctx.db.deleteFrom('user_enterprises').where('user_id', '=', userId).execute();
  if (enterpriseIds.length === 0) return;
  await ctx.db
    .insertInto('user_enterprises')
    .values(enterpriseIds.map((enterpriseId) => ({ org_id: ctx.session.orgId, user_id: userId, enterprise_id: enterpriseId })))
    .execute();
}

async function createUser(ctx: TenantContext, body: UserSaveRequest): Promise<UserSummary> {
  await checkReferences(ctx, body, null);
  const username = body.username?.trim();
  const name = body.name?.trim();
  if (!username) throw badRequest('请输入账号');
  if (!name) throw badRequest('请输入姓名');
  if (body.phone === undefined) throw badRequest('请输入手机号');
  if (body.roleId === undefined) throw badRequest('请选择角色');
  if (body.firstPassword === undefined) throw badRequest('请设置初始密码');
  const password = firstPasswordOf(body.firstPassword);
  const taken = await sql<{ taken: boolean }>`select username_taken(${username}) as taken`.execute(ctx.db);
  if (taken.rows[0]?.taken) throw badRequest(`账号“${username}”已被使用，请换一个`);
  const created = await ctx.db
    .insertInto('users')
    .values({
      org_id: ctx.session.orgId,
      role_id: body.roleId,
      department_id: body.departmentId ?? null,
      username,
      display_name: name,
      phone: body.phone,
      email: body.email?.trim() || null,
      password_hash: await hashPassword(password),
      must_change_password: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setEnterprises(ctx, created.id, body.enterpriseIds ?? []);
  await logOperation(ctx, 'user.save', { id: created.id, username, created: true });
  return summaryOf(ctx.db, created.id);
}

async function modifyUser(ctx: TenantContext, id: number, body: UserSaveRequest): Promise<UserSummary> {
  const current = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'role_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!current) throw notFound('用户不存在');
  if (body.username !== undefined && body.username.trim() !== current.username) throw badRequest('账号创建后不能修改');
  if (body.firstPassword !== undefined) throw badRequest('修改用户时不能设置初始密码，请使用“重置密码”');
  const name = body.name?.trim();
  if (body.name !== undefined && !name) throw badRequest('姓名不能为空');
  await checkReferences(ctx, body, id);
  if (body.roleId !== undefined && body.roleId !== current.role_id) {
    const losesAdministration = (await roleAdministers(ctx.db, current.role_id)) && !(await roleAdministers(ctx.db, body.roleId));
    if (losesAdministration && !(await anotherAdministrator(ctx.db, { userId: id }))) throw badRequest(LAST_ADMINISTRATOR);
  }
  const changes = {
    ...(name !== undefined ? { display_name: name } : {}),
    ...(body.phone !== undefined ? { phone: body.phone } : {}),
    ...(body.email !== undefined ? { email: body.email?.trim() || null } : {}),
    ...(body.roleId !== undefined ? { role_id: body.roleId } : {}),
    ...(body.departmentId !== undefined ? { department_id: body.departmentId } : {}),
  };
  if (Object.keys(changes).length === 0 && body.enterpriseIds === undefined) throw badRequest('没有要修改的内容');
  if (Object.keys(changes).length > 0) await ctx.db.updateTable('users').set(changes).where('id', '=', id).execute();
  if (body.enterpriseIds !== undefined) await setEnterprises(ctx, id, body.enterpriseIds);
  // Named as the request names them: the log shows each by its title.
  const fields = (['name', 'phone', 'email', 'roleId', 'departmentId', 'enterpriseIds'] as const).filter((key) => body[key] !== undefined);
  await logOperation(ctx, 'user.save', { id, fields });
  return summaryOf(ctx.db, id);
}

export const userHandlers: HandlersOf<'user'> = {
  'user.list': async (body, ctx) => {
    const { limit, offset } = pageWindow(body);
    const caller = await loadUserInfo(ctx.db, ctx.session.userId);

    let users = summaryQuery(ctx.db);
    if (caller.roleName === AGENCY_ROLE_NAME && !body.noFilter) users = users.where('u.id', '=', ctx.session.userId);
    const keyword = body.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      users = users.where((eb) => eb.or([eb('u.username', 'ilike', pattern), eb('u.display_name', 'ilike', pattern), eb('u.phone', 'like', pattern)]));
    }
    if (body.departmentId !== undefined) {
      const departments = await ctx.db.selectFrom('departments').select(['id', 'parent_id as parentId']).execute();
      users = users.where('u.department_id', 'in', [...withDescendants(departments, body.departmentId)]);
    }
    if (body.roleId !== undefined) users = users.where('u.role_id', '=', body.roleId);
    // Newest first unless asked otherwise: the user just added is on the first page.
    const direction = body.sortType ?? (body.sortField === 'username' ? 'asc' : 'desc');
    const ordered =
      body.sortField === 'username' ? users.orderBy('u.username', direction) : users.orderBy('u.created_at', direction).orderBy('u.id', direction);
    const [list, total] = await Promise.all([summaries(ordered.limit(limit).offset(offset)), countRows(users)]);
    return { list, count: total };
  },

  'user.save': async (body, ctx) => (body.id === undefined ? createUser(ctx, body) : modifyUser(ctx, body.id, body)),

  'user.holdings': async (body, ctx) => {
    const user = await ctx.db.selectFrom('users').select('id').where('id', '=', body.id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user) throw notFound('用户不存在');
    const items = await holdingsOf(ctx.db, user.id);
    return { items, total: items.reduce((sum, item) => sum + item.count, 0) };
  },

  'user.delete': async (body, ctx) => {
    const heir =
      body.handoverTo === undefined
        ? undefined
        : await ctx.db.selectFrom('users').select('id').where('id', '=', body.handoverTo).where('deleted_at', 'is', null).executeTakeFirst();
    if (body.handoverTo !== undefined && !heir) throw badRequest('交接人不存在或已删除');
    if (body.id === ctx.session.userId) throw badRequest('不能删除自己的账号');
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'display_name', 'role_id'])
      .where('id', '=', body.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) throw notFound('用户不存在');
    if ((await roleAdministers(ctx.db, user.role_id)) && !(await anotherAdministrator(ctx.db, { userId: user.id }))) throw badRequest(LAST_ADMINISTRATOR);
    const holdings = await holdingsOf(ctx.db, user.id);
    const handedOver = holdings.reduce((sum, item) => sum + item.count, 0);
    if (handedOver > 0) {
      if (body.handoverTo === undefined) {
        throw badRequest(`“${user.display_name}”还有${holdings.map((h) => h.text).join('、')}，请选择交接人`);
      }
      if (body.handoverTo === user.id) throw badRequest('交接人不能是被删除的用户');
      await handOverHoldings(ctx.db, user.id, heir!.id);
    }
    await ctx.db.updateTable('users').set({ deleted_at: new Date(), department_id: null }).where('id', '=', user.id).execute();
    await ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    await logOperation(ctx, 'user.delete', { id: user.id, username: user.username, handoverTo: body.handoverTo ?? null, handedOver });
    return { handedOver };
  },

  'user.resetPassword': async (body, ctx) => {
    const user = await ctx.db.selectFrom('users').select(['id', 'username']).where('id', '=', body.id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user) throw notFound('用户不存在');
    const password = firstPasswordOf(body.firstPassword);
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password), must_change_password: true, locked_until: null, failed_logins: 0 })
      .where('id', '=', user.id)
      .execute();
    await forgetFailures(ctx.db, user.username);
    await ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    await logOperation(ctx, 'user.resetPassword', { id: user.id });
    return null;
  },
};
