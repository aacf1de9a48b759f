import type { HandlersOf } from '../http/context.js';
import { signIn } from './login.js';
import { TOKEN_COOKIE } from './openSession.js';
import { signInWithTicket } from './sso.js';
import { loadUserInfo } from './userInfo.js';
import { buildMenu } from '../pages/buildMenu.js';
import { toolAddresses } from '../externalTools/toolAddresses.js';

export const authHandlers: HandlersOf<'auth'> = {
  'auth.login': (body, ctx) => signIn(ctx, body, ctx.reply),

  'auth.ssoAuth': (body, ctx) => signInWithTicket(ctx, body.ticket, ctx.reply),

  'auth.logout': async (_body, ctx) => {
    await ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', ctx.session.sessionId).execute();
    await ctx.db
      .insertInto('operation_log')
      .values({ org_id: ctx.session.orgId, user_id: ctx.session.userId, operation: 'auth.logout', client_ip: ctx.request.ip, detail: '{}' })
      .execute();
    ctx.reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return null;
  },

  'auth.getUserInfo': async (_body, ctx) => loadUserInfo(ctx.db, ctx.session.userId),

  'auth.getMenuList': async (_body, ctx) => {
    if (!ctx.session.mauth) return [];
    return buildMenu(await ctx.pages.pagesFor(ctx.db), ctx.session.permissions, await toolAddresses(ctx.db, ctx.config.externalTools));
  },
};
