import type { ScopedDb } from '../db/tenantScope.js';

/**
 * The head of a user's department, as an approval flow's "head of the submitter's department"
 * resolves it: the department's head; where there is none, or it is the user themself, the head
 * of the department above, and so on up the tree. Null when nobody above the user heads anything.
 */
export async function departmentHeadOf(db: ScopedDb, userId: number): Promise<number | null> {
  const user = await db.selectFrom('users').select('department_id').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!user?.department_id) return null;
  const departments = await db
    .selectFrom('departments as d')
    .leftJoin('users as h', (join) => join.onRef('h.id', '=', 'd.head_user_id').on('h.deleted_at', 'is', null))
    .select(['d.id', 'd.parent_id', 'h.id as headId'])
    .execute();
  const byId = new Map(departments.map((d) => [d.id, d]));
  const seen = new Set<number>();
  for (let at = byId.get(user.department_id); at && !seen.has(at.id); at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
    seen.add(at.id);
    if (at.headId !== null && at.headId !== userId) return at.headId;
  }
  return null;
}
