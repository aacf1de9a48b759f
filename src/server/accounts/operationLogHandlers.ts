import { countRows, pageWindow } from '../db/paging.js';
import type { HandlersOf } from '../http/context.js';

export const operationLogHandlers: HandlersOf<'operationLog'> = {
  'operationLog.query': async (body, ctx) => {
    const { limit, offset } = pageWindow(body, 20);
    let base = ctx.db.selectFrom('operation_log as l');
    if (body.operation) base = base.where('l.operation', '=', body.operation);
    const [rows, total] = await Promise.all([
      base
        .leftJoin('users as u', 'u.id', 'l.user_id')
        .select(['l.id', 'u.display_name as userName', 'l.operation', 'l.detail', 'l.created_at'])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(base),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        userName: r.userName,
        operation: r.operation,
        detail: r.detail as Record<string, unknown>,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      count: total,
    };
  },
};
