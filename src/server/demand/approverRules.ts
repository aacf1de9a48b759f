import { sql } from 'kysely';
import type { ApproverRule } from '../../shared/approvalFlow/flowModel.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { departmentHeadOf } from '../departments/departmentHead.js';
import { parseRoleAuth } from '../auth/session.js';
import { ADMIN_PERMISSION } from '../accounts/administrators.js';

/** People a node's rules found: none found means the organisation's administrators decide, and the flow chart says so. */
export interface ResolvedPeople {
  userIds: number[];
  toAdmins: boolean;
}

/** Users who may sign in and act now: not deleted, authorised, not locked, within their validity period. */
function activeUsers(db: ScopedDb) {
  return db
    .selectFrom('users')
    .where('users.deleted_at', 'is', null)
    .where('users.mauth', '=', true)
    .where('users.locked', '=', false)
    .where((eb) => eb.or([eb('users.valid_until', 'is', null), eb('users.valid_until', '>', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('users.valid_from', 'is', null), eb('users.valid_from', '<=', sql<Date>`now()`)]));
}

/** Of these users, those active now, in the order given. */
export async function activeOf(db: ScopedDb, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await activeUsers(db)
        .select('id')
        .where('id', 'in', [...new Set(ids)])
        .execute()
    ).map((r) => r.id),
  );
  return [...new Set(ids)].filter((id) => found.has(id));
}

/** The organisation's administrators (holders of “用户与配置”) who are active, by id. */
export async function organisationAdmins(db: ScopedDb): Promise<number[]> {
  const rows = await activeUsers(db)
    .innerJoin('roles as r', 'r.id', 'users.role_id')
    .select(['users.id', 'r.role_auth'])
    .where('r.deleted_at', 'is', null)
    .orderBy('users.id')
    .execute();
  return rows.filter((r) => parseRoleAuth(r.role_auth).has(ADMIN_PERMISSION)).map((r) => r.id);
}

/** The submitter's superiors, level 1 being the head of their department, each next level the head above the last found. */
async function superiors(db: ScopedDb, submitterId: number, levels: number): Promise<number[]> {
  const chain: number[] = [];
  let at = submitterId;
  for (let level = 0; level < levels; level++) {
    const head = await departmentHeadOf(db, at);
    if (head === null || head === submitterId || chain.includes(head)) break;
    chain.push(head);
    at = head;
  }
  return chain;
}

async function peopleOfRule(db: ScopedDb, rule: ApproverRule, submitterId: number | null): Promise<number[]> {
  switch (rule.kind) {
    case 'user':
      return activeOf(db, [rule.userId]);
    case 'role': {
      const members = await activeUsers(db)
        .innerJoin('roles as r', 'r.id', 'users.role_id')
        .select('users.id')
        .where('r.id', '=', rule.roleId)
        .where('r.deleted_at', 'is', null)
        .orderBy('users.id')
        .execute();
      return members.map((m) => m.id);
    }
    case 'departmentHead': {
      if (rule.departmentId === undefined) {
        const head = submitterId === null ? null : await departmentHeadOf(db, submitterId);
        return head === null ? [] : activeOf(db, [head]);
      }
      const department = await db.selectFrom('departments').select('head_user_id').where('id', '=', rule.departmentId).executeTakeFirst();
      return department?.head_user_id ? activeOf(db, [department.head_user_id]) : [];
    }
    case 'superior':
      return submitterId === null ? [] : activeOf(db, await superiors(db, submitterId, rule.levels));
  }
}

/**
 * The people an approver or copy-to node's rules name for this submitter, each once, in the rules'
 * order. A node whose rules find nobody active (no department head, a role without members, a
 * user who left) falls to the organisation's administrators, so a proposal never waits on nobody.
 */
export async function resolvePeople(db: ScopedDb, rules: readonly ApproverRule[], submitterId: number | null): Promise<ResolvedPeople> {
  const found: number[] = [];
  for (const rule of rules) for (const id of await peopleOfRule(db, rule, submitterId)) if (!found.includes(id)) found.push(id);
  if (found.length > 0) return { userIds: found, toAdmins: false };
  return { userIds: await organisationAdmins(db), toAdmins: true };
}
