import type { Selectable } from 'kysely';
import type { HandlersOf, TenantContext } from '../http/context.js';
import type { MessageChannel, MessageSettings, OutboundMessage } from '../../generated/types.js';
import type { MessageSettingsTable } from '../db/tables.js';
import { badRequest, notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { logOperation } from '../accounts/operationLog.js';
import { messageEventLabel, messageEvents } from '../notify/messageEvents.js';
import { sealChannelSecret, type ChannelSecret } from '../notify/channelSecrets.js';
import { DEFAULT_REMINDER_SETTINGS } from '../officials/deadlineReminders.js';
import { REMINDER_LEADS } from '../../shared/customFieldRules.js';

const NO_SETTINGS: MessageSettings = {
  smtpHost: null,
  smtpPort: null,
  smtpSecure: false,
  smtpUser: null,
  smtpFrom: null,
  webhookKind: null,
  webhookUrl: null,
  smtpPasswordSet: false,
  webhookSecretSet: false,
  officialReminderLeads: [...DEFAULT_REMINDER_SETTINGS.officialLeads],
  handlingReminderLeads: [...DEFAULT_REMINDER_SETTINGS.handlingLeads],
  reminderTime: DEFAULT_REMINDER_SETTINGS.time,
};

function settingsOf(row: Selectable<MessageSettingsTable> | undefined): MessageSettings {
  if (!row) return NO_SETTINGS;
  return {
    smtpHost: row.smtp_host,
    smtpPort: row.smtp_port,
    smtpSecure: row.smtp_secure,
    smtpUser: row.smtp_user,
    smtpFrom: row.smtp_from,
    webhookKind: row.webhook_kind,
    webhookUrl: row.webhook_url,
    smtpPasswordSet: !!row.smtp_password,
    webhookSecretSet: !!row.webhook_secret,
    officialReminderLeads: row.official_reminder_leads as MessageSettings['officialReminderLeads'],
    handlingReminderLeads: row.handling_reminder_leads as MessageSettings['handlingReminderLeads'],
    reminderTime: row.reminder_time as MessageSettings['reminderTime'],
  };
}

async function currentSettings(ctx: TenantContext): Promise<{ channels: MessageChannel[]; settings: MessageSettings }> {
  const [rows, settings] = await Promise.all([
    ctx.db.selectFrom('message_channels').select(['event', 'in_app', 'email', 'webhook', 'copy_user_ids']).execute(),
    ctx.db.selectFrom('message_settings').selectAll().executeTakeFirst(),
  ]);
  const saved = new Map(rows.map((r) => [r.event, r]));
  const channels = messageEvents().map(({ value, label, emailByDefault }) => {
    const row = saved.get(value);
    return {
      event: value,
      label,
      inApp: row?.in_app ?? true,
      // as notifyEvent does for an event never saved
      email: row?.email ?? (emailByDefault && !!settings?.smtp_host),
      webhook: row?.webhook ?? false,
      copyUserIds: row?.copy_user_ids ?? [],
    };
  });
  return { channels, settings: settingsOf(settings) };
}

type ChannelInput = Omit<MessageChannel, 'label'>;

/** Replaces the channels of the events given, after checking that what they use is set up and whom they copy exists. */
async function saveChannels(ctx: TenantContext, channels: readonly ChannelInput[], settings: MessageSettings): Promise<void> {
  if (new Set(channels.map((c) => c.event)).size !== channels.length) throw badRequest('同一事件只能出现一次');
  const copied = [...new Set(channels.flatMap((c) => c.copyUserIds))];
  if (copied.length > 0) {
    const found = await ctx.db.selectFrom('users').select('id').where('id', 'in', copied).where('deleted_at', 'is', null).execute();
    if (found.length !== copied.length) throw badRequest('抄送的用户中有不存在或已删除的用户');
  }
  for (const c of channels) {
    if (c.email && !settings.smtpHost) throw badRequest(`“${messageEventLabel(c.event)}”要发邮件，请先设置邮件服务器（SMTP）`);
    if (c.webhook && !settings.webhookUrl) throw badRequest(`“${messageEventLabel(c.event)}”要发到群机器人，请先设置机器人地址`);
  }
  for (const c of channels) {
    const row = { in_app: c.inApp, email: c.email, webhook: c.webhook, copy_user_ids: [...c.copyUserIds], updated_by: ctx.session.userId };
    await ctx.db
      .insertInto('message_channels')
      .values({ org_id: ctx.session.orgId, event: c.event, ...row })
      .onConflict((oc) => oc.columns(['org_id', 'event']).doUpdateSet({ ...row, updated_at: new Date() }))
      .execute();
  }
}

/** Lead times kept longest first, as the settings show them. */
const longestFirst = (leads: readonly (typeof REMINDER_LEADS)[number][]) => [...leads].sort((a, b) => REMINDER_LEADS.indexOf(b) - REMINDER_LEADS.indexOf(a));

const blankToNull = (text: string | null | undefined) => (text === undefined ? undefined : text?.trim() || null);

export const messageSettingsHandlers: HandlersOf<'messageSettings'> = {
  'messageSettings.get': async (_body, ctx) => currentSettings(ctx),

  'messageSettings.save': async (body, ctx) => {
    const { channels, smtpPassword, webhookSecret, officialReminderLeads, handlingReminderLeads, reminderTime, ...fields } = body;
    const sealed = (column: ChannelSecret, plain: string) => (plain ? sealChannelSecret(ctx.credentials, ctx.session.orgId, column, plain) : null);
    const changes = {
      ...(fields.smtpHost !== undefined ? { smtp_host: blankToNull(fields.smtpHost) } : {}),
      ...(fields.smtpPort !== undefined ? { smtp_port: fields.smtpPort } : {}),
      ...(fields.smtpSecure !== undefined ? { smtp_secure: fields.smtpSecure } : {}),
      ...(fields.smtpUser !== undefined ? { smtp_user: blankToNull(fields.smtpUser) } : {}),
      ...(fields.smtpFrom !== undefined ? { smtp_from: blankToNull(fields.smtpFrom) } : {}),
      ...(fields.webhookKind !== undefined ? { webhook_kind: fields.webhookKind } : {}),
      ...(fields.webhookUrl !== undefined ? { webhook_url: blankToNull(fields.webhookUrl) } : {}),
      ...(smtpPassword !== undefined ? { smtp_password: sealed('smtp_password', smtpPassword) } : {}),
      ...(webhookSecret !== undefined ? { webhook_secret: sealed('webhook_secret', webhookSecret.trim()) } : {}),
      ...(officialReminderLeads !== undefined ? { official_reminder_leads: longestFirst(officialReminderLeads) } : {}),
      ...(handlingReminderLeads !== undefined ? { handling_reminder_leads: longestFirst(handlingReminderLeads) } : {}),
      ...(reminderTime !== undefined ? { reminder_time: reminderTime } : {}),
    };
    if (Object.keys(changes).length === 0 && !channels) throw badRequest('没有要修改的内容');
    if (Object.keys(changes).length > 0) {
      await ctx.db
        .insertInto('message_settings')
        .values({ org_id: ctx.session.orgId, ...changes, updated_by: ctx.session.userId })
        .onConflict((oc) => oc.column('org_id').doUpdateSet({ ...changes, updated_by: ctx.session.userId, updated_at: new Date() }))
        .execute();
    }
    const settings = settingsOf(await ctx.db.selectFrom('message_settings').selectAll().executeTakeFirst());
    if (settings.smtpHost && !settings.smtpPort) throw badRequest('请填写 SMTP 端口');
    if (settings.smtpHost && !settings.smtpFrom) throw badRequest('请填写发件人');
    if (settings.webhookUrl && !settings.webhookKind) throw badRequest('请选择群机器人的类型（企业微信、钉钉或飞书）');

    if (channels) await saveChannels(ctx, channels, settings);
    await logOperation(ctx, 'messageSettings.save', { fields: Object.keys(changes), events: channels?.map((c) => c.event) ?? [] });
    return currentSettings(ctx);
  },

  'messageSettings.saveChannel': async (body, ctx) => {
    await saveChannels(ctx, [body], settingsOf(await ctx.db.selectFrom('message_settings').selectAll().executeTakeFirst()));
    await logOperation(ctx, 'messageSettings.saveChannel', { event: body.event });
    return currentSettings(ctx);
  },

  'messageSettings.outbox': async (body, ctx) => {
    const { limit, offset } = pageWindow(body);
    let rows = ctx.db.selectFrom('outbound_messages');
    if (body.status) rows = rows.where('status', '=', body.status);
    const [list, count] = await Promise.all([
      rows
        .select(['id', 'event', 'channel', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at', 'next_attempt_at'])
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(rows),
    ]);
    return {
      list: list.map((m) => ({
        id: m.id,
        event: m.event as OutboundMessage['event'],
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject,
        status: m.status,
        attempts: m.attempts,
        lastError: m.last_error,
        createdAt: new Date(m.created_at).toISOString(),
        sentAt: m.sent_at ? new Date(m.sent_at).toISOString() : null,
        nextAttemptAt: m.status === 'pending' ? new Date(m.next_attempt_at).toISOString() : null,
      })),
      count,
    };
  },

  'messageSettings.retry': async (body, ctx) => {
    const message = await ctx.db.selectFrom('outbound_messages').select(['id', 'status']).where('id', '=', body.id).executeTakeFirst();
    if (!message) throw notFound('消息不存在');
    if (message.status === 'sent') throw badRequest('这条消息已经发出，不需要重新发送');
    await ctx.db.updateTable('outbound_messages').set({ status: 'pending', attempts: 0, next_attempt_at: new Date() }).where('id', '=', message.id).execute();
    return null;
  },

  'messageSettings.sendTest': async (body, ctx) => {
    const settings = settingsOf(await ctx.db.selectFrom('message_settings').selectAll().executeTakeFirst());
    let recipient = '群机器人';
    if (body.channel === 'email') {
      if (!settings.smtpHost) throw badRequest('请先设置邮件服务器（SMTP）');
      const me = await ctx.db.selectFrom('users').select('email').where('id', '=', ctx.session.userId).executeTakeFirstOrThrow();
      if (!me.email) throw badRequest('您的账号没有邮箱，请先在个人中心填写邮箱');
      recipient = me.email;
    } else if (!settings.webhookUrl) throw badRequest('请先设置群机器人地址');
    await ctx.db
      .insertInto('outbound_messages')
      .values({
        org_id: ctx.session.orgId,
        event: 'test',
        channel: body.channel,
        recipient,
        subject: '测试消息',
        body: '这是一条来自商标知识产权管理平台的测试消息：收到即说明设置正确。',
      })
      .execute();
    return null;
  },
};
