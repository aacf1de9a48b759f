import type { HandlersOf } from '../http/context.js';
import { badRequest } from '../http/apiError.js';

export const displayHandlers: HandlersOf<'display'> = {
  'display.set': async (body, ctx) => {
    try {
      JSON.parse(body.displayContent);
    } catch {
      throw badRequest('偏好内容不是合法的 JSON 文本');
    }
    await ctx.db
      .insertInto('display_preferences')
      .values({ org_id: ctx.session.orgId, user_id: ctx.session.userId, display_type: String(body.displayType), content: body.displayContent })
      .onConflict((oc) => oc.columns(['user_id', 'display_type']).doUpdateSet({ content: body.displayContent, updated_at: new Date() }))
      .execute();
    return null;
  },

  'display.query': async (body, ctx) => {
    const row = await ctx.db
      .selectFrom('display_preferences')
      .select('content')
      .where('user_id', '=', ctx.session.userId)
      .where('display_type', '=', String(body.displayType))
      .executeTakeFirst();
    return row?.content ?? null;
  },
};
