import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { reminderDueAt, reminderPeople, type DateSettings } from '../../shared/customFieldRules.js';
import { toCustomField, type FieldRow } from './fieldDefinitions.js';
import { startPeriodicJob } from '../periodicJob.js';
import { drainInBatches } from '../jobs/drainInBatches.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { notifyEvent } from '../notify/notifyEvent.js';

/** Trademark archive module; its records are brand_archives rows. */
const TRADEMARK_MODULE = 1;
const ARCHIVE_PAGE = '/brandManage/brandRecord';
/** Reminders sent per claim: small batches keep each transaction short. */
const BATCH = 100;

/**
 * Recomputes the pending reminders of one date field (for the given records, or all): unsent
 * rows are replaced by those its current settings and values give. A value whose date has
 * passed gets none; one still ahead whose reminder time has passed is reminded at the next run.
 */
export async function refreshReminders(db: ScopedDb, field: FieldRow, recordIds: number[] | null, now = new Date()): Promise<void> {
  if (field.module_type !== TRADEMARK_MODULE) return;
  if (recordIds !== null && recordIds.length === 0) return;
  let stale = db.deleteFrom('custom_field_reminders').where('field_id', '=', field.id).where('sent_at', 'is', null);
  if (recordIds) stale = stale.where('record_id', 'in', recordIds);
  await stale.execute();
  const settings = field.field_content as DateSettings | null;
  if (field.deleted || field.field_type !== '日期' || !settings?.设置期限提醒) return;
  const people = reminderPeople(settings.人员);
  if (people.length === 0) return;
  const key = String(field.id);
  let records = db
    .selectFrom('brand_archives')
    .select(['id', 'tm_name', 'app_no', sql<string>`custom_values ->> ${key}`.as('value')])
    .where(sql<boolean>`custom_values ? ${key}`);
  if (recordIds) records = records.where('id', 'in', recordIds);
  const today = chinaToday(now);
  const name = toCustomField(field).name;
  const rows = [];
  for (const r of await records.execute()) {
    if (!r.value || r.value.slice(0, 10) < today) continue;
    const dueAt = reminderDueAt(r.value, settings.日期 ?? '当天', settings.时间 ?? '00:00');
    if (!dueAt) continue;
    rows.push({
      org_id: field.org_id,
      field_id: field.id,
      record_id: r.id,
      due_at: dueAt,
      user_ids: people,
      title: `期限提醒：${r.tm_name || r.app_no}的${name}`,
      content: `商标“${r.tm_name}”（申请号 ${r.app_no || '--'}）的${name}为 ${r.value}（${settings.日期 ?? '当天'}提醒）。`,
      link: ARCHIVE_PAGE,
    });
  }
  if (rows.length > 0)
    await db
      .insertInto('custom_field_reminders')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/**
 * Sends the reminders due at `now` as workbench messages, each exactly once: a batch is claimed
 * with FOR UPDATE SKIP LOCKED, so several server processes share the work without sending twice,
 * and marked sent in the same transaction as its messages. Returns how many reminders were sent.
 */
export async function sendDueReminders(system: Kysely<Database>, now: Date): Promise<number> {
  let sent = 0;
  await drainInBatches(BATCH, () =>
    system.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('custom_field_reminders')
        .select(['id', 'org_id', 'user_ids', 'title', 'content', 'link'])
        .where('sent_at', 'is', null)
        .where('due_at', '<=', now)
        .orderBy('due_at')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const reminder of due) {
        // Told by the channels the organisation chose for deadline reminders; only people still in it hear of it.
        await notifyEvent(trx, {
          orgId: reminder.org_id,
          event: 'deadlineReminder',
          userIds: reminder.user_ids,
          title: reminder.title,
          content: reminder.content,
          link: reminder.link,
          kind: 'reminder',
        });
      }
      if (due.length > 0)
        await trx
          .updateTable('custom_field_reminders')
          .set({ sent_at: now })
          .where(
            'id',
            'in',
            due.map((d) => d.id),
          )
          .execute();
      sent += due.length;
      return due.length;
    }),
  );
  return sent;
}

/** The periodic run inside the server; nothing is kept in memory between runs. Returns its stop. */
export function startReminderJob(system: Kysely<Database>, intervalMs: number, clock: () => Date, onError: (err: unknown) => void): () => Promise<void> {
  return startPeriodicJob(() => sendDueReminders(system, clock()), intervalMs, onError);
}
