import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { emailByDefault } from './messageEvents.js';

export interface EventNotice {
  orgId: number;
  /** A value of schemas/dicts/message-events.json. */
  event: string;
  /** The people the event concerns (its assignee, approver, submitter…); the organisation's settings may copy others. */
  userIds: readonly number[];
  title: string;
  content: string;
  /** A path in the product the message leads to. */
  link?: string | null;
  /** The in-product message's kind (the workbench groups by it). */
  kind?: string;
}

/**
 * What an organisation that never saved an event's channels gets: messages in the product, and
 * e-mail too for an event that asks for it (deadline reminders) once an SMTP server is set.
 */
async function defaultChannels(db: Kysely<Database> | ScopedDb, orgId: number, event: string) {
  const email =
    emailByDefault(event) &&
    !!(await db.selectFrom('message_settings').select('smtp_host').where('org_id', '=', orgId).where('smtp_host', 'is not', null).executeTakeFirst());
  return { in_app: true, email, webhook: false, copy_user_ids: [] as number[] };
}

/**
 * Tells the people of an event by the channels the organisation chose for it: the in-product
 * message at once, e-mails and the robot post into the outbox, in the caller's transaction, so a
 * notice is written exactly when the change that causes it is.
 */
export async function notifyEvent(db: Kysely<Database> | ScopedDb, notice: EventNotice): Promise<void> {
  const channels =
    (await db
      .selectFrom('message_channels')
      .select(['in_app', 'email', 'webhook', 'copy_user_ids'])
      .where('org_id', '=', notice.orgId)
      .where('event', '=', notice.event)
      .executeTakeFirst()) ?? (await defaultChannels(db, notice.orgId, notice.event));
  const wanted = [...new Set([...notice.userIds, ...channels.copy_user_ids])];
  const people =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'email'])
          .where('org_id', '=', notice.orgId)
          .where('id', 'in', wanted)
          .where('deleted_at', 'is', null)
          .execute();

  if (channels.in_app && people.length > 0) {
    await db
      .insertInto('messages')
      .values(
        people.map((p) => ({
          org_id: notice.orgId,
          user_id: p.id,
          kind: notice.kind ?? 'notice',
          title: notice.title,
          content: notice.content,
          link: notice.link ?? null,
        })),
      )
      .execute();
  }
  const outgoing = [
    ...(channels.email ? people.filter((p) => p.email).map((p) => ({ channel: 'email' as const, recipient: p.email! })) : []),
    ...(channels.webhook ? [{ channel: 'webhook' as const, recipient: '群机器人' }] : []),
  ];
  if (outgoing.length === 0) return;
  await db
    .insertInto('outbound_messages')
    .values(
      outgoing.map((o) => ({
        org_id: notice.orgId,
        event: notice.event,
        channel: o.channel,
        recipient: o.recipient,
        subject: notice.title,
        body: notice.link ? `${notice.content}\n\n查看：${notice.link}` : notice.content,
      })),
    )
    .execute();
}
