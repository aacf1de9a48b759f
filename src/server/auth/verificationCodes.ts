import { createHash, randomInt } from 'node:crypto';
import type { ScopedDb } from '../db/tenantScope.js';
import { ApiError, badRequest } from '../http/apiError.js';
import { SubCode } from '../../shared/envelope.js';

export const CODE_LIFETIME_SECONDS = 300;
export const RESEND_AFTER_SECONDS = 60;
const MAX_ATTEMPTS = 5;

const digest = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** Issues a six-digit code for one purpose and target; refuses a new one within the resend wait. */
export async function issueCode(db: ScopedDb, orgId: number, userId: number, purpose: string, target: string): Promise<string> {
  const recent = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (recent) {
    const wait = RESEND_AFTER_SECONDS - Math.floor((Date.now() - new Date(recent.created_at).getTime()) / 1000);
    if (wait > 0) throw new ApiError(429, SubCode.validation, `验证码已发送，请 ${wait} 秒后再获取`);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insertInto('verification_codes')
    .values({
      org_id: orgId,
      user_id: userId,
      purpose,
      target,
      code_hash: digest(userId, code),
      expires_at: new Date(Date.now() + CODE_LIFETIME_SECONDS * 1000),
    })
    .execute();
  return code;
}

/** Accepts the latest unused code for the purpose and target once; counts wrong tries. */
export async function consumeCode(db: ScopedDb, userId: number, purpose: string, target: string, code: string): Promise<void> {
  const latest = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!latest || latest.target !== target) throw badRequest('请先获取验证码');
  if (new Date(latest.expires_at) <= new Date()) throw badRequest('验证码已过期，请重新获取');
  if (latest.attempts >= MAX_ATTEMPTS) throw badRequest('验证码错误次数过多，请重新获取');
  if (latest.code_hash !== digest(userId, code)) {
    await db
      .updateTable('verification_codes')
      .set({ attempts: latest.attempts + 1 })
      .where('id', '=', latest.id)
      .execute();
    throw badRequest('验证码不正确');
  }
  await db.updateTable('verification_codes').set({ used_at: new Date() }).where('id', '=', latest.id).execute();
}
