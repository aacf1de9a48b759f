import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { penaltyForFailure, type FailedLoginPenalty, type ThrottleSettings } from './loginThrottle.js';

/** A username's count is forgotten after a day without a wrong password, so the table stays small. */
const FORGET_AFTER = '1 day';

/**
 * Wrong passwords are counted per typed username in `login_failures`, the same way whether or not
 * the account exists: an unknown name answers, slows down and locks exactly as a known one.
 * Counted in the database, so every server process sees the same count.
 */
export async function lockedUntil(system: Kysely<Database>, username: string, now = new Date()): Promise<Date | null> {
  const row = await system.selectFrom('login_failures').select('locked_until').where('username', '=', username).executeTakeFirst();
  return row?.locked_until && new Date(row.locked_until) > now ? new Date(row.locked_until) : null;
}

export async function countFailure(system: Kysely<Database>, username: string, settings: ThrottleSettings, userId: number | null): Promise<FailedLoginPenalty> {
  await system
    .deleteFrom('login_failures')
    .where('last_failed_at', '<', sql<Date>`now() - ${FORGET_AFTER}::interval`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .execute();
  const counted = await system
    .insertInto('login_failures')
    .values({ username, failures: 1 })
    .onConflict((oc) => oc.column('username').doUpdateSet({ failures: sql`login_failures.failures + 1`, last_failed_at: sql`now()` }))
    .returning('failures')
    .executeTakeFirstOrThrow();
  const penalty = penaltyForFailure(counted.failures, settings);
  if (penalty.lockUntil) {
    await system.updateTable('login_failures').set({ locked_until: penalty.lockUntil, failures: 0 }).where('username', '=', username).execute();
    // An existing account's open sessions end with the lock as well (auth/session.ts).
    if (userId !== null) await system.updateTable('users').set({ locked_until: penalty.lockUntil }).where('id', '=', userId).execute();
  }
  return penalty;
}

export async function forgetFailures(system: Kysely<Database>, username: string): Promise<void> {
  await system.deleteFrom('login_failures').where('username', '=', username).execute();
}
