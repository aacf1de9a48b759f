import { randomBytes } from 'node:crypto';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { CALENDAR_FEED_PATH } from './calendarFeed.js';

/** 192 random bits: the address is the only key to the feed. */
const newToken = () => randomBytes(24).toString('base64url');

function feedOf(ctx: TenantContext, row: { token: string; created_at: Date | string }) {
  const origin = `${ctx.request.protocol}://${ctx.request.host}`;
  return { url: `${origin}${CALENDAR_FEED_PATH}/${row.token}.ics`, createdAt: new Date(row.created_at).toISOString() };
}

export const calendarFeedHandlers: HandlersOf<'calendarFeed'> = {
  'calendarFeed.get': async (_body, ctx) => {
    await ctx.db
      .insertInto('calendar_feeds')
      .values({ org_id: ctx.session.orgId, user_id: ctx.session.userId, token: newToken() })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const row = await ctx.db.selectFrom('calendar_feeds').select(['token', 'created_at']).where('user_id', '=', ctx.session.userId).executeTakeFirstOrThrow();
    return feedOf(ctx, row);
  },

  'calendarFeed.renew': async (_body, ctx) => {
    const values = { token: newToken(), created_at: new Date() };
    const row = await ctx.db
      .insertInto('calendar_feeds')
      .values({ org_id: ctx.session.orgId, user_id: ctx.session.userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .returning(['token', 'created_at'])
      .executeTakeFirstOrThrow();
    return feedOf(ctx, row);
  },
};
