import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { REMINDER_LEADS, reminderDueAt, type ReminderLead } from '../../shared/customFieldRules.js';
import { addMonths, chinaToday, daysBetween } from '../../shared/trademarkDates.js';
import { notifyEvent } from '../notify/notifyEvent.js';
import { startPeriodicJob } from '../periodicJob.js';

export type DeadlineKind = 'official' | 'handling';

/** What an organisation that never saved its reminder settings gets (message_settings' column defaults). */
export const DEFAULT_REMINDER_SETTINGS = {
  officialLeads: ['提前2周', '提前1周', '提前2天', '当天'] as ReminderLead[],
  handlingLeads: ['提前2周', '提前1周', '提前2天', '当天'] as ReminderLead[],
  time: '09:00' as const,
};

export const DEADLINE_LABEL: Record<DeadlineKind, string> = { official: '官方期限', handling: '办理期限' };

/** The letters list of a business, where a reminder leads. */
export const LETTERS_PAGE: Record<string, string> = { trademark: '/brand/filesAll', copyright: '/copyRight/officeFile' };

/** Letters looked at per page of a run. */
const PAGE = 500;

/** "【官方期限】驳回通知书 · 商标名 · 申请号": the title of a letter's deadline, in a message and in the calendar. */
export function deadlineTitle(kind: DeadlineKind, documentType: string, markName: string, appNo: string): string {
  return `【${DEADLINE_LABEL[kind]}】${[documentType, markName, appNo].filter((part) => part).join(' · ')}`;
}

/**
 * The lead whose reminder is owed for a deadline at `now`: of the leads already due, the one due
 * last. Earlier leads missed (the letter arrived late, or no server ran) are not sent on top of it,
 * so a catch-up sends one reminder, not a burst. Null when none is due or the deadline has passed.
 */
export function owedLead(deadline: string, leads: readonly string[], time: string, now: Date): string | null {
  if (deadline < chinaToday(now)) return null;
  let best: { lead: string; at: number } | null = null;
  for (const lead of leads) {
    const at = reminderDueAt(deadline, lead, time)?.getTime();
    if (at === undefined || at > now.getTime()) continue;
    if (!best || at > best.at) best = { lead, at };
  }
  return best?.lead ?? null;
}

/**
 * The people responsible for a letter: whoever recorded it, the handler of its case, the mark's
 * owner, and the users responsible for the enterprise of its case or of the mark's applicant.
 * The organisation's message settings may copy others (notifyEvent adds them).
 */
export async function responsibleUsers(db: Kysely<Database> | ScopedDb, documentId: number): Promise<number[]> {
  const rows = await sql<{ user_id: number | null }>`
    select d.created_by as user_id from official_documents d where d.id = ${documentId}
    union
    select c.handler_user_id from official_documents d join cases c on c.id = d.case_id and c.deleted_at is null where d.id = ${documentId}
    union
    select a.owner_user_id from official_documents d join brand_archives a on a.id = d.brand_archive_id where d.id = ${documentId}
    union
    select ue.user_id from official_documents d
      join cases c on c.id = d.case_id and c.deleted_at is null
      join user_enterprises ue on ue.enterprise_id = c.enterprise_id
    where d.id = ${documentId}
    union
    select ue.user_id from official_documents d
      join brand_archives a on a.id = d.brand_archive_id and a.applicant_cn <> ''
      join enterprises e on e.org_id = d.org_id and e.applicant_name = a.applicant_cn
      join user_enterprises ue on ue.enterprise_id = e.id
    where d.id = ${documentId}
  `.execute(db);
  return rows.rows.map((r) => r.user_id).filter((id): id is number => id !== null);
}

interface PendingLetter {
  id: number;
  org_id: number;
  business: string;
  document_type: string;
  app_no: string;
  official_limit: string | null;
  handling_limit: string | null;
  tm_name: string | null;
  official_leads: string[] | null;
  handling_leads: string[] | null;
  reminder_time: string | null;
}

interface Owed {
  letter: PendingLetter;
  kind: DeadlineKind;
  deadline: string;
  lead: string;
}

const asDate = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** One reminder: claimed by its unique row and told in the same transaction, so it goes out once whichever process gets there first. */
async function sendOne(system: Kysely<Database>, owed: Owed, now: Date): Promise<boolean> {
  return system.transaction().execute(async (trx) => {
    // Handled or ignored since the page was read: nothing to remind of.
    const pending = await trx.selectFrom('official_documents').select('id').where('id', '=', owed.letter.id).where('status', '=', 0).executeTakeFirst();
    if (!pending) return false;
    const claimed = await trx
      .insertInto('official_deadline_reminders')
      .values({ org_id: owed.letter.org_id, document_id: owed.letter.id, deadline_kind: owed.kind, deadline: owed.deadline, lead: owed.lead, sent_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return false;
    const people = await responsibleUsers(trx, owed.letter.id);
    await trx.updateTable('official_deadline_reminders').set({ user_ids: people }).where('id', '=', claimed.id).execute();
    const { letter } = owed;
    const left = daysBetween(chinaToday(now), owed.deadline);
    const mark = letter.tm_name ? `商标“${letter.tm_name}”，` : '';
    await notifyEvent(trx, {
      orgId: letter.org_id,
      event: 'deadlineReminder',
      userIds: people,
      title: deadlineTitle(owed.kind, letter.document_type, letter.tm_name ?? '', letter.app_no),
      content:
        `官文“${letter.document_type}”（${mark}申请号 ${letter.app_no || '--'}）的${DEADLINE_LABEL[owed.kind]}为 ${owed.deadline}，` +
        (left === 0 ? '就是今天。' : `还有 ${left} 天。`) +
        '办理后请将官文标为已处理，提醒随即停止。',
      link: LETTERS_PAGE[letter.business] ?? LETTERS_PAGE.trademark,
      kind: 'reminder',
    });
    return true;
  });
}

/**
 * Sends the deadline reminders of pending letters owed at `now` (see owedLead), each once: its row
 * in official_deadline_reminders is inserted in the transaction that writes the messages and puts
 * the e-mails in the outbox, and a second process inserting the same row waits and then finds it
 * taken. Nothing is kept between runs, so a restarted server catches up on what fell due while it
 * was down; a letter handled or ignored, or whose deadline has passed, is not reminded of.
 * Returns how many reminders were sent.
 */
export async function sendDueDeadlineReminders(system: Kysely<Database>, now: Date): Promise<number> {
  const today = chinaToday(now);
  // The longest lead is two months: a deadline further away owes nothing yet.
  const horizon = addMonths(today, 2);
  const leadTimes = REMINDER_LEADS as readonly string[];
  let sent = 0;
  let after = 0;
  for (;;) {
    const page = await system
      .selectFrom('official_documents as d')
      .leftJoin('brand_archives as a', 'a.id', 'd.brand_archive_id')
      .leftJoin('message_settings as s', 's.org_id', 'd.org_id')
      .select([
        'd.id',
        'd.org_id',
        'd.business',
        'd.document_type',
        'd.app_no',
        'd.official_limit',
        'd.handling_limit',
        'a.tm_name',
        's.official_reminder_leads as official_leads',
        's.handling_reminder_leads as handling_leads',
        's.reminder_time',
      ])
      .where('d.status', '=', 0)
      .where('d.id', '>', after)
      .where((eb) =>
        eb.or([
          eb.and([eb('d.official_limit', '>=', today), eb('d.official_limit', '<=', horizon)]),
          eb.and([eb('d.handling_limit', '>=', today), eb('d.handling_limit', '<=', horizon)]),
        ]),
      )
      .orderBy('d.id')
      .limit(PAGE)
      .execute();
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;

    const owed: Owed[] = [];
    for (const row of page as PendingLetter[]) {
      const time = row.reminder_time ?? DEFAULT_REMINDER_SETTINGS.time;
      const kinds: [DeadlineKind, string | null, readonly string[]][] = [
        ['official', asDate(row.official_limit), row.official_leads ?? DEFAULT_REMINDER_SETTINGS.officialLeads],
        ['handling', asDate(row.handling_limit), row.handling_leads ?? DEFAULT_REMINDER_SETTINGS.handlingLeads],
      ];
      for (const [kind, deadline, leads] of kinds) {
        if (!deadline) continue;
        const lead = owedLead(
          deadline,
          leads.filter((l) => leadTimes.includes(l)),
          time,
          now,
        );
        if (lead) owed.push({ letter: row, kind, deadline, lead });
      }
    }
    if (owed.length > 0) {
      const done = await system
        .selectFrom('official_deadline_reminders')
        .select(['document_id', 'deadline_kind', 'deadline', 'lead'])
        .where(
          'document_id',
          'in',
          owed.map((o) => o.letter.id),
        )
        .execute();
      const key = (id: number, kind: string, deadline: string, lead: string) => `${id}|${kind}|${deadline}|${lead}`;
      const taken = new Set(done.map((r) => key(r.document_id, r.deadline_kind, asDate(r.deadline)!, r.lead)));
      for (const o of owed) {
        if (taken.has(key(o.letter.id, o.kind, o.deadline, o.lead))) continue;
        if (await sendOne(system, o, now)) sent++;
      }
    }
    if (page.length < PAGE) break;
  }
  return sent;
}

/** The periodic run inside the server; nothing is kept in memory between runs. Returns its stop. */
export function startDeadlineReminderJob(
  system: Kysely<Database>,
  intervalMs: number,
  clock: () => Date,
  onError: (err: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(() => sendDueDeadlineReminders(system, clock()), intervalMs, onError);
}
