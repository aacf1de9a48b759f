import type { Session } from '../auth/session.js';
import type { ScopedDb } from '../db/tenantScope.js';

/** Records who did what in the organisation's operation log (/userManage/queryOperateLog). */
export async function logOperation(db: ScopedDb, session: Session, operation: string, detail: object = {}): Promise<void> {
  await db
    .insertInto('operation_log')
    .values({ org_id: session.orgId, user_id: session.userId, operation, detail: JSON.stringify(detail) })
    .execute();
}
