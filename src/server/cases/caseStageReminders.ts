import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { withOrganisation } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { REMINDER_LEADS } from '../../shared/customFieldRules.js';
import { addMonths, chinaToday, daysBetween } from '../../shared/trademarkDates.js';
import { DEFAULT_REMINDER_SETTINGS, owedLead } from '../officials/deadlineReminders.js';
import { notifyEvent } from '../notify/notifyEvent.js';
import { startPeriodicJob } from '../periodicJob.js';
import { caseTypeVersion } from './caseTypes.js';

/** Stage records looked at per page of a run. */
const PAGE = 500;

interface OpenStage {
  id: number;
  org_id: number;
  stage_title: string;
  deadline: string;
  case_id: number;
  case_no: string;
  case_type: string;
  type_version_id: number | null;
  tm_name: string | null;
  handler_user_id: number | null;
  leads: string[] | null;
  reminder_time: string | null;
}

const asDate = (value: unknown): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/** "【案件期限】驳回复审 · 星辰 · TM2026000012": a stage deadline's title, in a message and in the calendar. */
export function caseStageDeadlineTitle(stageTitle: string, markName: string | null, caseNo: string): string {
  return `【案件期限】${[stageTitle, markName, caseNo].filter((part) => part).join(' · ')}`;
}

/** Who answers for a case's stage: its handler and the users responsible for its client enterprise. */
async function caseResponsibles(db: Kysely<Database>, caseId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('cases as c')
    .leftJoin('user_enterprises as ue', 'ue.enterprise_id', 'c.enterprise_id')
    .select(['c.handler_user_id', 'ue.user_id'])
    .where('c.id', '=', caseId)
    .execute();
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.handler_user_id !== null) ids.add(row.handler_user_id);
    if (row.user_id !== null) ids.add(row.user_id);
  }
  return [...ids];
}

/** One reminder, claimed by its unique row and told in the same transaction, so it goes out once whichever process gets there first. */
async function sendOne(system: Kysely<Database>, schemas: SchemaLibrary, stage: OpenStage, lead: string, now: Date): Promise<boolean> {
  return withOrganisation(system, stage.org_id, async (db) => {
    // Left the stage, finished or deleted since the page was read: nothing to remind of.
    const open = await db
      .selectFrom('case_stage_records as r')
      .innerJoin('cases as c', 'c.id', 'r.case_id')
      .select('r.id')
      .where('r.id', '=', stage.id)
      .where('r.left_at', 'is', null)
      .where('c.deleted_at', 'is', null)
      .where('c.result', 'is', null)
      .executeTakeFirst();
    if (!open) return false;
    const claimed = await db
      .insertInto('case_stage_reminders')
      .values({ org_id: stage.org_id, stage_record_id: stage.id, deadline: stage.deadline, lead, sent_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return false;
    const people = await caseResponsibles(db, stage.case_id);
    await db.updateTable('case_stage_reminders').set({ user_ids: people }).where('id', '=', claimed.id).execute();
    const type = await caseTypeVersion(db, schemas, stage.case_type, stage.type_version_id);
    const page = type.routes.detail ?? type.routes.apply ?? '/brand/caseList';
    const left = daysBetween(chinaToday(now), stage.deadline);
    const mark = stage.tm_name ? `商标“${stage.tm_name}”` : '';
    await notifyEvent(db, {
      orgId: stage.org_id,
      event: 'deadlineReminder',
      userIds: people,
      title: caseStageDeadlineTitle(stage.stage_title, stage.tm_name, stage.case_no),
      content:
        `${type.title}案件 ${stage.case_no}${mark ? `（${mark}）` : ''}“${stage.stage_title}”阶段的办理期限为 ${stage.deadline}，` +
        (left === 0 ? '就是今天。' : `还有 ${left} 天。`) +
        '案件进入下一阶段或办结后提醒随即停止。',
      link: `${page}?caseNo=${stage.case_no}`,
      kind: 'reminder',
    });
    return true;
  });
}

/**
 * Sends the reminders of open case stages' handling deadlines owed at `now`, with the lead times the
 * organisation set for handling deadlines (消息设置), each once: the rule and the guarantees of the
 * letters' reminders (sendDueDeadlineReminders). A stage left, a case finished or deleted, or a
 * deadline passed is not reminded of. Returns how many reminders were sent.
 */
export async function sendDueCaseStageReminders(system: Kysely<Database>, schemas: SchemaLibrary, now: Date): Promise<number> {
  const today = chinaToday(now);
  const horizon = addMonths(today, 2);
  const leadTimes = REMINDER_LEADS as readonly string[];
  let sent = 0;
  let after = 0;
  for (;;) {
    const page = (await system
      .selectFrom('case_stage_records as r')
      .innerJoin('cases as c', 'c.id', 'r.case_id')
      .leftJoin('message_settings as s', 's.org_id', 'r.org_id')
      .select([
        'r.id',
        'r.org_id',
        'r.stage_title',
        'r.deadline',
        'c.id as case_id',
        'c.case_no',
        'c.case_type',
        'c.type_version_id',
        'c.tm_name',
        'c.handler_user_id',
        's.handling_reminder_leads as leads',
        's.reminder_time',
      ])
      .where('r.left_at', 'is', null)
      .where('r.deadline', '>=', today)
      .where('r.deadline', '<=', horizon)
      .where('c.deleted_at', 'is', null)
      .where('c.result', 'is', null)
      .where('r.id', '>', after)
      .orderBy('r.id')
      .limit(PAGE)
      .execute()) as unknown as OpenStage[];
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    for (const row of page) {
      const stage = { ...row, deadline: asDate(row.deadline) };
      const leads = (stage.leads ?? DEFAULT_REMINDER_SETTINGS.handlingLeads).filter((l) => leadTimes.includes(l));
      const lead = owedLead(stage.deadline, leads, stage.reminder_time ?? DEFAULT_REMINDER_SETTINGS.time, now);
      if (!lead) continue;
      const done = await system
        .selectFrom('case_stage_reminders')
        .select('id')
        .where('stage_record_id', '=', stage.id)
        .where('deadline', '=', stage.deadline)
        .where('lead', '=', lead)
        .executeTakeFirst();
      if (!done && (await sendOne(system, schemas, stage, lead, now))) sent++;
    }
    if (page.length < PAGE) break;
  }
  return sent;
}

/** The periodic run inside the server; nothing is kept in memory between runs. Returns its stop. */
export function startCaseStageReminderJob(
  system: Kysely<Database>,
  schemas: SchemaLibrary,
  intervalMs: number,
  clock: () => Date,
  onError: (err: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(() => sendDueCaseStageReminders(system, schemas, clock()), intervalMs, onError);
}
