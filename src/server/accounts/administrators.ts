import type { ScopedDb } from '../db/tenantScope.js';
import { parseRoleAuth } from '../auth/session.js';

/** The permission whose holders administer users and roles: an organisation always keeps one active holder. */
export const ADMIN_PERMISSION = 'userManagement';

export const LAST_ADMINISTRATOR = '本组织至少要保留一位拥有“用户与配置”权限的用户';

/**
 * Whether an active user of the organisation holds the administering permission, leaving out one
 * user (about to lose it or be deleted) or every holder of one role (whose keys are about to change).
 */
export async function anotherAdministrator(db: ScopedDb, leavingOut: { userId: number } | { roleId: number }): Promise<boolean> {
  const others = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select('r.role_auth')
    .where('u.deleted_at', 'is', null)
    .$if('userId' in leavingOut, (q) => q.where('u.id', '!=', (leavingOut as { userId: number }).userId))
    .$if('roleId' in leavingOut, (q) => q.where('u.role_id', '!=', (leavingOut as { roleId: number }).roleId))
    .execute();
  return others.some((o) => parseRoleAuth(o.role_auth).has(ADMIN_PERMISSION));
}

/** Whether the role's keys hold the administering permission. */
export async function roleAdministers(db: ScopedDb, roleId: number): Promise<boolean> {
  const role = await db.selectFrom('roles').select('role_auth').where('id', '=', roleId).executeTakeFirst();
  return !!role && parseRoleAuth(role.role_auth).has(ADMIN_PERMISSION);
}
