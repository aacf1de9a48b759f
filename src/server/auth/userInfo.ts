import type { Kysely } from 'kysely';
import type { UserInfo } from '../../generated/types.js';
import type { Database } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { ApiError } from '../http/apiError.js';
import { SessionExpiry, SubCode } from '../../shared/envelope.js';

/** The user info of spec 000 §3 for one user. */
export async function loadUserInfo(db: ScopedDb | Kysely<Database>, userId: number): Promise<UserInfo> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .innerJoin('organisations as o', 'o.id', 'u.org_id')
    .select([
      'u.id',
      'u.username',
      'u.display_name',
      'u.phone',
      'u.email',
      'u.mauth',
      'u.must_change_password',
      'u.platform_operator',
      'r.id as roleId',
      'r.name as roleName',
      'r.role_auth',
      'o.id as orgId',
      'o.name as orgName',
      'o.kind as orgKind',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new ApiError(401, SubCode.unauthenticated, SessionExpiry.userMissing);
  return {
    id: row.id,
    username: row.username,
    name: row.display_name,
    phone: row.phone,
    email: row.email,
    mauth: row.mauth,
    mustChangePassword: row.must_change_password,
    platformOperator: row.platform_operator,
    roleName: row.roleName,
    role: { id: row.roleId, name: row.roleName, roleAuth: row.role_auth },
    organisation: { id: row.orgId, name: row.orgName, kind: row.orgKind },
  };
}
