import { sql } from 'kysely';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { hashPassword } from '../auth/passwords.js';
import { decodeBase64Password } from '../auth/tokens.js';
import { passwordWeakness } from '../auth/passwordPolicy.js';
import { allPermissionKeys } from '../pages/permissions.js';

/** Applications one phone may send in a day: enough to correct a mistake, too few to flood the operators. */
const DAILY_LIMIT_PER_PHONE = 3;

function requireOperator(ctx: TenantContext): void {
  if (!ctx.session.platformOperator) throw forbidden('只有平台运营人员可以审核试用申请');
}

async function pendingApplication(ctx: TenantContext, id: number) {
  const application = await ctx.db.selectFrom('trial_applications').selectAll().where('id', '=', id).executeTakeFirst();
  if (!application) throw notFound('申请不存在');
  if (application.status !== 'pending') throw badRequest('这份申请已经审核过了');
  return application;
}

export const trialHandlers: HandlersOf<'trial'> = {
  'trial.apply': async (body, ctx) => {
    const username = body.username.trim();
    const taken = await sql<{ taken: boolean }>`select username_taken(${username}) as taken`.execute(ctx.system);
    if (taken.rows[0]?.taken) throw badRequest(`账号“${username}”已被使用，请换一个`);
    const recent = await ctx.system
      .selectFrom('trial_applications')
      .select(['status', 'username'])
      .where('phone', '=', body.phone)
      .where('created_at', '>', new Date(Date.now() - 86_400_000))
      .execute();
    if (recent.some((r) => r.status === 'pending')) throw badRequest('该手机号已有待审核的申请，审核后会以短信通知您');
    if (recent.length >= DAILY_LIMIT_PER_PHONE) throw badRequest('该手机号今天提交的申请过多，请明天再试');
    const pendingName = await ctx.system
      .selectFrom('trial_applications')
      .select('id')
      .where('username', '=', username)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pendingName) throw badRequest(`账号“${username}”已有人申请，请换一个`);
    const created = await ctx.system
      .insertInto('trial_applications')
      .values({
        company_name: body.companyName.trim(),
        kind: body.kind,
        contact_name: body.contactName.trim(),
        phone: body.phone,
        email: body.email?.trim().toLowerCase() || null,
        username,
        note: body.note?.trim() || null,
        source: body.source,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: created.id };
  },

  'trial.list': async (body, ctx) => {
    requireOperator(ctx);
    const { limit, offset } = pageWindow(body);
    let rows = ctx.db.selectFrom('trial_applications');
    if (body.status) rows = rows.where('status', '=', body.status);
    const [list, count] = await Promise.all([rows.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), countRows(rows)]);
    return {
      list: list.map((a) => ({
        id: a.id,
        companyName: a.company_name,
        kind: a.kind,
        contactName: a.contact_name,
        phone: a.phone,
        email: a.email,
        username: a.username,
        note: a.note,
        status: a.status,
        reason: a.reason,
        decidedAt: a.decided_at ? new Date(a.decided_at).toISOString() : null,
        createdAt: new Date(a.created_at).toISOString(),
      })),
      count,
    };
  },

  'trial.approve': async (body, ctx) => {
    requireOperator(ctx);
    const application = await pendingApplication(ctx, body.id);
    const password = decodeBase64Password(body.firstPassword);
    if (password === null) throw badRequest('请求参数有误：初始密码不是有效的 base64 编码');
    const weakness = passwordWeakness(password);
    if (weakness) throw badRequest(weakness.replace('新密码', '初始密码'));
    const taken = await sql<{ taken: boolean }>`select username_taken(${application.username}) as taken`.execute(ctx.db);
    if (taken.rows[0]?.taken) throw badRequest(`账号“${application.username}”已被使用：请拒绝这份申请并请申请人换一个账号`);
    const created = await sql<{ orgId: number }>`
      select create_trial_organisation(
        ${application.company_name}, ${application.kind}, ${allPermissionKeys().join(',')}, ${application.username},
        ${application.contact_name}, ${application.phone}, ${application.email}, ${await hashPassword(password)}
      ) as "orgId"
    `.execute(ctx.db);
    const orgId = created.rows[0]!.orgId;
    await ctx.db
      .updateTable('trial_applications')
      .set({ status: 'approved', org_id: orgId, decided_by: ctx.session.userId, decided_at: new Date() })
      .where('id', '=', application.id)
      .execute();
    await ctx.sms.send(
      application.phone,
      `【商标知识产权管理平台】您申请的试用已开通：账号 ${application.username}，初始密码 ${password}，首次登录后须修改密码。`,
    );
    return { orgId, username: application.username };
  },

  'trial.reject': async (body, ctx) => {
    requireOperator(ctx);
    const application = await pendingApplication(ctx, body.id);
    const reason = body.reason.trim();
    if (!reason) throw badRequest('请填写原因');
    await ctx.db
      .updateTable('trial_applications')
      .set({ status: 'rejected', reason, decided_by: ctx.session.userId, decided_at: new Date() })
      .where('id', '=', application.id)
      .execute();
    await ctx.sms.send(application.phone, `【商标知识产权管理平台】很抱歉，您的试用申请未通过：${reason}`);
    return null;
  },
};
