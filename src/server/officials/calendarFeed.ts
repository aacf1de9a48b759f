import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createEvents, type EventAttributes } from 'ics';
import type { Database } from '../db/tables.js';
import { withOrganisation, type ScopedDb } from '../db/tenantScope.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { deadlineTitle, LETTERS_PAGE, type DeadlineKind } from './deadlineReminders.js';

export const CALENDAR_FEED_PATH = '/api/calendar';

/** Deadlines passed longer ago than this drop out of the feed (a pending letter's stay while they are recent). */
const PAST_DAYS = 90;
/** A feed's events at most: calendar apps poll it, and a bigger one helps no one. */
const MAX_EVENTS = 3000;

type DateParts = [number, number, number];

const asDate = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);

function dayParts(date: string, plusDays = 0): DateParts {
  const day = new Date(Date.parse(`${date}T00:00:00Z`) + plusDays * 86_400_000);
  return [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
}

/** An all-day event on `date`. */
function allDay(uid: string, date: string, title: string, description: string, url?: string): EventAttributes {
  return { uid, start: dayParts(date), end: dayParts(date, 1), title, description, ...(url ? { url } : {}) };
}

/**
 * The deadlines of one user: the official and handling deadlines of the pending letters they are
 * responsible for (see responsibleUsers; a user the organisation copies on deadline reminders sees
 * all of them), and the current stage deadlines of the open cases they handle.
 */
async function userDeadlines(db: ScopedDb, userId: number, today: string, origin: string): Promise<EventAttributes[]> {
  const since = asDate(new Date(Date.parse(`${today}T00:00:00Z`) - PAST_DAYS * 86_400_000));
  const copied = await db
    .selectFrom('message_channels')
    .select('event')
    .where('event', '=', 'deadlineReminder')
    .where(sql<boolean>`${userId} = any(copy_user_ids)`)
    .executeTakeFirst();
  const letters = await db
    .selectFrom('official_documents as d')
    .leftJoin('brand_archives as a', 'a.id', 'd.brand_archive_id')
    .leftJoin('cases as c', (join) => join.onRef('c.id', '=', 'd.case_id').on('c.deleted_at', 'is', null))
    .select(['d.id', 'd.business', 'd.document_type', 'd.app_no', 'd.official_limit', 'd.handling_limit', 'a.tm_name'])
    .where('d.status', '=', 0)
    .where((eb) => eb.or([eb('d.official_limit', '>=', since), eb('d.handling_limit', '>=', since)]))
    .$if(!copied, (q) =>
      q.where((eb) =>
        eb.or([
          eb('d.created_by', '=', userId),
          eb('c.handler_user_id', '=', userId),
          eb('a.owner_user_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('user_enterprises as ue')
              .innerJoin('enterprises as e', 'e.id', 'ue.enterprise_id')
              .select('ue.user_id')
              .where('ue.user_id', '=', userId)
              .where((inner) =>
                inner.or([
                  inner('e.id', '=', inner.ref('c.enterprise_id')),
                  inner.and([inner('a.applicant_cn', '<>', ''), inner('e.applicant_name', '=', inner.ref('a.applicant_cn'))]),
                ]),
              ),
          ),
        ]),
      ),
    )
    .orderBy('d.id')
    .limit(MAX_EVENTS)
    .execute();
  const events: EventAttributes[] = [];
  for (const letter of letters) {
    const deadlines: [DeadlineKind, unknown][] = [
      ['official', letter.official_limit],
      ['handling', letter.handling_limit],
    ];
    for (const [kind, value] of deadlines) {
      if (!value) continue;
      const date = asDate(value);
      if (date < since) continue;
      events.push(
        allDay(
          `official-${letter.id}-${kind}@ipm`,
          date,
          deadlineTitle(kind, letter.document_type, letter.tm_name ?? '', letter.app_no),
          `官文“${letter.document_type}”，申请号 ${letter.app_no || '--'}。办理后将官文标为已处理，此期限即从日历中移除。`,
          `${origin}${LETTERS_PAGE[letter.business] ?? LETTERS_PAGE.trademark}`,
        ),
      );
    }
  }
  const stages = await db
    .selectFrom('case_stage_records as r')
    .innerJoin('cases as c', 'c.id', 'r.case_id')
    .select(['r.id', 'r.stage_title', 'r.deadline', 'c.case_no', 'c.tm_name'])
    .where('r.left_at', 'is', null)
    .where('r.deadline', '>=', since)
    .where('c.deleted_at', 'is', null)
    .where('c.result', 'is', null)
    .where('c.handler_user_id', '=', userId)
    .orderBy('r.id')
    .limit(MAX_EVENTS)
    .execute();
  for (const stage of stages) {
    events.push(
      allDay(
        `case-stage-${stage.id}@ipm`,
        asDate(stage.deadline),
        `【案件期限】${[stage.stage_title, stage.tm_name, stage.case_no].filter((part) => part).join(' · ')}`,
        `案件 ${stage.case_no} 的“${stage.stage_title}”阶段办理期限。`,
      ),
    );
  }
  return events.slice(0, MAX_EVENTS);
}

/**
 * GET {CALENDAR_FEED_PATH}/{token}.ics: a user's deadlines as iCalendar, read without a session by
 * the secret token of calendar_feeds; an unknown or renewed-away token is 404, as is a removed user.
 */
export function registerCalendarFeed(app: FastifyInstance, system: Kysely<Database>, clock: () => Date): void {
  app.get<{ Params: { file: string } }>(`${CALENDAR_FEED_PATH}/:file`, async (request, reply) => {
    const token = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(request.params.file)?.[1];
    const feed = token
      ? await system
          .selectFrom('calendar_feeds as f')
          .innerJoin('users as u', 'u.id', 'f.user_id')
          .select(['f.user_id', 'f.org_id'])
          .where('f.token', '=', token)
          .where('u.deleted_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    reply.header('cache-control', 'no-store');
    if (!feed) return reply.status(404).type('application/json; charset=utf-8').send({ code: 404, message: '订阅地址不存在或已重新生成' });
    const origin = `${request.protocol}://${request.host}`;
    const events = await withOrganisation(system, feed.org_id, (db) => userDeadlines(db, feed.user_id, chinaToday(clock()), origin));
    const calendar = { calName: '期限日历', productId: '-//ipm//deadlines//CN' };
    const { error, value } = createEvents(events, calendar);
    if (error || !value) throw error ?? new Error('生成日历失败');
    return reply.type('text/calendar; charset=utf-8').send(value);
  });
}
