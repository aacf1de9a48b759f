import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { AuthLoginRequest, LoginResult } from '../../generated/types.js';
import { SubCode } from '../../shared/envelope.js';
import { ApiError, badRequest } from '../http/apiError.js';
import type { ServerServices } from '../http/context.js';
import { decoyPasswordHash, verifyPassword } from './passwords.js';
import { decodeBase64Password } from './tokens.js';
import { openSession } from './openSession.js';
import { countFailure, forgetFailures, lockedUntil } from './loginFailures.js';
import { assertAccountUsable } from './accountState.js';

const WRONG_CREDENTIALS = '账号或密码错误';

export function lockedFor(until: Date): ApiError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new ApiError(423, SubCode.accountLocked, `密码错误次数过多，账号已暂时锁定，请 ${minutes} 分钟后再试`);
}

/**
 * Signs a user in. A wrong password is answered the same way whether or not the account exists:
 * the same message, status and remaining attempts, counted per typed username (each failure past
 * the second answers more slowly; reaching the limit locks the name for a while). Only with the
 * right password does the reply say more about the account (disabled, outside its validity).
 */
export async function signIn(services: ServerServices, body: AuthLoginRequest, reply: FastifyReply): Promise<LoginResult> {
  const { system, config } = services;
  const password = decodeBase64Password(body.password);
  if (password === null) throw badRequest('请求参数有误：密码不是有效的 base64 编码');
  const username = body.username.trim();

  const user = await system
    .selectFrom('users')
    .select(['id', 'org_id', 'password_hash', 'locked', 'valid_from', 'valid_until'])
    .where('username', '=', username)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

  const lockEnds = await lockedUntil(system, username);
  if (lockEnds) throw lockedFor(lockEnds);

  const passwordRight = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
  if (!user || !passwordRight) {
    const penalty = await countFailure(system, username, config, user?.id ?? null);
    if (penalty.lockUntil) throw lockedFor(penalty.lockUntil);
    if (penalty.delayMs > 0) await sleep(penalty.delayMs);
    throw new ApiError(401, SubCode.wrongCredentials, `${WRONG_CREDENTIALS}，还可尝试 ${penalty.attemptsLeft} 次`);
  }

  assertAccountUsable(user);
  await forgetFailures(system, username);
  return openSession(system, config, user, reply, 'password');
}
