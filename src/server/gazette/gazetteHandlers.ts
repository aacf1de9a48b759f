import { sql, type ExpressionBuilder } from 'kysely';
import { gazetteJobKey } from './gazetteKey.js';
import type { GazetteHit, GazetteRun } from '../../generated/types.js';
import type { OperationTypes } from '../../generated/routes.js';
import type { Database } from '../db/tables.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { conflict, notFound } from '../http/apiError.js';
import { pageWindow } from '../db/paging.js';
import { containsPattern } from '../db/likePattern.js';
import { logOperation } from '../accounts/operationLog.js';
import { backgroundJobs, startAfterReply } from '../jobs/backgroundJobs.js';
import { archiveViewer } from '../trademarks/archiveViewer.js';
import { logoUrl } from '../trademarks/trademarkRecord.js';
import { workCalendar } from '../officials/workCalendarStore.js';
import { startDraftProposal } from '../demand/demandDrafts.js';
import { visibleDemand } from '../demand/demandStore.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { daysLeft, oppositionDeadline, URGENT_DAYS } from '../../shared/gazette/gazetteRules.js';
import { runGazetteMatch } from './gazetteMatch.js';

type Query = OperationTypes['gazette.list']['request'];
type HitDb = Database & { h: Database['gazette_hits']; r: Database['tm_register']; b: Database['brand_archives'] };
type State = GazetteHit['state'];

const STATE_TEXT: Record<State, string> = { new: '待处理', proposal: '已发起异议', dismissed: '已忽略', expired: '已过异议期' };

/**
 * The state a person sees: a hit whose opposition period has ended is 已过异议期 unless an opposition was
 * started; one whose proposal has since been deleted is waiting again.
 */
const shownState = (today: string) =>
  sql<State>`case when h.state = 'proposal' and h.demand_id is not null then 'proposal' when h.deadline < ${today} then 'expired'
    when h.state = 'proposal' then 'new' else h.state end`;

/** The organisation's hits the caller may see: an agency user only those on the marks they are responsible for. */
function visibleHits(ctx: TenantContext) {
  let query = ctx.db
    .selectFrom('gazette_hits as h')
    .innerJoin('tm_register as r', 'r.id', 'h.register_id')
    .innerJoin('brand_archives as b', 'b.id', 'h.brand_id');
  if (archiveViewer(ctx.session).ownMarksOnly) query = query.where('b.owner_user_id', '=', ctx.session.userId);
  return query;
}

function conditions(query: Query) {
  return (eb: ExpressionBuilder<HitDb, 'h' | 'r' | 'b'>) => {
    const all = [];
    if (query.brandId !== undefined) all.push(eb('h.brand_id', '=', query.brandId));
    if (query.tmCl !== undefined) all.push(eb('r.int_cls', '=', query.tmCl));
    if (query.reason !== undefined) all.push(eb(sql`${query.reason}`, '=', eb.fn.any(sql<string[]>`h.reasons`)));
    const keyword = query.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      all.push(eb.or([eb('r.tm_name', 'ilike', pattern), eb('r.app_no', '=', keyword), eb('r.reg_no', '=', keyword), eb('r.applicant_cn', 'ilike', pattern)]));
    }
    return eb.and(all);
  };
}

/** The query's conditions with its state and days left, which the counts by state leave out. */
function filtered(query: Query, today: string) {
  return (eb: ExpressionBuilder<HitDb, 'h' | 'r' | 'b'>) => {
    const all = [conditions(query)(eb)];
    if (query.state !== undefined) all.push(eb(shownState(today), '=', query.state));
    if (query.daysLeft !== undefined) {
      all.push(eb('h.deadline', '>=', today));
      all.push(eb(sql<string>`h.deadline`, '<=', sql<string>`(${today}::date + ${query.daysLeft}::int)`));
    }
    return eb.and(all);
  };
}

async function hitsOut(ctx: TenantContext, ids: readonly number[] | null, query: Query, page: { limit: number; offset: number }) {
  const today = chinaToday();
  let q = visibleHits(ctx)
    .leftJoin('demands as d', 'd.id', 'h.demand_id')
    .select([
      'h.id',
      'h.register_id',
      'h.brand_id',
      'h.reasons',
      'h.goods_note',
      'h.groups',
      'h.score',
      'h.prelim_date',
      'h.announcement_issue',
      'h.deadline',
      'h.demand_id',
      'h.created_at',
      'd.demand_no',
      'r.tm_name',
      'r.app_no',
      'r.int_cls',
      'r.applicant_cn',
      'r.logo_path',
      'b.tm_name as own_tm_name',
      'b.app_no as own_app_no',
      'b.int_cls as own_int_cls',
      'b.logo_path as own_logo_path',
      shownState(today).as('shown'),
    ]);
  q = ids ? q.where('h.id', 'in', ids) : q.where(filtered(query, today));
  const rows = await q.orderBy('h.deadline').orderBy('h.id').limit(page.limit).offset(page.offset).execute();
  // In the request's transaction: on the embedded database a second connection would wait for this one.
  const calendar = await workCalendar(ctx.db);
  return rows.map((r): GazetteHit => {
    const prelim = day(r.prelim_date);
    const deadline = day(r.deadline);
    const left = daysLeft(deadline, today);
    const state = r.shown;
    return {
      id: r.id,
      registerId: r.register_id,
      tmName: r.tm_name,
      appNo: r.app_no,
      tmCl: r.int_cls,
      applicant: r.applicant_cn,
      logoUrl: logoUrl(r.logo_path),
      announcementIssue: r.announcement_issue,
      prelimDate: prelim,
      deadline,
      deadlineSteps: oppositionDeadline(prelim, calendar).steps.map((s) => s.text),
      daysLeft: left,
      urgent: left >= 0 && left <= URGENT_DAYS,
      brandId: r.brand_id,
      ownTmName: r.own_tm_name,
      ownAppNo: r.own_app_no,
      ownTmCl: r.own_int_cls,
      ownLogoUrl: logoUrl(r.own_logo_path),
      reasons: r.reasons,
      goodsNote: r.goods_note,
      groups: r.groups,
      score: Number(r.score),
      state,
      stateText: state === 'proposal' && r.demand_no ? `已发起异议（${r.demand_no}）` : STATE_TEXT[state],
      demandId: r.demand_id,
      demandNo: r.demand_no,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}

const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

async function hitById(ctx: TenantContext, id: number): Promise<GazetteHit> {
  const [hit] = await hitsOut(ctx, [id], {}, { limit: 1, offset: 0 });
  if (!hit) throw notFound(`公告监测命中（编号 ${id}）不存在或无权查看`);
  return hit;
}

async function runOut(ctx: TenantContext): Promise<GazetteRun> {
  const row = await ctx.db.selectFrom('gazette_runs').selectAll().executeTakeFirst();
  const jobs = backgroundJobs(ctx.system);
  const progress = jobs.progress(gazetteJobKey(ctx.session.orgId));
  const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
  if (progress) {
    return { state: 'running', percent: progress.percent, checked: progress.rows, added: 0, startedAt: iso(row?.started_at), finishedAt: null, message: '' };
  }
  if (!row) return { state: 'idle', percent: 0, checked: 0, added: 0, startedAt: null, finishedAt: null, message: '尚未比对' };
  // Left running by a server that stopped: the next run starts over from the last watermark.
  const interrupted = row.state === 'running';
  return {
    state: interrupted ? 'failed' : row.state,
    percent: row.state === 'idle' ? 100 : 0,
    checked: row.checked,
    added: row.added,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    message: interrupted ? '上次比对因服务重启而中断，请重新比对' : row.message,
  };
}

/** A hit as stored, for a change: refused in Chinese when the caller cannot see it. */
async function storedHit(ctx: TenantContext, id: number) {
  const row = await visibleHits(ctx)
    .select([
      'h.id',
      'h.state',
      'h.deadline',
      'h.demand_id',
      'h.brand_id',
      'h.register_id',
      'h.reasons',
      'h.goods_note',
      'h.prelim_date',
      'h.announcement_issue',
    ])
    .select([
      'r.tm_name',
      'r.app_no',
      'r.reg_no',
      'r.int_cls',
      'r.applicant_cn',
      'b.tm_name as own_tm_name',
      'b.app_no as own_app_no',
      'b.int_cls as own_int_cls',
    ])
    .where('h.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`公告监测命中（编号 ${id}）不存在或无权查看`);
  return row;
}

export const gazetteHandlers: HandlersOf<'gazette'> = {
  'gazette.list': async (body, ctx) => {
    const today = chinaToday();
    const page = pageWindow(body, 20);
    const counted = await visibleHits(ctx)
      .where(conditions(body))
      .select([shownState(today).as('shown'), sql<number>`count(*)::int`.as('n')])
      .groupBy(sql`1`)
      .execute();
    const counts = { new: 0, proposal: 0, dismissed: 0, expired: 0 };
    for (const c of counted) counts[c.shown] = c.n;
    const list = await hitsOut(ctx, null, body, page);
    const total = await visibleHits(ctx)
      .where(filtered(body, today))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return { list, count: total.n, counts };
  },

  'gazette.run': async (_body, ctx) => {
    const orgId = ctx.session.orgId;
    const key = gazetteJobKey(orgId);
    if (!backgroundJobs(ctx.system).isRunning(key)) {
      startAfterReply(ctx.reply, ctx.system, key, async (progress) => {
        await runGazetteMatch(ctx.system, orgId, progress);
      });
      await logOperation(ctx, 'gazette.run', {});
      const current = await runOut(ctx);
      return { ...current, state: 'running', percent: 0, checked: 0, added: 0, finishedAt: null, message: '' };
    }
    return runOut(ctx);
  },

  'gazette.runStatus': async (_body, ctx) => runOut(ctx),

  'gazette.dismiss': async (body, ctx) => {
    const row = await storedHit(ctx, body.id);
    if (row.state === 'proposal' && row.demand_id !== null) throw conflict('已对这件公告商标发起异议提案，不能忽略');
    if (row.state !== 'dismissed') {
      await ctx.db.updateTable('gazette_hits').set({ state: 'dismissed', updated_at: new Date() }).where('id', '=', row.id).execute();
      await logOperation(ctx, 'gazette.dismiss', { id: row.id, tmName: row.tm_name });
    }
    return hitById(ctx, row.id);
  },

  'gazette.restore': async (body, ctx) => {
    const row = await storedHit(ctx, body.id);
    if (row.state !== 'dismissed') throw conflict('只有已忽略的命中可以恢复');
    await ctx.db.updateTable('gazette_hits').set({ state: 'new', updated_at: new Date() }).where('id', '=', row.id).execute();
    await logOperation(ctx, 'gazette.restore', { id: row.id, tmName: row.tm_name });
    return hitById(ctx, row.id);
  },

  'gazette.startProposal': async (body, ctx) => {
    const row = await storedHit(ctx, body.id);
    if (row.state === 'proposal' && row.demand_id !== null) throw conflict('已对这件公告商标发起异议提案');
    if (row.state === 'dismissed') throw conflict('命中已忽略，请先恢复再发起异议');
    if (day(row.deadline) < chinaToday()) throw conflict(`异议期限 ${day(row.deadline)} 已过，不能再发起异议`);
    const own = `${row.own_tm_name || row.own_app_no}${row.own_int_cls ? `（第 ${row.own_int_cls} 类，申请号 ${row.own_app_no}）` : ''}`;
    const demand = await startDraftProposal(
      ctx.db,
      ctx.schemas,
      ctx.session,
      'objectionProposal',
      `对“${row.tm_name}”（第 ${row.int_cls} 类 ${row.app_no}）提出异议`,
      {
        targetTmName: row.tm_name,
        targetNo: row.app_no,
        targetTmCl: row.int_cls,
        targetHolderName: row.applicant_cn,
        announcementIssue: row.announcement_issue,
        announcementDate: day(row.prelim_date),
        brandId: row.brand_id,
        factsAndReasons: `被异议商标“${row.tm_name}”与我方在先商标“${own}”${row.reasons.join('、')}，${row.goods_note}，构成使用在同一种或类似商品上的近似商标（商标法第三十条）。异议期限 ${day(row.deadline)}。`,
      },
      [row.brand_id],
    );
    await ctx.db.updateTable('gazette_hits').set({ state: 'proposal', demand_id: demand.id, updated_at: new Date() }).where('id', '=', row.id).execute();
    await logOperation(ctx, 'gazette.startProposal', { id: row.id, demandNo: demand.demand_no });
    // The caller's own draft: they may edit it, as long as they can see it (the proposal page decides the same way).
    const editable = await visibleDemand(ctx.db, ctx.session, demand.id).then(
      (d) => d.state === 'draft',
      () => false,
    );
    return { hit: await hitById(ctx, row.id), demandId: demand.id, demandNo: demand.demand_no, canEdit: editable };
  },
};
