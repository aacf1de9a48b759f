import { sql } from 'kysely';
import type { TenantContext } from '../http/context.js';
import type {
  EnterpriseBatchMoveRequest,
  EnterpriseBatchMoveResponse,
  EnterpriseDeleteGroupRequest,
  EnterpriseDeleteGroupResponse,
  EnterpriseGroupListResponse,
  EnterpriseGroupManagementRequest,
  EnterpriseGroupManagementResponse,
} from '../../generated/types.js';
import { logOperation } from '../accounts/operationLog.js';
import { badRequest } from '../http/apiError.js';
import { requireGroup } from './enterpriseValues.js';

const UNGROUPED = '未分组';

async function enterpriseCount(ctx: TenantContext, groupId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('enterprises')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The organisation's groups in the order they were made, each with its number of enterprises. */
export async function groupList(ctx: TenantContext): Promise<EnterpriseGroupListResponse> {
  const [groups, counts] = await Promise.all([
    ctx.db.selectFrom('enterprise_groups').select(['id', 'name']).orderBy('id').execute(),
    ctx.db
      .selectFrom('enterprises')
      .select(['group_id', sql<number>`count(*)::int`.as('n')])
      .groupBy('group_id')
      .execute(),
  ]);
  const byGroup = new Map(counts.map((c) => [c.group_id, c.n]));
  return {
    groups: groups.map((g) => ({ id: g.id, name: g.name, count: byGroup.get(g.id) ?? 0 })),
    ungroupedCount: byGroup.get(null) ?? 0,
    total: counts.reduce((sum, c) => sum + c.n, 0),
  };
}

/** A new group, or a group renamed; names are unique within the organisation. */
export async function saveGroup(ctx: TenantContext, body: EnterpriseGroupManagementRequest): Promise<EnterpriseGroupManagementResponse> {
  const name = body.name.trim();
  if (!name) throw badRequest('分组名称不能为空');
  if (name === UNGROUPED) throw badRequest(`分组名称不能是“${UNGROUPED}”`);
  const current = body.id === undefined ? null : await requireGroup(ctx.db, body.id, '分组');
  const clash = await ctx.db
    .selectFrom('enterprise_groups')
    .select('id')
    .where('name', '=', name)
    .$if(current !== null, (q) => q.where('id', '!=', current!.id))
    .executeTakeFirst();
  if (clash) throw badRequest(`分组“${name}”已存在`);
  if (current === null) {
    const made = await ctx.db.insertInto('enterprise_groups').values({ org_id: ctx.session.orgId, name }).returning(['id', 'name']).executeTakeFirstOrThrow();
    await logOperation(ctx, 'enterprise.groupManagement', { id: made.id, name, created: true });
    return { ...made, count: 0 };
  }
  if (name === current.name) return { id: current.id, name, count: await enterpriseCount(ctx, current.id) };
  await ctx.db.updateTable('enterprise_groups').set({ name }).where('id', '=', current.id).execute();
  await logOperation(ctx, 'enterprise.groupManagement', { id: current.id, from: current.name, to: name });
  return { id: current.id, name, count: await enterpriseCount(ctx, current.id) };
}

/** Deletes a group; its enterprises stay, ungrouped. */
export async function deleteGroup(ctx: TenantContext, body: EnterpriseDeleteGroupRequest): Promise<EnterpriseDeleteGroupResponse> {
  const group = await requireGroup(ctx.db, body.id, '分组');
  const moved = await ctx.db.updateTable('enterprises').set({ group_id: null }).where('group_id', '=', group.id).executeTakeFirst();
  await ctx.db.deleteFrom('enterprise_groups').where('id', '=', group.id).execute();
  const ungrouped = Number(moved.numUpdatedRows);
  await logOperation(ctx, 'enterprise.deleteGroup', { id: group.id, name: group.name, ungrouped });
  return { ungrouped };
}

/** Moves enterprises into a group, or out of any; every one of them must be the organisation's, or none moves. */
export async function batchMove(ctx: TenantContext, body: EnterpriseBatchMoveRequest): Promise<EnterpriseBatchMoveResponse> {
  const group = body.groupId === null ? null : await requireGroup(ctx.db, body.groupId, '目标分组');
  const found = await ctx.db.selectFrom('enterprises').select('id').where('id', 'in', body.ids).execute();
  if (found.length !== body.ids.length) {
    const known = new Set(found.map((f) => f.id));
    throw badRequest(`企业不存在：${body.ids.filter((id) => !known.has(id)).join('、')}`);
  }
  await ctx.db
    .updateTable('enterprises')
    .set({ group_id: group?.id ?? null })
    .where('id', 'in', body.ids)
    .execute();
  await logOperation(ctx, 'enterprise.batchMove', { ids: body.ids, groupId: group?.id ?? null, groupName: group?.name ?? null });
  return { moved: body.ids.length, groupName: group?.name ?? UNGROUPED };
}
