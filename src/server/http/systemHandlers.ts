import { sql } from 'kysely';
import type { HandlersOf } from './context.js';

export const systemHandlers: HandlersOf<'system'> = {
  'system.health': async (_body, ctx) => {
    await sql`select 1`.execute(ctx.system);
    return { status: 'ok', database: ctx.dbKind };
  },
};
