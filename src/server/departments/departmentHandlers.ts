import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { logOperation } from '../accounts/operationLog.js';
import { departmentTree, withDescendants, type DepartmentRow } from './departmentTree.js';

async function departmentRows(db: ScopedDb): Promise<DepartmentRow[]> {
  return db
    .selectFrom('departments as d')
    .leftJoin('users as h', (join) => join.onRef('h.id', '=', 'd.head_user_id').on('h.deleted_at', 'is', null))
    .select([
      'd.id',
      'd.name',
      'd.parent_id as parentId',
      'h.id as headUserId',
      'h.display_name as headName',
      'd.sort',
      (eb) =>
        eb
          .selectFrom('users as u')
          .select((u) => u.fn.countAll<number>().as('n'))
          .whereRef('u.department_id', '=', 'd.id')
          .where('u.deleted_at', 'is', null)
          .as('memberCount'),
    ])
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, memberCount: Number(row.memberCount ?? 0) })));
}

async function requireActiveUser(db: ScopedDb, userId: number, title: string): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!user) throw badRequest(`${title}不存在或已删除`);
}

async function checkSiblingName(db: ScopedDb, name: string, parentId: number | null, except: number | null): Promise<void> {
  const same = await db
    .selectFrom('departments')
    .select('id')
    .where('name', '=', name)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .$if(except !== null, (q) => q.where('id', '!=', except!))
    .executeTakeFirst();
  if (same) throw badRequest(`同一上级下已有名为“${name}”的部门`);
}

async function savedDepartment(ctx: TenantContext, id: number) {
  const rows = await departmentRows(ctx.db);
  const found = departmentTree(rows);
  const search = (list: typeof found): (typeof found)[number] | undefined => {
    for (const node of list) {
      if (node.id === id) return node;
      const inner = node.children && search(node.children);
      if (inner) return inner;
    }
    return undefined;
  };
  return search(found)!;
}

export const departmentHandlers: HandlersOf<'department'> = {
  'department.list': async (_body, ctx) => ({ list: departmentTree(await departmentRows(ctx.db)) }),

  'department.save': async (body, ctx) => {
    const name = body.name?.trim();
    if (body.name !== undefined && !name) throw badRequest('部门名称不能为空');
    if (body.headUserId) await requireActiveUser(ctx.db, body.headUserId, '负责人');
    if (body.parentId) {
      const parent = await ctx.db.selectFrom('departments').select('id').where('id', '=', body.parentId).executeTakeFirst();
      if (!parent) throw badRequest('上级部门不存在');
    }

    if (body.id === undefined) {
      if (!name) throw badRequest('请输入部门名称');
      const parentId = body.parentId ?? null;
      await checkSiblingName(ctx.db, name, parentId, null);
      const created = await ctx.db
        .insertInto('departments')
        .values({ org_id: ctx.session.orgId, name, parent_id: parentId, head_user_id: body.headUserId ?? null, sort: body.sort ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await logOperation(ctx, 'department.save', { id: created.id, name, created: true });
      return savedDepartment(ctx, created.id);
    }

    const current = await ctx.db.selectFrom('departments').select(['id', 'name', 'parent_id']).where('id', '=', body.id).executeTakeFirst();
    if (!current) throw notFound('部门不存在');
    const parentId = body.parentId === undefined ? current.parent_id : body.parentId;
    if (parentId !== null && body.parentId !== undefined) {
      const rows = await ctx.db.selectFrom('departments').select(['id', 'parent_id as parentId']).execute();
      if (withDescendants(rows, current.id).has(parentId)) throw badRequest('上级部门不能是它自己或它的下级部门');
    }
    await checkSiblingName(ctx.db, name ?? current.name, parentId, current.id);
    const changes = {
      ...(name !== undefined ? { name } : {}),
      ...(body.parentId !== undefined ? { parent_id: body.parentId } : {}),
      ...(body.headUserId !== undefined ? { head_user_id: body.headUserId } : {}),
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
    };
    if (Object.keys(changes).length === 0) throw badRequest('没有要修改的内容');
    await ctx.db.updateTable('departments').set(changes).where('id', '=', current.id).execute();
    await logOperation(ctx, 'department.save', {
      id: current.id,
      ...(name !== undefined ? { name } : {}),
      ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
      ...(body.headUserId !== undefined ? { headUserId: body.headUserId } : {}),
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
    });
    return savedDepartment(ctx, current.id);
  },

  'department.delete': async (body, ctx) => {
    const department = await ctx.db.selectFrom('departments').select(['id', 'name']).where('id', '=', body.id).executeTakeFirst();
    if (!department) throw notFound('部门不存在');
    const child = await ctx.db.selectFrom('departments').select('name').where('parent_id', '=', department.id).executeTakeFirst();
    if (child) throw badRequest(`“${department.name}”下还有部门“${child.name}”，请先删除或移走下级部门`);
    const members = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('department_id', '=', department.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(members.n) > 0) throw badRequest(`“${department.name}”下还有 ${members.n} 位用户，请先把他们调到其他部门`);
    // Deleted users keep their history but not a department that no longer exists.
    await ctx.db.updateTable('users').set({ department_id: null }).where('department_id', '=', department.id).execute();
    await ctx.db.deleteFrom('departments').where('id', '=', department.id).execute();
    await logOperation(ctx, 'department.delete', { id: department.id, name: department.name });
    return null;
  },
};
