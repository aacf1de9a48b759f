import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AuthLoginRequest, LoginResult } from '../../generated/types.js';
import { SubCode } from '../../shared/envelope.js';
import { ApiError, badRequest } from '../http/apiError.js';
import type { ServerServices } from '../http/context.js';
import { decoyPasswordHash, verifyPassword } from './passwords.js';
import { decodeBase64Password } from './tokens.js';
import { openSession } from './openSession.js';
import { penaltyForFailure } from './loginThrottle.js';
import { assertAccountUsable } from './accountState.js';

const WRONG_CREDENTIALS = '账号或密码错误';

function lockedFor(until: Date): ApiError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new ApiError(423, SubCode.accountLocked, `密码错误次数过多，账号已暂时锁定，请 ${minutes} 分钟后再试`);
}

/**
 * Signs a user in: checks the account, counts wrong passwords (each one past the second answers
 * more slowly; reaching the limit locks the account for a while), then opens a session.
 */
export async function signIn(services: ServerServices, body: AuthLoginRequest, reply: FastifyReply): Promise<LoginResult> {
  const { system, config } = services;
  const password = decodeBase64Password(body.password);
  if (password === null) throw badRequest('请求参数有误：密码不是有效的 base64 编码');

  const user = await system
    .selectFrom('users')
    .select(['id', 'org_id', 'password_hash', 'locked', 'locked_until', 'valid_from', 'valid_until', 'failed_logins'])
    .where('username', '=', body.username.trim())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) {
    await verifyPassword(password, await decoyPasswordHash());
    throw new ApiError(401, SubCode.wrongCredentials, WRONG_CREDENTIALS);
  }

  assertAccountUsable(user);
  if (user.locked_until && new Date(user.locked_until) > new Date()) throw lockedFor(new Date(user.locked_until));

  if (!(await verifyPassword(password, user.password_hash))) {
    // Counted in the database, so every server process sees the same count.
    const counted = await system
      .updateTable('users')
      .set({ failed_logins: sql`failed_logins + 1` })
      .where('id', '=', user.id)
      .returning('failed_logins')
      .executeTakeFirstOrThrow();
    const penalty = penaltyForFailure(counted.failed_logins, config);
    if (penalty.lockUntil) {
      await system.updateTable('users').set({ locked_until: penalty.lockUntil, failed_logins: 0 }).where('id', '=', user.id).execute();
      throw lockedFor(penalty.lockUntil);
    }
    if (penalty.delayMs > 0) await sleep(penalty.delayMs);
    throw new ApiError(401, SubCode.wrongCredentials, `${WRONG_CREDENTIALS}，还可尝试 ${penalty.attemptsLeft} 次`);
  }

  return openSession(system, config, user, reply, 'password');
}
