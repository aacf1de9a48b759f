import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { withOrganisation } from '../db/tenantScope.js';
import { notifyEvent } from '../notify/notifyEvent.js';
import { startPeriodicJob } from '../periodicJob.js';
import { addDays, chinaToday, daysBetween } from '../../shared/trademarkDates.js';
import { EXPIRING_DAYS, LICENCE_TYPE_TITLES, asDate, type LicenceType } from './licenceStore.js';

/** Licences looked at per page of a run. */
const PAGE = 500;

interface Ending {
  id: number;
  org_id: number;
  licensor: string;
  licensee: string;
  licence_type: LicenceType;
  end_date: string;
  handler_user_id: number | null;
  created_by: number | null;
}

/** One reminder, claimed by its unique row and told in the same transaction, so it goes out once whichever process gets there first. */
async function sendOne(system: Kysely<Database>, licence: Ending, now: Date): Promise<boolean> {
  return withOrganisation(system, licence.org_id, async (db) => {
    // Deleted, or its end moved, since the page was read: the new end date is reminded of in its turn.
    const still = await db.selectFrom('licences').select('end_date').where('id', '=', licence.id).executeTakeFirst();
    if (!still || asDate(still.end_date) !== licence.end_date) return false;
    const people = [...new Set([licence.handler_user_id, licence.created_by].filter((id): id is number => id !== null))];
    const claimed = await db
      .insertInto('licence_reminders')
      .values({ org_id: licence.org_id, licence_id: licence.id, end_date: licence.end_date, user_ids: people, sent_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('licence_id')
      .executeTakeFirst();
    if (!claimed) return false;
    const marks = await db
      .selectFrom('licence_marks as m')
      .innerJoin('brand_archives as b', 'b.id', 'm.brand_id')
      .select('b.tm_name')
      .where('m.licence_id', '=', licence.id)
      .orderBy('m.position')
      .execute();
    const names = marks.map((m) => m.tm_name || '图形').join('、');
    const left = daysBetween(chinaToday(now), licence.end_date);
    await notifyEvent(db, {
      orgId: licence.org_id,
      event: 'deadlineReminder',
      userIds: people,
      title: `【许可到期】${names} · ${licence.licensee}`,
      content:
        `${licence.licensor}许可${licence.licensee}使用商标“${names}”的${LICENCE_TYPE_TITLES[licence.licence_type]}将于 ${licence.end_date} 到期，` +
        (left === 0 ? '就是今天。' : `还有 ${left} 天。`) +
        '如需续签，请及时办理新的许可合同与许可备案。',
      link: `/brand/detailLicense?id=${licence.id}`,
      kind: 'reminder',
    });
    return true;
  });
}

/**
 * Reminds the creator and the handler of each licence ending within EXPIRING_DAYS (China time) of
 * `now`, once per licence and end date; a licence already ended is not reminded of. Returns how
 * many reminders were sent.
 */
export async function sendDueLicenceReminders(system: Kysely<Database>, now: Date): Promise<number> {
  const today = chinaToday(now);
  const horizon = addDays(today, EXPIRING_DAYS);
  let sent = 0;
  let after = 0;
  for (;;) {
    const page = await system
      .selectFrom('licences as l')
      .select(['l.id', 'l.org_id', 'l.licensor', 'l.licensee', 'l.licence_type', 'l.end_date', 'l.handler_user_id', 'l.created_by'])
      .where('l.end_date', '>=', today)
      .where('l.end_date', '<=', horizon)
      .where('l.id', '>', after)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('licence_reminders as r').select('r.licence_id').whereRef('r.licence_id', '=', 'l.id').whereRef('r.end_date', '=', 'l.end_date'),
          ),
        ),
      )
      .orderBy('l.id')
      .limit(PAGE)
      .execute();
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    for (const row of page) if (await sendOne(system, { ...row, end_date: asDate(row.end_date) }, now)) sent++;
    if (page.length < PAGE) break;
  }
  return sent;
}

/** The periodic run inside the server; nothing is kept in memory between runs. Returns its stop. */
export function startLicenceReminderJob(system: Kysely<Database>, intervalMs: number, clock: () => Date, onError: (err: unknown) => void): () => Promise<void> {
  return startPeriodicJob(() => sendDueLicenceReminders(system, clock()), intervalMs, onError);
}
