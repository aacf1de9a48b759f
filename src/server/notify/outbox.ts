import { sql, type Kysely, type Selectable } from 'kysely';
import { createTransport } from 'nodemailer';
import type { Database, MessageSettingsTable } from '../db/tables.js';
import { robotAccepted, robotRequest, type RobotKind } from './robotWebhook.js';
import type { CredentialCipher } from '../auth/credentialCipher.js';
import { openChannelSecret } from './channelSecrets.js';
import { drainInBatches } from '../jobs/drainInBatches.js';

/** Claimed messages per run: each is sent outside any transaction. */
const BATCH = 20;
/** A claimed message not settled within this is claimed again (its sender died): sent at least once. */
const LEASE_MS = 5 * 60_000;
/** The wait after the 1st, 2nd… failed attempt; after the last, the message is marked failed and stays listed. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 60 * 60_000];
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
const SEND_TIMEOUT_MS = 10_000;

interface OutboundRow {
  id: number;
  org_id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

type Settings = Omit<Selectable<MessageSettingsTable>, 'org_id' | 'updated_by' | 'updated_at'>;

type ClaimedMessage = OutboundRow & Partial<Settings>;

async function claimDue(system: Kysely<Database>, now: Date): Promise<ClaimedMessage[]> {
  const claimed = await sql<OutboundRow>`
    with due as (
      select id from outbound_messages
      where status = 'pending' and next_attempt_at <= ${now}
      order by next_attempt_at
      limit ${BATCH}
      for update skip locked
    )
    update outbound_messages m
    set attempts = m.attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
    from due
    where m.id = due.id
    returning m.id, m.org_id, m.channel, m.recipient, m.subject, m.body, m.attempts
  `.execute(system);
  if (claimed.rows.length === 0) return [];
  const settings = await system
    .selectFrom('message_settings')
    .select(['org_id', 'smtp_host', 'smtp_port', 'smtp_secure', 'smtp_user', 'smtp_password', 'smtp_from', 'webhook_kind', 'webhook_url', 'webhook_secret'])
    .where('org_id', 'in', [...new Set(claimed.rows.map((r) => r.org_id))])
    .execute();
  const byOrg = new Map(settings.map((s) => [s.org_id, s]));
  return claimed.rows.map((row) => ({ ...byOrg.get(row.org_id), ...row }));
}

async function sendEmail(m: ClaimedMessage, credentials: CredentialCipher): Promise<void> {
  if (!m.smtp_host || !m.smtp_port || !m.smtp_from) throw new Error('未设置邮件服务器（SMTP）');
  const transport = createTransport({
    host: m.smtp_host,
    port: m.smtp_port,
    secure: m.smtp_secure ?? false,
    auth: m.smtp_user ? { user: m.smtp_user, pass: openChannelSecret(credentials, m.org_id, 'smtp_password', m.smtp_password) ?? '' } : undefined,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: m.smtp_from, to: m.recipient, subject: m.subject, text: m.body });
  } finally {
    transport.close();
  }
}

async function postToRobot(m: ClaimedMessage, credentials: CredentialCipher, now: Date): Promise<void> {
  if (!m.webhook_kind || !m.webhook_url) throw new Error('未设置群机器人');
  const kind = m.webhook_kind as RobotKind;
  const request = robotRequest(
    kind,
    m.webhook_url,
    openChannelSecret(credentials, m.org_id, 'webhook_secret', m.webhook_secret),
    `${m.subject}\n${m.body}`,
    now,
  );
  const res = await fetch(request.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`群机器人返回 HTTP ${res.status}`);
  const refused = robotAccepted(kind, await res.json().catch(() => ({})));
  if (refused) throw new Error(refused);
}

function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

/**
 * Sends the outbox's due e-mails and robot posts. Each is claimed for a lease in a short
 * transaction (FOR UPDATE SKIP LOCKED, so several servers share the work), sent outside it, then
 * marked sent, or put back with a growing wait and the reason, or after the last attempt marked
 * failed: never dropped. Returns how many were sent.
 */
export async function deliverDueMessages(system: Kysely<Database>, credentials: CredentialCipher, now = new Date()): Promise<number> {
  let sent = 0;
  await drainInBatches(BATCH, async () => {
    const claimed = await claimDue(system, now);
    for (const m of claimed) {
      try {
        if (m.channel === 'email') await sendEmail(m, credentials);
        else await postToRobot(m, credentials, now);
        await system.updateTable('outbound_messages').set({ status: 'sent', sent_at: new Date(), last_error: null }).where('id', '=', m.id).execute();
        sent++;
      } catch (err) {
        const last = m.attempts >= MAX_ATTEMPTS;
        await system
          .updateTable('outbound_messages')
          .set({
            status: last ? 'failed' : 'pending',
            last_error: reasonOf(err),
            next_attempt_at: new Date(now.getTime() + (BACKOFF_MS[m.attempts - 1] ?? 0)),
          })
          .where('id', '=', m.id)
          .execute();
      }
    }
    return claimed.length;
  });
  return sent;
}
