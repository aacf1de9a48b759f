import type { HandlersOf, TenantContext } from '../http/context.js';
import type { RoleSummary } from '../../generated/types.js';
import { badRequest, notFound } from '../http/apiError.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { countRows, pageWindow } from '../db/paging.js';
import { parseRoleAuth } from '../auth/session.js';
import { logOperation } from './operationLog.js';
import { ADMIN_PERMISSION, anotherAdministrator, LAST_ADMINISTRATOR } from './administrators.js';

const liveRoles = (db: ScopedDb) => db.selectFrom('roles as r').where('r.deleted_at', 'is', null);

async function summaries(db: ScopedDb, only: { id?: number; page?: { limit: number; offset: number } } = {}): Promise<RoleSummary[]> {
  const rows = await liveRoles(db)
    .select([
      'r.id',
      'r.name',
      'r.role_auth',
      (eb) =>
        eb
          .selectFrom('users as u')
          .select((u) => u.fn.countAll<number>().as('n'))
          .whereRef('u.role_id', '=', 'r.id')
          .where('u.deleted_at', 'is', null)
          .as('userCount'),
    ])
    .$if(only.id !== undefined, (q) => q.where('r.id', '=', only.id!))
    .orderBy('r.id')
    .$if(only.page !== undefined, (q) => q.limit(only.page!.limit).offset(only.page!.offset))
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, roleAuth: r.role_auth, userCount: Number(r.userCount ?? 0) }));
}

async function summaryOf(db: ScopedDb, id: number): Promise<RoleSummary> {
  const [role] = await summaries(db, { id });
  return role!;
}

async function liveRole(db: ScopedDb, id: number) {
  const role = await db.selectFrom('roles').select(['id', 'name', 'role_auth']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!role) throw notFound('角色不存在');
  return role;
}

/** The name trimmed, refused when blank or another live role of the organisation has it. */
async function freeName(db: ScopedDb, name: string, renamed?: number): Promise<string> {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('请输入角色名称');
  const clash = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', trimmed)
    .where('deleted_at', 'is', null)
    .$if(renamed !== undefined, (q) => q.where('id', '!=', renamed!))
    .executeTakeFirst();
  if (clash) throw badRequest(`角色名称“${trimmed}”已存在`);
  return trimmed;
}

/** The keys as a role's roleAuth text, in the permission tree's order; a key the tree lacks is refused by name. */
function roleAuthOf(ctx: TenantContext, keys: readonly string[]): string {
  const known = ctx.pages.permissionKeys;
  const unknown = keys.find((k) => !known.includes(k));
  if (unknown !== undefined) throw badRequest(`权限键“${unknown}”不存在`);
  const chosen = new Set(keys);
  return known.filter((k) => chosen.has(k)).join(',');
}

const keyChanges = (before: string, after: string) => {
  const [was, is] = [parseRoleAuth(before), parseRoleAuth(after)];
  return { added: [...is].filter((k) => !was.has(k)), removed: [...was].filter((k) => !is.has(k)) };
};

export const roleHandlers: HandlersOf<'role'> = {
  'role.list': async (body, ctx) => {
    const page = body.pageNo !== undefined || body.pageSize !== undefined ? pageWindow(body, 20) : undefined;
    const [list, count] = await Promise.all([summaries(ctx.db, { page }), countRows(liveRoles(ctx.db))]);
    return { list, count };
  },

  'role.permissionTree': async (_body, ctx) => ({ tree: ctx.pages.permissionTree }),

  'role.save': async (body, ctx) => {
    if (body.id === undefined) {
      if (body.name === undefined) throw badRequest('请输入角色名称');
      const name = await freeName(ctx.db, body.name);
      const roleAuth = roleAuthOf(ctx, body.roleAuth ?? []);
      const created = await ctx.db
        .insertInto('roles')
        .values({ org_id: ctx.session.orgId, name, role_auth: roleAuth })
        .returning('id')
        .executeTakeFirstOrThrow();
      await logOperation(ctx, 'role.save', { id: created.id, name, roleAuth, created: true });
      return summaryOf(ctx.db, created.id);
    }
    const role = await liveRole(ctx.db, body.id);
    const name = body.name === undefined ? undefined : await freeName(ctx.db, body.name, role.id);
    const roleAuth = body.roleAuth === undefined ? undefined : roleAuthOf(ctx, body.roleAuth);
    const renamed = name !== undefined && name !== role.name;
    const changed = roleAuth === undefined ? null : keyChanges(role.role_auth, roleAuth);
    const rekeyed = changed !== null && changed.added.length + changed.removed.length > 0;
    if (!renamed && !rekeyed) throw badRequest('没有要修改的内容');
    if (rekeyed && changed.removed.includes(ADMIN_PERMISSION)) {
      if (!(await anotherAdministrator(ctx.db, { roleId: role.id }))) throw badRequest(LAST_ADMINISTRATOR);
    }
    await ctx.db
      .updateTable('roles')
      .set({ ...(renamed ? { name } : {}), ...(rekeyed ? { role_auth: roleAuth } : {}) })
      .where('id', '=', role.id)
      .execute();
    await logOperation(ctx, 'role.save', {
      id: role.id,
      name: name ?? role.name,
      ...(renamed ? { renamedFrom: role.name } : {}),
      ...(rekeyed ? changed : {}),
    });
    return summaryOf(ctx.db, role.id);
  },

  'role.copy': async (body, ctx) => {
    const source = await liveRole(ctx.db, body.id);
    const name = await freeName(ctx.db, body.name);
    const created = await ctx.db
      .insertInto('roles')
      .values({ org_id: ctx.session.orgId, name, role_auth: source.role_auth })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logOperation(ctx, 'role.copy', { id: created.id, name, copiedFrom: source.id });
    return summaryOf(ctx.db, created.id);
  },

  'role.delete': async (body, ctx) => {
    const role = await liveRole(ctx.db, body.id);
    const { n } = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role_id', '=', role.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw badRequest(`角色“${role.name}”仍有 ${Number(n)} 位用户使用，不能删除`);
    await ctx.db.updateTable('roles').set({ deleted_at: new Date() }).where('id', '=', role.id).execute();
    await logOperation(ctx, 'role.delete', { id: role.id, name: role.name });
    return null;
  },
};
