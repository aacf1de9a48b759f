import { sql, type ExpressionBuilder } from 'kysely';
import type { OperationTypes } from '../../generated/routes.js';
import { operationTable } from '../../generated/routes.js';
import type { DemandDetail } from '../../generated/types.js';
import type { Database, DemandsTable } from '../db/tables.js';
import type { HandlersOf, PublicContext, TenantContext } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { containsPattern } from '../db/likePattern.js';
import { withOrganisation } from '../db/tenantScope.js';
import { logOperation } from '../accounts/operationLog.js';
import { notifyEvent } from '../notify/notifyEvent.js';
import { receiveMultipart } from '../files/receiveUpload.js';
import { recordUpload } from '../files/recordUpload.js';
import { multipartFieldCheck } from '../http/multipartFields.js';
import { fieldLabeller } from '../http/fieldLabels.js';
import { examinePicture, pictureColumns } from '../trademarks/logoSearch.js';
import { letterReader, visibleLetters } from '../officials/letterAccess.js';
import { addDays } from '../../shared/trademarkDates.js';
import { activeOf } from './approverRules.js';
import { SEE_ALL, STATE_TITLES, addParticipants, addTrend, demandLink, iso, userNames, visibleDemand, visibleTo, type DemandRow } from './demandStore.js';
import { availableProposalTypes, currentProposalType, demandTypeOut, proposalTypeVersion } from './demandTypes.js';
import { demandDetail, demandSummaries, flowChart } from './demandReads.js';
import { checkFiles, checkFormData, checkMarks, insertDemand, setMarks, startDraftProposal } from './demandDrafts.js';
import { decideDemand, reassignStep, submitDemand, withdrawDemand } from './demandEngine.js';
import { LINK_FORGED, limitPublicCalls, limitSubmissions, limitUploads, linkOut, openLink } from './demandLinks.js';

type DemandDb = Database & { d: DemandsTable };
type ListBody = OperationTypes['demand.getDemandList']['request'];

const typeOf = (ctx: TenantContext, row: DemandRow) => proposalTypeVersion(ctx.db, ctx.schemas, row.type_name, row.type_version_id);

async function detailOf(ctx: TenantContext, row: DemandRow): Promise<DemandDetail> {
  return demandDetail(ctx.db, ctx.schemas, row, await typeOf(ctx, row), ctx.session);
}

/** China midnight of a day, as a timestamp. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The visible proposals matching a list's conditions; `view` and `state` may be left out for the counts. */
function listed(ctx: TenantContext, body: ListBody, use: { view: boolean; state: boolean }) {
  const me = ctx.session.userId;
  let q = ctx.db.selectFrom('demands as d').where(visibleTo(ctx.session));
  if (use.view && body.view === 'toApprove') q = q.where((eb) => waitingOn(eb, me));
  if (use.view && body.view === 'submitted') q = q.where('d.submitter_id', '=', me);
  if (use.state && body.state?.length) q = q.where('d.state', 'in', body.state);
  if (body.typeName) q = q.where('d.type_name', '=', body.typeName);
  if (body.brandId) {
    const brandId = body.brandId;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('demand_marks as bm').select('bm.brand_id').whereRef('bm.demand_id', '=', 'd.id').where('bm.brand_id', '=', brandId)),
    );
  }
  const keyword = body.keyword?.trim();
  if (keyword) {
    const like = containsPattern(keyword);
    q = q.where((eb) =>
      eb.or([
        eb('d.demand_no', 'ilike', like),
        eb('d.title', 'ilike', like),
        eb.exists(eb.selectFrom('users as ku').select('ku.id').whereRef('ku.id', '=', 'd.submitter_id').where('ku.display_name', 'ilike', like)),
        eb.exists(
          eb
            .selectFrom('demand_marks as km')
            .innerJoin('brand_archives as kb', 'kb.id', 'km.brand_id')
            .select('km.brand_id')
            .whereRef('km.demand_id', '=', 'd.id')
            .where('kb.tm_name', 'ilike', like),
        ),
      ]),
    );
  }
  const column = body.dateField === 'submittedAt' ? 'd.submitted_at' : body.dateField === 'decidedAt' ? 'd.decided_at' : 'd.created_at';
  if (body.dateFrom) q = q.where(column, '>=', dayStart(body.dateFrom));
  if (body.dateTo) q = q.where(column, '<', dayStart(addDays(body.dateTo, 1)));
  return q;
}

/** The proposal waits on the user: they are an undecided approver of its waiting step. */
function waitingOn(eb: ExpressionBuilder<DemandDb, 'd'>, userId: number) {
  return eb.exists(
    eb
      .selectFrom('demand_step_approvers as wa')
      .innerJoin('demand_steps as ws', 'ws.id', 'wa.step_id')
      .select('wa.id')
      .whereRef('wa.demand_id', '=', 'd.id')
      .where('wa.user_id', '=', userId)
      .where('wa.decision', '=', 'pending')
      .where('ws.state', '=', 'waiting'),
  );
}

async function pageOf(ctx: TenantContext, query: ReturnType<typeof listed>, page: { pageNo?: number; pageSize?: number }, defaultSize: number) {
  const { limit, offset } = pageWindow(page, defaultSize);
  const [rows, count] = await Promise.all([
    query.selectAll('d').orderBy('d.updated_at', 'desc').orderBy('d.id', 'desc').limit(limit).offset(offset).execute(),
    countRows(query.select('d.id')),
  ]);
  return { list: await demandSummaries(ctx.db, ctx.schemas, rows, ctx.session), count };
}

/** The row of a proposal the user may change as its owner: the submitter, or for one that came through a link anyone who sees all. */
function requireOwner(ctx: TenantContext, row: DemandRow, doing: string): void {
  const owner = row.submitter_id === ctx.session.userId || (row.submitter_id === null && ctx.session.permissions.has(SEE_ALL));
  if (!owner) throw forbidden(`只有发起人可以${doing}这个提案`);
}

/** A step id given with a decision must be one of this proposal's steps. */
async function checkStep(ctx: TenantContext, row: DemandRow, stepId: number | undefined): Promise<void> {
  if (stepId === undefined) return;
  const step = await ctx.db.selectFrom('demand_steps').select('id').where('id', '=', stepId).where('demand_id', '=', row.id).executeTakeFirst();
  if (!step) throw badRequest(`审批步骤（编号 ${stepId}）不是这个提案的步骤`);
}

async function checkPeople(ctx: TenantContext, ids: readonly number[], title: string): Promise<void> {
  const active = await activeOf(ctx.db, ids);
  const missing = ids.filter((id) => !active.includes(id));
  if (missing.length > 0) throw badRequest(`${title}（编号 ${missing.join('、')}）不存在或已停用`);
}

/** The upload operation of a public link, for receiving its multipart body in the handler. */
const publicUpload = (() => {
  const op = operationTable.find((o) => o.id === 'demand.publicDemandUpload')!;
  return {
    op,
    check: multipartFieldCheck(
      op.request,
      fieldLabeller(op.request, () => undefined),
    ),
  };
})();

const clientIp = (ctx: PublicContext) => ctx.request.ip || 'unknown';

export const demandHandlers: HandlersOf<'demand'> = {
  'demand.getDemandList': async (body, ctx) => {
    const me = ctx.session.userId;
    const [page, views, states] = await Promise.all([
      pageOf(ctx, listed(ctx, body, { view: true, state: true }), body, 20),
      listed(ctx, body, { view: false, state: true })
        .select((eb) => [
          sql<number>`count(*)::int`.as('all'),
          sql<number>`count(*) filter (where ${waitingOn(eb, me)})::int`.as('toApprove'),
          sql<number>`count(*) filter (where d.submitter_id = ${me})::int`.as('submitted'),
        ])
        .executeTakeFirstOrThrow(),
      listed(ctx, body, { view: true, state: false })
        .select(['d.state', sql<number>`count(*)::int`.as('n')])
        .groupBy('d.state')
        .execute(),
    ]);
    return {
      ...page,
      views: { toApprove: views.toApprove, submitted: views.submitted, all: views.all },
      states: (Object.keys(STATE_TITLES) as DemandRow['state'][]).map((key) => ({ key, count: states.find((s) => s.state === key)?.n ?? 0 })),
    };
  },

  'demand.demandList': async (body, ctx) => {
    const query = listed(ctx, { keyword: body.keyword, typeName: body.typeName, brandId: body.brandId }, { view: false, state: false }).where(
      'd.state',
      '!=',
      'approved',
    );
    return pageOf(ctx, query, body, 20);
  },

  'demand.demandTypes': async (_body, ctx) => ({ list: (await availableProposalTypes(ctx.db, ctx.schemas)).map(demandTypeOut) }),

  'demand.demandDetails': async (body, ctx) => detailOf(ctx, await visibleDemand(ctx.db, ctx.session, body.id)),

  'demand.demandManagement': async (body, ctx) => {
    const files = body.files ?? [];
    await checkMarks(ctx.db, body.brandIds ?? []);
    await checkFiles(ctx.db, files);
    const title = body.title.trim();
    if (!title) throw badRequest('提案标题不能为空');
    if (body.id === undefined) {
      if (!body.typeName) throw badRequest('请选择提案类型');
      const type = await currentProposalType(ctx.db, ctx.schemas, body.typeName);
      checkFormData(type, body.formData, false);
      const row = await insertDemand(ctx.db, ctx.session.orgId, {
        type,
        title,
        formData: body.formData,
        files,
        submitterId: ctx.session.userId,
        source: 'internal',
      });
      await setMarks(ctx.db, row, body.brandIds ?? []);
      await logOperation(ctx, 'demand.demandManagement', { demandNo: row.demand_no, typeName: row.type_name });
      return demandDetail(ctx.db, ctx.schemas, row, type, ctx.session);
    }
    const existing = await visibleDemand(ctx.db, ctx.session, body.id, true);
    if (body.typeName && body.typeName !== existing.type_name) throw badRequest('提案类型不能更换，请新建一个提案');
    requireOwner(ctx, existing, '修改');
    if (!['draft', 'rejected', 'withdrawn'].includes(existing.state)) throw conflict(`提案状态为“${STATE_TITLES[existing.state]}”，不能修改`);
    const type = await typeOf(ctx, existing);
    checkFormData(type, body.formData, false);
    const row = await ctx.db
      .updateTable('demands')
      .set({ title, form_data: JSON.stringify(body.formData), files: JSON.stringify(files), updated_at: new Date() })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (body.brandIds !== undefined) await setMarks(ctx.db, row, body.brandIds);
    await addTrend(ctx.db, row, ctx.session.userId, 'update', '修改了提案');
    await logOperation(ctx, 'demand.demandManagement', { demandNo: row.demand_no });
    return demandDetail(ctx.db, ctx.schemas, row, type, ctx.session);
  },

  'demand.delDemand': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id, true);
    requireOwner(ctx, row, '删除');
    if (row.state !== 'draft' && row.state !== 'withdrawn') throw conflict(`提案状态为“${STATE_TITLES[row.state]}”，只有草稿和已撤回的提案可以删除`);
    await ctx.db.deleteFrom('demands').where('id', '=', row.id).execute();
    await logOperation(ctx, 'demand.delDemand', { demandNo: row.demand_no, title: row.title });
    return null;
  },

  'demand.submitForApproval': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id, true);
    const submitted = await submitDemand(ctx, row, await typeOf(ctx, row));
    await logOperation(ctx, 'demand.submitForApproval', { demandNo: row.demand_no, round: submitted.round });
    return detailOf(ctx, submitted);
  },

  'demand.withdrawDemand': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id, true);
    const withdrawn = await withdrawDemand(ctx, row, body.reason);
    await logOperation(ctx, 'demand.withdrawDemand', { demandNo: row.demand_no });
    return detailOf(ctx, withdrawn);
  },

  'demand.demandApproval': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id, true);
    await checkStep(ctx, row, body.stepId);
    if (body.schemeId !== undefined) {
      const scheme = await ctx.db.selectFrom('demand_schemes').select('id').where('id', '=', body.schemeId).where('demand_id', '=', row.id).executeTakeFirst();
      if (!scheme) throw badRequest(`方案（编号 ${body.schemeId}）不是这个提案的方案`);
    }
    const decided = await decideDemand(ctx, row, await typeOf(ctx, row), body);
    await logOperation(ctx, 'demand.demandApproval', { demandNo: row.demand_no, decision: body.decision });
    return detailOf(ctx, decided);
  },

  'demand.demandReassign': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id, true);
    await checkStep(ctx, row, body.stepId);
    await checkPeople(ctx, [body.userId], '转交给的用户');
    const moved = await reassignStep(ctx, row, await typeOf(ctx, row), body);
    await logOperation(ctx, 'demand.demandReassign', { demandNo: row.demand_no, userId: body.userId });
    return detailOf(ctx, moved);
  },

  'demand.addParticipants': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id, true);
    await checkPeople(ctx, body.userIds, '参与人');
    const added = await addParticipants(ctx.db, row, body.userIds, 'participant', ctx.session.userId);
    if (added.length > 0) {
      const names = await userNames(ctx.db, [...added, ctx.session.userId]);
      await addTrend(ctx.db, row, ctx.session.userId, 'participants', `添加参与人 ${added.map((id) => names.get(id)).join('、')}`);
      await notifyEvent(ctx.db, {
        orgId: row.org_id,
        event: 'commentMention',
        userIds: added.filter((id) => id !== ctx.session.userId),
        kind: 'comment',
        title: `${names.get(ctx.session.userId)}邀请您参与提案 ${row.demand_no}`,
        content: `提案“${row.title}”，您可以查看与评论。`,
        link: demandLink(row.id),
      });
      await ctx.db.updateTable('demands').set({ updated_at: new Date() }).where('id', '=', row.id).execute();
    }
    const participants = await ctx.db
      .selectFrom('demand_participants as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.id', 'u.display_name'])
      .where('p.demand_id', '=', row.id)
      .orderBy('p.created_at')
      .orderBy('u.id')
      .execute();
    return { participants: participants.map((p) => ({ id: p.id, name: p.display_name })) };
  },

  'demand.demandFlowChart': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id);
    if (body.round !== undefined && body.round > row.round) throw badRequest(`提交轮次 ${body.round} 不存在：这个提案共提交了 ${row.round} 轮`);
    return flowChart(ctx.db, row, await typeOf(ctx, row), body.round);
  },

  'demand.proxyAnalysisSub': async (body, ctx) => {
    const files = body.files ?? [];
    await checkFiles(ctx.db, files, '方案附件');
    const row = await visibleDemand(ctx.db, ctx.session, body.id, true);
    if (row.state === 'approved') throw conflict('提案已审批通过，不能再提交方案');
    const title = body.title.trim();
    const content = body.content.trim();
    if (!title) throw badRequest('方案名称不能为空');
    if (!content) throw badRequest('方案内容不能为空');
    const scheme = await ctx.db
      .insertInto('demand_schemes')
      .values({
        org_id: row.org_id,
        demand_id: row.id,
        kind: body.kind,
        title,
        content,
        fee: body.fee ?? null,
        files: JSON.stringify(files),
        submitted_by: ctx.session.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const names = await userNames(ctx.db, [ctx.session.userId]);
    await addTrend(ctx.db, row, ctx.session.userId, 'scheme', `提交${body.kind === 'analysis' ? '分析' : '申请'}方案“${title}”`);
    await ctx.db.updateTable('demands').set({ updated_at: new Date() }).where('id', '=', row.id).execute();
    if (row.submitter_id !== null && row.submitter_id !== ctx.session.userId) {
      await notifyEvent(ctx.db, {
        orgId: row.org_id,
        event: 'commentMention',
        userIds: [row.submitter_id],
        kind: 'comment',
        title: `提案 ${row.demand_no} 收到新方案`,
        content: `${names.get(ctx.session.userId)}在提案“${row.title}”上提交了方案“${title}”。`,
        link: demandLink(row.id),
      });
    }
    return {
      id: scheme.id,
      kind: scheme.kind,
      title: scheme.title,
      content: scheme.content,
      fee: scheme.fee === null ? null : Number(scheme.fee),
      files: scheme.files,
      submitterName: names.get(ctx.session.userId) ?? '',
      createdAt: iso(scheme.created_at)!,
      chosen: false,
    };
  },

  'demand.schemeList': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id);
    const schemes = await ctx.db
      .selectFrom('demand_schemes as s')
      .leftJoin('users as u', 'u.id', 's.submitted_by')
      .selectAll('s')
      .select('u.display_name')
      .where('s.demand_id', '=', row.id)
      .orderBy('s.id')
      .execute();
    return {
      list: schemes.map((s) => ({
        id: s.id,
        kind: s.kind,
        title: s.title,
        content: s.content,
        fee: s.fee === null ? null : Number(s.fee),
        files: s.files,
        submitterName: s.display_name ?? '',
        createdAt: iso(s.created_at)!,
        chosen: row.chosen_scheme_id === s.id,
      })),
    };
  },

  'demand.queryByTmInfo': async (body, ctx) => pageOf(ctx, listed(ctx, { brandId: body.brandId }, { view: false, state: false }), body, 10),

  'demand.addOfficialToDemand': async (body, ctx) => {
    const reader = letterReader(ctx.session);
    const letter = await (
      await visibleLetters(ctx.db, reader, reader.businesses)
    )
      .leftJoin('brand_archives as b', 'b.id', 'd.brand_archive_id')
      .select(['d.id', 'd.document_type', 'd.app_no', 'd.receive_date', 'd.official_limit', 'd.brand_archive_id', 'b.tm_name'])
      .where('d.id', '=', body.officialId)
      .executeTakeFirst();
    if (!letter) throw notFound(`官文（编号 ${body.officialId}）不存在或无权查看`);
    if ((body.demandId === undefined) === (body.typeName === undefined)) throw badRequest('请选择要加入的提案，或选择提案类型新建一个（二者选一）');
    let row: DemandRow;
    if (body.demandId !== undefined) {
      row = await visibleDemand(ctx.db, ctx.session, body.demandId, true);
      if (row.state === 'approved') throw conflict('提案已审批通过，不能再加入官文');
      const already = await ctx.db
        .selectFrom('demand_letters')
        .select('document_id')
        .where('demand_id', '=', row.id)
        .where('document_id', '=', letter.id)
        .executeTakeFirst();
      if (already) throw conflict(`这份官文已在提案 ${row.demand_no} 中`);
    } else {
      const title = body.title?.trim() || `${letter.document_type}${letter.tm_name ? `（${letter.tm_name}）` : letter.app_no ? `（${letter.app_no}）` : ''}`;
      row = await startDraftProposal(ctx.db, ctx.schemas, ctx.session, body.typeName!, title, {
        officialId: letter.id,
        letterType: letter.document_type,
        appNo: letter.app_no,
        receiveDate: letter.receive_date ? String(letter.receive_date).slice(0, 10) : undefined,
        officialDeadline: letter.official_limit ? String(letter.official_limit).slice(0, 10) : undefined,
        tmName: letter.tm_name ?? undefined,
        brandId: letter.brand_archive_id ?? undefined,
      });
    }
    await ctx.db.insertInto('demand_letters').values({ org_id: row.org_id, demand_id: row.id, document_id: letter.id, added_by: ctx.session.userId }).execute();
    if (letter.brand_archive_id !== null) {
      const position = await ctx.db
        .selectFrom('demand_marks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('demand_id', '=', row.id)
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('demand_marks')
        .values({ org_id: row.org_id, demand_id: row.id, brand_id: letter.brand_archive_id, position: Number(position.n) })
        .onConflict((oc) => oc.columns(['demand_id', 'brand_id']).doNothing())
        .execute();
    }
    await addTrend(ctx.db, row, ctx.session.userId, 'letter', `加入官文“${letter.document_type}”（申请号 ${letter.app_no || '--'}）`);
    row = await ctx.db.updateTable('demands').set({ updated_at: new Date() }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    await logOperation(ctx, 'demand.addOfficialToDemand', { demandNo: row.demand_no, officialId: letter.id });
    return detailOf(ctx, row);
  },

  'demand.demandComments': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id);
    const comments = await ctx.db
      .selectFrom('demand_comments as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.content', 'c.user_id', 'c.mentioned_user_ids', 'c.created_at', 'u.display_name'])
      .where('c.demand_id', '=', row.id)
      .orderBy('c.id')
      .execute();
    const names = await userNames(
      ctx.db,
      comments.flatMap((c) => c.mentioned_user_ids),
    );
    return {
      list: comments.map((c) => ({
        id: c.id,
        content: c.content,
        userId: c.user_id,
        userName: c.display_name ?? '',
        mentions: c.mentioned_user_ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
        createdAt: iso(c.created_at)!,
      })),
    };
  },

  'demand.sendDemandComment': async (body, ctx) => {
    const ids = [...new Set(body.mentionIds ?? [])];
    await checkPeople(ctx, ids, '提及的人');
    const row = await visibleDemand(ctx.db, ctx.session, body.id);
    const content = body.content.trim();
    if (!content) throw badRequest('评论内容不能为空');
    const comment = await ctx.db
      .insertInto('demand_comments')
      .values({ org_id: row.org_id, demand_id: row.id, user_id: ctx.session.userId, content, mentioned_user_ids: ids })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const names = await userNames(ctx.db, [...ids, ctx.session.userId]);
    const mentionText = ids.length ? `，提及 ${ids.map((id) => `@${names.get(id)}`).join(' ')}` : '';
    await addTrend(ctx.db, row, ctx.session.userId, 'comment', `发表评论${mentionText}`);
    const others = ids.filter((id) => id !== ctx.session.userId);
    // Someone mentioned may not have been able to see the proposal: now they take part in it.
    await addParticipants(ctx.db, row, others, 'mention', ctx.session.userId);
    if (others.length > 0) {
      await notifyEvent(ctx.db, {
        orgId: row.org_id,
        event: 'commentMention',
        userIds: others,
        kind: 'comment',
        title: `${names.get(ctx.session.userId)}在提案 ${row.demand_no} 中提到了您`,
        content: content.length > 200 ? `${content.slice(0, 200)}…` : content,
        link: demandLink(row.id),
      });
    }
    return {
      id: comment.id,
      content,
      userId: ctx.session.userId,
      userName: names.get(ctx.session.userId) ?? '',
      mentions: ids.map((id) => ({ id, name: names.get(id) ?? '' })),
      createdAt: iso(comment.created_at)!,
    };
  },

  'demand.demandTrends': async (body, ctx) => {
    const row = await visibleDemand(ctx.db, ctx.session, body.id);
    const { limit, offset } = pageWindow(body, 20);
    const base = ctx.db.selectFrom('demand_trends as t').where('t.demand_id', '=', row.id);
    const [rows, count] = await Promise.all([
      base
        .leftJoin('users as u', 'u.id', 't.user_id')
        .select(['t.id', 't.action', 't.content', 't.created_at', 'u.display_name'])
        .orderBy('t.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(base.select('t.id')),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        action: r.action,
        actionTitle: TREND_TITLES[r.action] ?? r.action,
        content: r.content,
        userName: r.display_name ?? (r.action === 'create' ? '外部提交人' : ''),
        createdAt: iso(r.created_at)!,
      })),
      count,
    };
  },

  'demand.demandLinks': async (_body, ctx) => {
    const links = await ctx.db
      .selectFrom('demand_links as l')
      .leftJoin('users as u', 'u.id', 'l.created_by')
      .selectAll('l')
      .select('u.display_name')
      .select((eb) =>
        eb
          .selectFrom('demands as d')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('d.link_id', '=', 'l.id')
          .as('submissions'),
      )
      .orderBy('l.id', 'desc')
      .execute();
    return { list: links.map((l) => linkOut(ctx.credentials, l, l.display_name ?? '', l.submissions ?? 0)) };
  },

  'demand.createDemandLink': async (body, ctx) => {
    const title = body.title.trim();
    if (!title) throw badRequest('链接名称不能为空');
    for (const name of body.typeNames) await currentProposalType(ctx.db, ctx.schemas, name);
    const link = await ctx.db
      .insertInto('demand_links')
      .values({
        org_id: ctx.session.orgId,
        title,
        type_names: body.typeNames,
        // Whole seconds: the token carries the expiry in seconds.
        expires_at: new Date(Math.floor(Date.now() / 1000) * 1000 + body.validDays * 86_400_000),
        created_by: ctx.session.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await logOperation(ctx, 'demand.createDemandLink', { id: link.id, title, typeNames: body.typeNames, validDays: body.validDays });
    return linkOut(ctx.credentials, link, (await userNames(ctx.db, [ctx.session.userId])).get(ctx.session.userId) ?? '', 0);
  },

  'demand.revokeDemandLink': async (body, ctx) => {
    const link = await ctx.db.selectFrom('demand_links').selectAll().where('id', '=', body.id).forUpdate().executeTakeFirst();
    if (!link) throw notFound(`外部链接（编号 ${body.id}）不存在`);
    const revoked = link.revoked_at
      ? link
      : await ctx.db.updateTable('demand_links').set({ revoked_at: new Date() }).where('id', '=', link.id).returningAll().executeTakeFirstOrThrow();
    await logOperation(ctx, 'demand.revokeDemandLink', { id: link.id, title: link.title });
    const [creator, count] = await Promise.all([
      userNames(ctx.db, link.created_by === null ? [] : [link.created_by]),
      ctx.db
        .selectFrom('demands')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('link_id', '=', link.id)
        .executeTakeFirstOrThrow(),
    ]);
    return linkOut(ctx.credentials, revoked, link.created_by === null ? '' : (creator.get(link.created_by) ?? ''), count.n);
  },

  'demand.publicDemandForm': async (body, ctx) => {
    limitPublicCalls(ctx.system, clientIp(ctx));
    const link = await openLink(ctx.system, ctx.credentials, body.token);
    const types = await withOrganisation(ctx.system, link.org_id, async (db) => {
      const out = [];
      for (const name of link.type_names) {
        try {
          out.push(demandTypeOut(await currentProposalType(db, ctx.schemas, name)));
        } catch {
          // A type withdrawn since the link was made is not offered.
        }
      }
      return out;
    });
    return { title: link.title, expiresAt: new Date(link.expires_at).toISOString(), types };
  },

  'demand.publicDemandUpload': async (_body, ctx) => {
    const ip = clientIp(ctx);
    limitPublicCalls(ctx.system, ip);
    let link: Awaited<ReturnType<typeof openLink>> | undefined;
    const received = await receiveMultipart(
      ctx.request,
      ctx,
      async (fields) => {
        link = await openLink(ctx.system, ctx.credentials, fields.token ?? '');
        await withOrganisation(ctx.system, link.org_id, (db) => limitUploads(db, link!, ip));
        return link.org_id;
      },
      publicUpload.op,
      publicUpload.check,
    );
    if (!link || !received.upload) throw notFound(LINK_FORGED);
    const { name, extension, stored } = received.upload;
    const picture = pictureColumns(await examinePicture(ctx.files, stored.path, extension));
    const opened = link;
    return withOrganisation(ctx.system, opened.org_id, async (db) => {
      const file = await recordUpload({ db, files: ctx.files, session: { orgId: opened.org_id, userId: null } }, name, extension, stored, picture);
      await db.insertInto('demand_link_uploads').values({ org_id: opened.org_id, link_id: opened.id, path: file.path, client_ip: ip }).execute();
      return file;
    });
  },

  'demand.publicDemandSubmit': async (body, ctx) => {
    const ip = clientIp(ctx);
    limitPublicCalls(ctx.system, ip);
    const link = await openLink(ctx.system, ctx.credentials, body.token);
    if (!link.type_names.includes(body.typeName)) throw badRequest(`这个链接不能提交该提案类型（${body.typeName}）`);
    return withOrganisation(ctx.system, link.org_id, async (db) => {
      await limitSubmissions(db, link, ip);
      const files = body.files ?? [];
      const paths = [...new Set(files.map((f) => f.filePath))];
      if (paths.length > 0) {
        const uploaded = new Set(
          (await db.selectFrom('demand_link_uploads').select('path').where('link_id', '=', link.id).where('path', 'in', paths).execute()).map((r) => r.path),
        );
        const missing = paths.find((p) => !uploaded.has(p));
        if (missing !== undefined) throw badRequest(`附件“${missing}”不是经这个链接上传的文件，请重新上传`);
      }
      const type = await currentProposalType(db, ctx.schemas, body.typeName);
      checkFormData(type, body.formData, true);
      const title = body.title.trim();
      if (!title) throw badRequest('提案标题不能为空');
      const contactName = body.contactName.trim();
      if (!contactName) throw badRequest('联系人不能为空');
      const row = await insertDemand(db, link.org_id, {
        type,
        title,
        formData: body.formData,
        files,
        submitterId: null,
        source: 'link',
        linkId: link.id,
        contact: { name: contactName, phone: body.contactPhone?.trim() || null, email: body.contactEmail?.trim() || null },
        clientIp: ip,
      });
      const takers = await db
        .selectFrom('users as u')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .select(['u.id', 'r.role_auth'])
        .where('u.deleted_at', 'is', null)
        .execute();
      await notifyEvent(db, {
        orgId: link.org_id,
        event: 'approvalWaiting',
        userIds: takers.filter((t) => t.role_auth.split(',').includes(SEE_ALL)).map((t) => t.id),
        kind: 'approval',
        title: `外部提案：${row.demand_no} ${row.title}`,
        content: `${contactName}经链接“${link.title}”提交了${type.title}“${row.title}”，已作为草稿等待接手。`,
        link: demandLink(row.id),
      });
      return { demandNo: row.demand_no };
    });
  },
};

const TREND_TITLES: Record<string, string> = {
  create: '新建',
  update: '修改',
  submit: '提交审批',
  approve: '同意',
  reject: '驳回',
  approved: '审批通过',
  reassign: '转交',
  withdraw: '撤回',
  participants: '添加参与人',
  comment: '评论',
  scheme: '提交方案',
  letter: '加入官文',
};
