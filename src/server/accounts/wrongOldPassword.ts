import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest, type ApiError } from '../http/apiError.js';
import { countFailure } from '../auth/loginFailures.js';
import { penaltyForFailure, type ThrottleSettings } from '../auth/loginThrottle.js';
import { lockedFor } from '../auth/login.js';

/**
 * The refusal of a wrong old password on a password change. The count is written after the
 * request's transaction has rolled back (it must survive the refusal), and the answer is held as
 * long as a wrong sign-in's would be; the failure that reaches the limit locks the account.
 */
export async function wrongOldPassword(
  db: ScopedDb,
  system: Kysely<Database>,
  settings: ThrottleSettings,
  user: { id: number; username: string },
): Promise<ApiError> {
  const counted = await db.selectFrom('login_failures').select('failures').where('username', '=', user.username).executeTakeFirst();
  const penalty = penaltyForFailure((counted?.failures ?? 0) + 1, settings);
  const error = penalty.lockUntil ? lockedFor(penalty.lockUntil) : badRequest(`原密码不正确，还可尝试 ${penalty.attemptsLeft} 次`);
  error.afterRollback = async () => {
    const done = await countFailure(system, user.username, settings, user.id);
    if (done.delayMs > 0) await sleep(done.delayMs);
  };
  return error;
}
