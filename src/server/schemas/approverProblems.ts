import type { JsonSchema } from '../../shared/operation.js';
import type { ApproverRule, FlowNode } from '../../shared/approvalFlow/flowModel.js';
import { nodeText } from '../../shared/approvalFlow/flowProblems.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaProblem } from '../../schemaSource/schemaProblems.js';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The people rules of a node, when the node reads as one (the meta-schema reports those that do not). */
function rulesOf(node: unknown): { node: FlowNode; rules: ApproverRule[]; role: string } | undefined {
  if (!isObject(node) || typeof node.name !== 'string' || typeof node.type !== 'string') return undefined;
  const list = node.type === 'approver' ? node.approvers : node.type === 'copy' ? node.recipients : undefined;
  if (!Array.isArray(list)) return undefined;
  return { node: node as unknown as FlowNode, rules: list.filter(isObject) as unknown as ApproverRule[], role: node.type === 'approver' ? '审批人' : '抄送人' };
}

/**
 * Whether each person an approval flow names can be found in the organisation now: a named user
 * exists and is neither deleted nor disabled, a role exists and has an active member, a named
 * department exists and has a head. The superior and the submitter's department head depend on
 * the submitter and are found when the proposal reaches the node.
 */
export async function approverProblems(db: ScopedDb, kind: string, body: JsonSchema, file: string): Promise<SchemaProblem[]> {
  if (kind !== 'caseTypes' || body.category !== 'proposal' || !isObject(body.approvalFlow) || !Array.isArray(body.approvalFlow.nodes)) return [];
  const nodes = body.approvalFlow.nodes.map(rulesOf);
  const wanted = (kind: ApproverRule['kind'], id: (r: ApproverRule) => unknown) => [
    ...new Set(nodes.flatMap((n) => (n?.rules ?? []).filter((r) => r.kind === kind).map(id)).filter((v): v is number => Number.isInteger(v))),
  ];
  const userIds = wanted('user', (r) => (r as { userId: unknown }).userId);
  const roleIds = wanted('role', (r) => (r as { roleId: unknown }).roleId);
  const departmentIds = wanted('departmentHead', (r) => (r as { departmentId?: unknown }).departmentId);

  const users = userIds.length
    ? await db.selectFrom('users').select(['id', 'display_name', 'deleted_at', 'locked']).where('id', 'in', userIds).execute()
    : [];
  const roles = roleIds.length
    ? await db
        .selectFrom('roles as r')
        .leftJoin('users as u', (join) => join.onRef('u.role_id', '=', 'r.id').on('u.deleted_at', 'is', null).on('u.locked', '=', false))
        .select(['r.id', 'r.name', 'r.deleted_at', (eb) => eb.fn.count<string>('u.id').as('members')])
        .where('r.id', 'in', roleIds)
        .groupBy(['r.id', 'r.name', 'r.deleted_at'])
        .execute()
    : [];
  const departments = departmentIds.length
    ? await db
        .selectFrom('departments as d')
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'd.head_user_id').on('u.deleted_at', 'is', null))
        .select(['d.id', 'd.name', 'u.id as headId'])
        .where('d.id', 'in', departmentIds)
        .execute()
    : [];

  const problems: SchemaProblem[] = [];
  nodes.forEach((entry, i) => {
    if (!entry) return;
    const say = (message: string) => problems.push({ file, at: `/approvalFlow/nodes/${i}`, message: `${nodeText(entry.node)}的${entry.role}${message}` });
    for (const rule of entry.rules) {
      if (rule.kind === 'user') {
        const user = users.find((u) => u.id === rule.userId);
        if (!user) say(`（用户编号 ${rule.userId}）不是本组织的成员`);
        else if (user.deleted_at) say(`“${user.display_name}”已被删除`);
        else if (user.locked) say(`“${user.display_name}”已被停用`);
      } else if (rule.kind === 'role') {
        const role = roles.find((r) => r.id === rule.roleId);
        if (!role || role.deleted_at) say(`的角色（编号 ${rule.roleId}）不存在`);
        else if (Number(role.members) === 0) say(`的角色“${role.name}”没有在职的成员`);
      } else if (rule.kind === 'departmentHead' && rule.departmentId !== undefined) {
        const department = departments.find((d) => d.id === rule.departmentId);
        if (!department) say(`的部门（编号 ${rule.departmentId}）不存在`);
        else if (department.headId === null) say(`的部门“${department.name}”没有负责人`);
      }
    }
  });
  return problems;
}
