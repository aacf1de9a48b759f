import type { JsonSchema } from '../../shared/operation.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaProblem } from '../../schemaSource/schemaProblems.js';

/** The designer's own page: a version of it must leave some administrator able to open it. */
export const DESIGNER_PAGE = '/system/designer';
export const DESIGNER_PERMISSION = 'schemaDesigner';

/**
 * A version of the designer page whose menu key no active designer of the organisation holds
 * would lock every administrator out of the designer; it is refused.
 */
export async function designerLockout(db: ScopedDb, kind: string, key: string, body: JsonSchema, file: string): Promise<SchemaProblem[]> {
  if (kind !== 'pages' || key !== DESIGNER_PAGE) return [];
  const menuKey = body.menuKey;
  if (typeof menuKey !== 'string') return [];
  const designers = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select('r.role_auth')
    .where('u.deleted_at', 'is', null)
    .where('u.locked', '=', false)
    .where('u.mauth', '=', true)
    .execute();
  const reachable = designers.some(({ role_auth }) => {
    const keys = new Set(role_auth.split(','));
    return keys.has(DESIGNER_PERMISSION) && keys.has(menuKey);
  });
  return reachable ? [] : [{ file, at: '/menuKey', message: `没有哪位能使用设计器的管理员拥有 ${menuKey} 权限：发布后将无人能打开设计器` }];
}
