import type { HandlersOf } from '../http/context.js';
import { logOperation, type LogContext } from './operationLog.js';
import { badRequest, notFound } from '../http/apiError.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { decodeBase64Password } from '../auth/tokens.js';
import { passwordWeakness } from '../auth/passwordPolicy.js';
import { loadUserInfo } from '../auth/userInfo.js';
import { CODE_LIFETIME_SECONDS, RESEND_AFTER_SECONDS, consumeCode, issueCode } from '../auth/verificationCodes.js';
import { wrongOldPassword } from './wrongOldPassword.js';
import { forgetFailures, lockedUntil } from '../auth/loginFailures.js';
import { lockedFor } from '../auth/login.js';

const PHONE_CHANGE = 'phone-change';

async function setAuthorisation(ctx: LogContext, userId: number, mauth: boolean): Promise<void> {
  if (!mauth && userId === ctx.session.userId) throw badRequest('不能关闭自己的授权');
  const updated = await ctx.db.updateTable('users').set({ mauth }).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound('用户不存在');
  await logOperation(ctx, mauth ? 'account.openAuth' : 'account.closeAuth', { userId });
}

export const accountHandlers: HandlersOf<'account'> = {
  'account.changePassword': async (body, ctx) => {
    const oldPassword = decodeBase64Password(body.oldPassword);
    const newPassword = decodeBase64Password(body.newPassword);
    if (oldPassword === null || newPassword === null) throw badRequest('请求参数有误：密码不是有效的 base64 编码');
    const weakness = passwordWeakness(newPassword);
    if (weakness) throw badRequest(weakness);
    if (newPassword === oldPassword) throw badRequest('新密码不能与原密码相同');
    const user = await ctx.db.selectFrom('users').select(['id', 'username', 'password_hash']).where('id', '=', ctx.session.userId).executeTakeFirstOrThrow();
    // A wrong old password is a guess like a wrong sign-in: counted with the sign-in's, slowed, and locked at the same limit.
    const lockEnds = await lockedUntil(ctx.db, user.username);
    if (lockEnds) throw lockedFor(lockEnds);
    if (!(await verifyPassword(oldPassword, user.password_hash))) throw await wrongOldPassword(ctx.db, ctx.system, ctx.config, user);
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(newPassword), must_change_password: false })
      .where('id', '=', ctx.session.userId)
      .execute();
    await forgetFailures(ctx.db, user.username);
    // Every other device signs in again with the new password.
    await ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', ctx.session.userId)
      .where('id', '!=', ctx.session.sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await logOperation(ctx, 'account.changePassword');
    return null;
  },

  'account.modifyUser': async (body, ctx) => {
    const name = body.name.trim();
    if (!name) throw badRequest('姓名不能为空');
    await ctx.db.updateTable('users').set({ display_name: name }).where('id', '=', ctx.session.userId).execute();
    return loadUserInfo(ctx.db, ctx.session.userId);
  },

  'account.modifyEmail': async (body, ctx) => {
    await ctx.db.updateTable('users').set({ email: body.email.trim().toLowerCase() }).where('id', '=', ctx.session.userId).execute();
    return loadUserInfo(ctx.db, ctx.session.userId);
  },

  'account.sendVerificationCode': async (body, ctx) => {
    const current = await ctx.db.selectFrom('users').select('phone').where('id', '=', ctx.session.userId).executeTakeFirstOrThrow();
    if (current.phone === body.phone) throw badRequest('新手机号与当前手机号相同');
    const code = await issueCode(ctx.db, ctx.session.orgId, ctx.session.userId, PHONE_CHANGE, body.phone);
    await ctx.sms.send(body.phone, `【商标知识产权管理平台】您正在修改手机号，验证码 ${code}，${CODE_LIFETIME_SECONDS / 60} 分钟内有效。`);
    return { expiresInSeconds: CODE_LIFETIME_SECONDS, resendAfterSeconds: RESEND_AFTER_SECONDS };
  },

  'account.modifyPhone': async (body, ctx) => {
    await consumeCode(ctx.db, ctx.session.userId, PHONE_CHANGE, body.phone, body.code);
    await ctx.db.updateTable('users').set({ phone: body.phone }).where('id', '=', ctx.session.userId).execute();
    await logOperation(ctx, 'account.modifyPhone');
    return loadUserInfo(ctx.db, ctx.session.userId);
  },

  'account.openAuth': async (body, ctx) => {
    await setAuthorisation(ctx, body.userId, true);
    return null;
  },

  'account.closeAuth': async (body, ctx) => {
    await setAuthorisation(ctx, body.userId, false);
    return null;
  },
};
