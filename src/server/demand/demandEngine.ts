import { sql } from 'kysely';
import type { ApproverNode, CopyNode, FlowNode } from '../../shared/approvalFlow/flowModel.js';
import { nodeText } from '../../shared/approvalFlow/flowProblems.js';
import { startNode, walkToNextStop } from '../../shared/approvalFlow/flowWalk.js';
import { formProblems, problemText, type FormNode } from '../../shared/formRules.js';
import type { CaseContext } from '../cases/caseLifecycle.js';
import { badRequest, conflict, forbidden } from '../http/apiError.js';
import { notifyEvent } from '../notify/notifyEvent.js';
import { activeOf, resolvePeople } from './approverRules.js';
import { createCasesOf } from './demandCases.js';
import { SEE_ALL, STATE_TITLES, addParticipants, addTrend, demandLink, userNames, type DemandRow } from './demandStore.js';
import type { ProposalType } from './demandTypes.js';

type PathEntry = { nodeId: string; at: string; userIds?: number[] };

export interface Decision {
  stepId?: number;
  decision: 'approve' | 'reject';
  comment?: string;
  schemeId?: number;
}

const STEP_GONE = '这一步已经处理完毕（提案已进入下一步或已结束），请刷新后查看';

async function nameOf(ctx: CaseContext, userId: number | null): Promise<string> {
  if (userId === null) return '外部提交人';
  return (await userNames(ctx.db, [userId])).get(userId) ?? '';
}

async function tell(ctx: CaseContext, row: DemandRow, event: string, userIds: readonly number[], title: string, content: string): Promise<void> {
  if (userIds.length === 0) return;
  await notifyEvent(ctx.db, { orgId: row.org_id, event, userIds, title, content, link: demandLink(row.id), kind: 'approval' });
}

async function setDemand(
  ctx: CaseContext,
  row: DemandRow,
  set: Partial<Pick<DemandRow, 'state' | 'round' | 'submitter_id' | 'chosen_scheme_id'>> & { submitted_at?: Date | null; decided_at?: Date | null },
) {
  return ctx.db
    .updateTable('demands')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function appendPath(ctx: CaseContext, row: DemandRow, entries: PathEntry[]): Promise<void> {
  await ctx.db
    .updateTable('demand_rounds')
    .set({ path: sql`path || ${JSON.stringify(entries)}::jsonb` })
    .where('demand_id', '=', row.id)
    .where('round', '=', row.round)
    .execute();
}

async function endRound(ctx: CaseContext, row: DemandRow, outcome: 'approved' | 'rejected' | 'withdrawn'): Promise<void> {
  await ctx.db.updateTable('demand_rounds').set({ ended_at: new Date(), outcome }).where('demand_id', '=', row.id).where('round', '=', row.round).execute();
}

/** A copy-to node passed: its recipients become participants and are told. */
async function passCopyNode(ctx: CaseContext, row: DemandRow, type: ProposalType, node: CopyNode): Promise<number[]> {
  const people = await resolvePeople(ctx.db, node.recipients, row.submitter_id);
  await addParticipants(ctx.db, row, people.userIds, 'copy', null);
  const submitter = await nameOf(ctx, row.submitter_id);
  await tell(
    ctx,
    row,
    'approvalCopied',
    people.userIds,
    `抄送：${row.demand_no} ${row.title}`,
    `${submitter}提交的${type.title}“${row.title}”经过“${node.name}”抄送给您，可查看与评论。`,
  );
  return people.userIds;
}

/** An approver node reached: a step waiting for the people its rules name (the administrators when they name nobody), who are told. */
async function openStep(ctx: CaseContext, row: DemandRow, type: ProposalType, node: ApproverNode): Promise<void> {
  const people = await resolvePeople(ctx.db, node.approvers, row.submitter_id);
  if (people.userIds.length === 0) throw badRequest(`${nodeText(node)}找不到审批人，本组织也没有可以代为审批的管理员`);
  const step = await ctx.db
    .insertInto('demand_steps')
    .values({
      org_id: row.org_id,
      demand_id: row.id,
      round: row.round,
      node_id: node.id,
      node_name: node.name,
      mode: node.mode,
      to_admins: people.toAdmins,
      remind_after_hours: node.remindAfterHours ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('demand_step_approvers')
    .values(people.userIds.map((userId) => ({ org_id: row.org_id, demand_id: row.id, step_id: step.id, user_id: userId })))
    .execute();
  const submitter = await nameOf(ctx, row.submitter_id);
  const fallback = people.toAdmins ? '（流程中的审批人在本组织找不到，已转交管理员）' : '';
  await tell(
    ctx,
    row,
    'approvalWaiting',
    people.userIds,
    `待审批：${row.demand_no} ${row.title}`,
    `${submitter}提交的${type.title}“${row.title}”等待您在“${node.name}”审批${node.mode === 'all' ? '（会签，需全部同意）' : ''}${fallback}。`,
  );
}

/**
 * Moves the proposal on from `fromId` by its form data: forks decided, copy-to nodes passed, up to
 * the next approver node (a waiting step) or the end (approved, its cases created). The nodes passed
 * are added to the round's path.
 */
async function advance(ctx: CaseContext, row: DemandRow, type: ProposalType, fromId: string): Promise<DemandRow> {
  const passed = walkToNextStop(type.approvalFlow, fromId, row.form_data);
  const last: FlowNode | undefined = passed[passed.length - 1];
  if (!last || (last.type !== 'approver' && last.type !== 'end')) {
    const at = last ?? type.approvalFlow.nodes.find((n) => n.id === fromId);
    throw badRequest(`提案类型“${type.title}”的审批流程在${at ? nodeText(at) : '发起人'}之后走不下去，请管理员检查流程`);
  }
  const now = new Date().toISOString();
  const entries: PathEntry[] = [];
  for (const node of passed) {
    if (node.type === 'copy') entries.push({ nodeId: node.id, at: now, userIds: await passCopyNode(ctx, row, type, node) });
    else entries.push({ nodeId: node.id, at: now });
  }
  await appendPath(ctx, row, entries);
  if (last.type === 'approver') {
    await openStep(ctx, row, type, last);
    return row;
  }
  const approved = await setDemand(ctx, row, { state: 'approved', decided_at: new Date() });
  await endRound(ctx, approved, 'approved');
  const cases = await createCasesOf(ctx, approved, type);
  const caseText = cases.length > 0 ? `，已建立案件 ${cases.map((c) => c.caseNo).join('、')}` : '';
  await addTrend(ctx.db, approved, ctx.session.userId, 'approved', `审批通过${caseText}`);
  const told = [
    ...new Set([...(approved.submitter_id === null ? [] : [approved.submitter_id]), ...cases.flatMap((c) => (c.handlerId === null ? [] : [c.handlerId]))]),
  ];
  await tell(
    ctx,
    approved,
    'approvalDecided',
    told,
    `提案已通过：${approved.demand_no} ${approved.title}`,
    `${type.title}“${approved.title}”已审批通过${caseText}。`,
  );
  return approved;
}

/**
 * Submits a draft, or a rejected or withdrawn proposal, for approval as a new round: the form must
 * be complete, and the flow of the type version the proposal keeps is walked from its start. A
 * proposal that came through a public link is taken up by whoever submits it.
 */
export async function submitDemand(ctx: CaseContext, row: DemandRow, type: ProposalType): Promise<DemandRow> {
  const { session } = ctx;
  if (row.submitter_id === null) {
    if (!session.permissions.has(SEE_ALL)) throw forbidden('外部提交的提案须由有“查看全部提案”权限的人接手提交');
  } else if (row.submitter_id !== session.userId) throw forbidden('只有发起人可以提交这个提案');
  if (!['draft', 'rejected', 'withdrawn'].includes(row.state)) throw conflict(`提案状态为“${STATE_TITLES[row.state]}”，不能提交审批`);
  const problems = formProblems(type.form as FormNode, row.form_data).map(problemText);
  if (problems.length > 0) throw badRequest(`提案还不能提交：${problems.slice(0, 5).join('；')}`);
  const start = startNode(type.approvalFlow);
  if (!start) throw badRequest(`提案类型“${type.title}”的审批流程没有发起人节点，请管理员检查流程`);
  const takenUp = row.submitter_id === null;
  const submitted = await setDemand(ctx, row, {
    state: 'approving',
    round: row.round + 1,
    submitter_id: session.userId,
    submitted_at: new Date(),
    decided_at: null,
  });
  await ctx.db
    .insertInto('demand_rounds')
    .values({ org_id: row.org_id, demand_id: row.id, round: submitted.round, path: JSON.stringify([{ nodeId: start.id, at: new Date().toISOString() }]) })
    .execute();
  await addTrend(ctx.db, submitted, session.userId, 'submit', `${takenUp ? '接手外部提交的提案并' : ''}提交审批（第 ${submitted.round} 轮）`);
  return advance(ctx, submitted, type, start.id);
}

/** The user's place in the proposal's waiting step, or why they have none (403 not theirs, 409 decided or moved on). */
async function myPendingApproval(ctx: CaseContext, row: DemandRow, stepId: number | undefined) {
  if (row.state !== 'approving') throw conflict(`提案状态为“${STATE_TITLES[row.state]}”，不在审批中`);
  const step = await ctx.db
    .selectFrom('demand_steps')
    .selectAll()
    .where('demand_id', '=', row.id)
    .where('round', '=', row.round)
    .where('state', '=', 'waiting')
    .forUpdate()
    .executeTakeFirst();
  if (!step || (stepId !== undefined && stepId !== step.id)) {
    const mine =
      stepId === undefined
        ? undefined
        : await ctx.db
            .selectFrom('demand_step_approvers')
            .select('id')
            .where('step_id', '=', stepId)
            .where('user_id', '=', ctx.session.userId)
            .executeTakeFirst();
    if (stepId !== undefined && !mine) throw forbidden('您不是这一步的审批人');
    throw conflict(STEP_GONE);
  }
  const mine = await ctx.db
    .selectFrom('demand_step_approvers')
    .selectAll()
    .where('demand_id', '=', row.id)
    .where('user_id', '=', ctx.session.userId)
    .where('step_id', 'in', ctx.db.selectFrom('demand_steps').select('id').where('demand_id', '=', row.id).where('round', '=', row.round))
    .orderBy('id', 'desc')
    .execute();
  const pending = mine.find((a) => a.step_id === step.id && a.decision === 'pending');
  if (pending) return { step, pending };
  const latest = mine[0];
  if (!latest) throw forbidden('您不是这一步的审批人');
  if (latest.decision === 'approved' || latest.decision === 'rejected') throw conflict('您已审批过这一步，不能重复审批');
  if (latest.decision === 'reassigned') throw conflict('您已把这一步转交他人审批');
  if (latest.decision === 'notNeeded') throw conflict('这一步已由其他审批人处理，无需您再审批');
  throw forbidden('您不是这一步的审批人');
}

/**
 * One approver's decision on the waiting step. The proposal's row is locked by the caller, so two
 * decisions on one proposal take turns; the approver's row moves only from pending, so a decision
 * is never taken twice. Either mode: a rejection ends the round; with any-one-of the first approval
 * decides the step, with countersign the last one does; the flow then moves on.
 */
export async function decideDemand(ctx: CaseContext, row: DemandRow, type: ProposalType, input: Decision): Promise<DemandRow> {
  const { db, session } = ctx;
  const { step, pending } = await myPendingApproval(ctx, row, input.stepId);
  const comment = input.comment?.trim() || null;
  if (input.decision === 'reject' && !comment) throw badRequest('驳回时请填写审批意见');
  if (input.schemeId !== undefined) {
    if (input.decision === 'reject') throw badRequest('驳回时不选定方案');
    const scheme = await db.selectFrom('demand_schemes').select('id').where('id', '=', input.schemeId).where('demand_id', '=', row.id).executeTakeFirst();
    if (!scheme) throw badRequest(`方案（编号 ${input.schemeId}）不是这个提案的方案`);
  }
  const now = new Date();
  const taken = await db
    .updateTable('demand_step_approvers')
    .set({ decision: input.decision === 'approve' ? 'approved' : 'rejected', comment, decided_at: now })
    .where('id', '=', pending.id)
    .where('decision', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw conflict('您已审批过这一步，不能重复审批');
  const me = await nameOf(ctx, session.userId);
  const said = comment ? `：${comment}` : '';

  if (input.decision === 'reject') {
    await closeStep(ctx, step.id, 'rejected', now);
    const rejected = await setDemand(ctx, row, { state: 'rejected', decided_at: now });
    await endRound(ctx, rejected, 'rejected');
    await addTrend(db, rejected, session.userId, 'reject', `在“${step.node_name}”驳回${said}`);
    if (rejected.submitter_id !== null) {
      await tell(
        ctx,
        rejected,
        'approvalDecided',
        [rejected.submitter_id],
        `提案被驳回：${rejected.demand_no} ${rejected.title}`,
        `${me}在“${step.node_name}”驳回了您的提案${said}。可修改后再次提交。`,
      );
    }
    return rejected;
  }

  await addTrend(db, row, session.userId, 'approve', `在“${step.node_name}”同意${said}`);
  const chosen = input.schemeId !== undefined ? await setDemand(ctx, row, { chosen_scheme_id: input.schemeId }) : await setDemand(ctx, row, {});
  const left = await db.selectFrom('demand_step_approvers').select('id').where('step_id', '=', step.id).where('decision', '=', 'pending').execute();
  if (step.mode === 'all' && left.length > 0) return chosen;
  await closeStep(ctx, step.id, 'approved', now);
  return advance(ctx, chosen, type, step.node_id);
}

/** Ends a step: those who had not decided need not any more. Only a waiting step ends, once. */
async function closeStep(ctx: CaseContext, stepId: number, state: 'approved' | 'rejected' | 'cancelled', at: Date): Promise<void> {
  const closed = await ctx.db
    .updateTable('demand_steps')
    .set({ state, decided_at: at })
    .where('id', '=', stepId)
    .where('state', '=', 'waiting')
    .returning('id')
    .executeTakeFirst();
  if (!closed) throw conflict(STEP_GONE);
  await ctx.db
    .updateTable('demand_step_approvers')
    .set({ decision: 'notNeeded', decided_at: at })
    .where('step_id', '=', stepId)
    .where('decision', '=', 'pending')
    .execute();
}

/** Hands the user's part of the waiting step to a colleague, with a reason; the colleague is told. */
export async function reassignStep(
  ctx: CaseContext,
  row: DemandRow,
  type: ProposalType,
  input: { stepId?: number; userId: number; reason: string },
): Promise<DemandRow> {
  const { db, session } = ctx;
  const { step, pending } = await myPendingApproval(ctx, row, input.stepId);
  const reason = input.reason.trim();
  if (!reason) throw badRequest('转交理由不能为空');
  if (input.userId === session.userId) throw badRequest('不能转交给自己');
  if ((await activeOf(db, [input.userId])).length === 0) throw badRequest(`转交给的用户（编号 ${input.userId}）不存在或已停用`);
  const names = await userNames(db, [input.userId, session.userId]);
  const already = await db
    .selectFrom('demand_step_approvers')
    .select('id')
    .where('step_id', '=', step.id)
    .where('user_id', '=', input.userId)
    .where('decision', '=', 'pending')
    .executeTakeFirst();
  if (already) throw badRequest(`“${names.get(input.userId)}”已是这一步的审批人`);
  const now = new Date();
  const handed = await db
    .updateTable('demand_step_approvers')
    .set({ decision: 'reassigned', decided_at: now, comment: `转交给${names.get(input.userId)}：${reason}` })
    .where('id', '=', pending.id)
    .where('decision', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  if (!handed) throw conflict('您已审批过这一步，不能再转交');
  await db
    .insertInto('demand_step_approvers')
    .values({
      org_id: row.org_id,
      demand_id: row.id,
      step_id: step.id,
      user_id: input.userId,
      reassigned_from_user_id: session.userId,
      reassign_reason: reason,
    })
    .execute();
  const moved = await setDemand(ctx, row, {});
  await addTrend(db, moved, session.userId, 'reassign', `把“${step.node_name}”的审批转交给${names.get(input.userId)}：${reason}`);
  await tell(
    ctx,
    moved,
    'approvalWaiting',
    [input.userId],
    `待审批：${row.demand_no} ${row.title}`,
    `${names.get(session.userId)}把${type.title}“${row.title}”在“${step.node_name}”的审批转交给您，理由：${reason}。`,
  );
  return moved;
}

/** The submitter takes back a proposal no approver has decided on in this round; those waiting are told. */
export async function withdrawDemand(ctx: CaseContext, row: DemandRow, reason: string | undefined): Promise<DemandRow> {
  const { db, session } = ctx;
  if (row.submitter_id !== session.userId) throw forbidden('只有发起人可以撤回提案');
  if (row.state !== 'approving') throw conflict(`提案状态为“${STATE_TITLES[row.state]}”，不能撤回`);
  const decided = await db
    .selectFrom('demand_step_approvers as a')
    .innerJoin('demand_steps as s', 's.id', 'a.step_id')
    .select('a.id')
    .where('s.demand_id', '=', row.id)
    .where('s.round', '=', row.round)
    .where('a.decision', 'in', ['approved', 'rejected'])
    .executeTakeFirst();
  if (decided) throw conflict('已有审批人作出决定，不能撤回');
  const waiting = await db
    .selectFrom('demand_steps as s')
    .innerJoin('demand_step_approvers as a', 'a.step_id', 's.id')
    .select(['s.id', 'a.user_id'])
    .where('s.demand_id', '=', row.id)
    .where('s.state', '=', 'waiting')
    .where('a.decision', '=', 'pending')
    .execute();
  const now = new Date();
  for (const stepId of new Set(waiting.map((w) => w.id))) await closeStep(ctx, stepId, 'cancelled', now);
  const withdrawn = await setDemand(ctx, row, { state: 'withdrawn', decided_at: null });
  await endRound(ctx, withdrawn, 'withdrawn');
  const why = reason?.trim() ? `：${reason.trim()}` : '';
  await addTrend(db, withdrawn, session.userId, 'withdraw', `撤回提案${why}`);
  await tell(
    ctx,
    withdrawn,
    'approvalDecided',
    waiting.map((w) => w.user_id),
    `提案已撤回：${row.demand_no} ${row.title}`,
    `${await nameOf(ctx, session.userId)}撤回了提案“${row.title}”${why}，无需再审批。`,
  );
  return withdrawn;
}
