import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { notifyEvent } from '../notify/notifyEvent.js';
import { startPeriodicJob } from '../periodicJob.js';
import { demandLink } from './demandStore.js';

const HOUR = 3_600_000;

interface WaitingStep {
  id: number;
  org_id: number;
  demand_id: number;
  node_name: string;
  remind_after_hours: string;
  entered_at: Date;
  demand_no: string;
  title: string;
}

/**
 * Which reminder a step owes at `now`: the number of whole waiting periods (remindAfterHours each)
 * it has waited, 0 before the first has passed. A step reminded in one period is not reminded in
 * it again; a server that was down sends the current period's reminder, not the ones it missed.
 */
export function owedPeriod(enteredAt: Date, remindAfterHours: number, now: Date): number {
  if (!(remindAfterHours > 0)) return 0;
  return Math.floor((now.getTime() - enteredAt.getTime()) / (remindAfterHours * HOUR));
}

/** One reminder, claimed by its (step, period) row in the transaction that tells the approvers still to decide. */
async function remindOnce(system: Kysely<Database>, step: WaitingStep, period: number, now: Date): Promise<boolean> {
  return system.transaction().execute(async (trx) => {
    const waiting = await trx.selectFrom('demand_steps').select('id').where('id', '=', step.id).where('state', '=', 'waiting').executeTakeFirst();
    if (!waiting) return false;
    const claimed = await trx
      .insertInto('demand_step_reminders')
      .values({ org_id: step.org_id, step_id: step.id, period, sent_at: now })
      .onConflict((oc) => oc.columns(['step_id', 'period']).doNothing())
      .returning('step_id')
      .executeTakeFirst();
    if (!claimed) return false;
    const pending = (
      await trx.selectFrom('demand_step_approvers').select('user_id').where('step_id', '=', step.id).where('decision', '=', 'pending').execute()
    ).map((a) => a.user_id);
    await trx.updateTable('demand_step_reminders').set({ user_ids: pending }).where('step_id', '=', step.id).where('period', '=', period).execute();
    const hours = Math.floor((now.getTime() - new Date(step.entered_at).getTime()) / HOUR);
    await notifyEvent(trx, {
      orgId: step.org_id,
      event: 'approvalWaiting',
      userIds: pending,
      title: `催办：${step.demand_no} ${step.title}`,
      content: `提案“${step.title}”在“${step.node_name}”已等待 ${hours} 小时，请尽快审批。`,
      link: demandLink(step.demand_id),
      kind: 'reminder',
    });
    return true;
  });
}

/**
 * Reminds the approvers of every step that has waited longer than its node allows, once per
 * waiting period: the (step, period) row is inserted in the transaction that writes the messages,
 * so a second server process finds it taken. Returns how many reminders were sent.
 */
export async function sendDueApprovalReminders(system: Kysely<Database>, now: Date): Promise<number> {
  const steps = (await system
    .selectFrom('demand_steps as s')
    .innerJoin('demands as d', 'd.id', 's.demand_id')
    .select(['s.id', 's.org_id', 's.demand_id', 's.node_name', 's.remind_after_hours', 's.entered_at', 'd.demand_no', 'd.title'])
    .where('s.state', '=', 'waiting')
    .where('s.remind_after_hours', 'is not', null)
    .where(sql<boolean>`s.entered_at + s.remind_after_hours * interval '1 hour' <= ${now}`)
    .orderBy('s.id')
    .execute()) as WaitingStep[];
  if (steps.length === 0) return 0;
  const sent = await system
    .selectFrom('demand_step_reminders')
    .select(['step_id', 'period'])
    .where(
      'step_id',
      'in',
      steps.map((s) => s.id),
    )
    .execute();
  const taken = new Set(sent.map((r) => `${r.step_id}|${r.period}`));
  let count = 0;
  for (const step of steps) {
    const period = owedPeriod(new Date(step.entered_at), Number(step.remind_after_hours), now);
    if (period < 1 || taken.has(`${step.id}|${period}`)) continue;
    if (await remindOnce(system, step, period, now)) count++;
  }
  return count;
}

/** The periodic run inside the server; nothing is kept in memory between runs. Returns its stop. */
export function startApprovalReminderJob(
  system: Kysely<Database>,
  intervalMs: number,
  clock: () => Date,
  onError: (err: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(() => sendDueApprovalReminders(system, clock()), intervalMs, onError);
}
