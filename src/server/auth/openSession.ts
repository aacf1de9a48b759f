import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginResult } from '../../generated/types.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/tables.js';
import { hashToken, newSessionToken } from './tokens.js';
import { loadUserInfo } from './userInfo.js';

export const TOKEN_COOKIE = 'token';

/** How the operation log says a sign-in was made. */
const SIGN_IN_METHODS = { password: '账号密码', sso: '单点登录' } as const;

/**
 * Opens a session for a user who has proved who they are (password or single sign-on): a token
 * row, the `token` cookie for the configured days, an operation-log line, and the login reply.
 */
export async function openSession(
  system: Kysely<Database>,
  config: ServerConfig,
  user: { id: number; org_id: number },
  reply: FastifyReply,
  method: 'password' | 'sso',
): Promise<LoginResult> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + config.sessionDays * 86_400_000);
  await system.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ failed_logins: 0, locked_until: null }).where('id', '=', user.id).execute();
    await trx
      .insertInto('sessions')
      .values({ org_id: user.org_id, user_id: user.id, token_hash: hashToken(token), expires_at: expiresAt })
      .execute();
    await trx
      .insertInto('operation_log')
      .values({
        org_id: user.org_id,
        user_id: user.id,
        operation: 'auth.login',
        client_ip: reply.request.ip,
        detail: JSON.stringify({ method: SIGN_IN_METHODS[method] }),
      })
      .execute();
  });
  reply.setCookie(TOKEN_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
    expires: expiresAt,
  });
  return { token, expiresAt: expiresAt.toISOString(), userInfo: await loadUserInfo(system, user.id) };
}
