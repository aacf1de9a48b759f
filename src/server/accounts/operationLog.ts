import type { OperationId } from '../../generated/routes.js';
import type { TenantContext } from '../http/context.js';

/** What a log entry is written from: the request's transaction, who is signed in, and the request (its client address). */
export type LogContext = Pick<TenantContext, 'db' | 'session'> & { request: Pick<TenantContext['request'], 'ip'> };

/**
 * Records who did what, from where, in the organisation's operation log (/userManage/queryOperateLog).
 * The operation is an operation id, so the log names it by that operation's summary.
 */
export async function logOperation(ctx: LogContext, operation: OperationId, detail: object = {}): Promise<void> {
  await ctx.db
    .insertInto('operation_log')
    .values({ org_id: ctx.session.orgId, user_id: ctx.session.userId, operation, client_ip: ctx.request.ip, detail: JSON.stringify(detail) })
    .execute();
}
