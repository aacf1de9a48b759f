import type { Selectable } from 'kysely';
import type { HandlersOf } from '../http/context.js';
import { badRequest } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import type { BatchTasksTable, BrandArchivesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { BatchTask, MergeCandidate, OverseasRecord } from '../../generated/types.js';
import { archiveViewer, type ArchiveViewer } from './archiveViewer.js';
import { mergeBrands } from './mergeBrands.js';
import { requireVisibleMarks } from './visibleMarks.js';
import { ONCE_MERGE, type OnceMergePayload } from './onceMergeTask.js';
import { conflictFields } from './conflictFields.js';
import { logoUrl, toTrademark } from './trademarkRecord.js';
import { groupGoods } from '../../shared/goodsGroups.js';
import { batchTaskKind } from '../batch/batchTaskKinds.js';

/** Labels of the archive's source codes (spec 001 §3). */
export const SOURCE_LABELS: Record<number, string> = { 0: '公有云同步', 1: '手动录入', 2: '批量导入', 3: '由案件生成' };

type ArchiveRow = Selectable<BrandArchivesTable>;

/** The marks named, in the order named; any the viewer cannot see refuses the request. */
async function visibleMarks(db: ScopedDb, ids: readonly number[], viewer: ArchiveViewer): Promise<ArchiveRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw badRequest('同一商标不能选择两次');
  let query = db.selectFrom('brand_archives').selectAll().where('id', 'in', unique);
  if (viewer.ownMarksOnly) query = query.where('owner_user_id', '=', viewer.userId);
  const rows = await query.execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length > 0) throw badRequest(`以下商标不存在、已删除或无权操作：编号 ${missing.join('、')}`);
  return unique.map((id) => byId.get(id)!);
}

const toCandidate = (row: ArchiveRow): MergeCandidate => ({
  id: row.id,
  tmStatus: row.tm_status,
  tmImage: logoUrl(row.logo_path),
  tmName: row.tm_name,
  tmItem: { tmClValue: row.int_cls },
  appNo: row.app_no,
  countryCode: row.country_code,
  registerLinked: row.register_id !== null,
  dplSource: row.source as MergeCandidate['dplSource'],
  dplSourceLabel: SOURCE_LABELS[row.source] ?? '',
  dplCreateTime: new Date(row.created_at).toISOString(),
  brandCGInfo: groupGoods(row.goods),
  intClsOverse: row.goods_en.map((g) => ({ code: g.code, nameEn: g.name })),
});

const toOverseasRecord = (row: ArchiveRow): OverseasRecord => ({
  applicant: row.applicant_cn,
  applicantEn: row.applicant_en,
  applicantAddress: row.applicant_address,
  applicantAddressEn: row.applicant_address_en,
  agent: row.agent,
  agentEn: row.agent_en,
  agentAddress: row.agent_address,
  agentAddressEn: row.agent_address_en,
  goodsItems: row.goods.map((g) => g.name).join('；'),
  goodItemEn: row.goods_en.map((g) => g.name).join('; '),
  source: row.source as OverseasRecord['source'],
});

export const toBatchTask = (row: Selectable<BatchTasksTable>): BatchTask => ({
  id: row.id,
  name: batchTaskKind(row.operate_type)?.name ?? row.operate_type,
  operateType: row.operate_type,
  operateStatus: row.operate_status as BatchTask['operateStatus'],
  progress: row.progress,
  total: row.total,
  error: row.error,
  createdAt: new Date(row.created_at).toISOString(),
  endTime: row.end_time ? new Date(row.end_time).toISOString() : null,
});

export const brandMergeHandlers: HandlersOf<'brandMerge'> = {
  'brandMerge.mergeBrand': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const merged = await mergeBrands(ctx.db, body.mergeList, { viewer, orgId: ctx.session.orgId });
    return { mergedCount: merged.reduce((n, g) => n + g.mergedBrandIds.length, 0), targetBrandIds: merged.map((g) => g.targetBrandId) };
  },

  'brandMerge.onceMergeBrand': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    // A merge cannot be undone: it acts on the marks or the conditions it is given, never on all because both were left out.
    if (!body.ids && !body.filter) throw badRequest('请指定要合并的商标（ids）或筛选条件（filter）');
    if (body.ids && body.ids.length === 0) throw badRequest('请先选择数据');
    // Chosen marks are checked now, not when the task runs: naming one the viewer cannot touch is refused, not skipped.
    if (body.ids) await requireVisibleMarks(ctx.db, viewer, body.ids);
    const query = { ...(body.filter ?? {}), ...(body.ids ? { ids: body.ids } : {}) };
    const payload: OnceMergePayload = { viewer, query };
    const task = await ctx.db
      .insertInto('batch_tasks')
      .values({ org_id: ctx.session.orgId, operate_type: ONCE_MERGE, payload: JSON.stringify(payload), created_by: ctx.session.userId })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The worker looks as soon as this transaction has committed.
    ctx.reply.raw.once('finish', () => ctx.batchWorker.poke());
    return toBatchTask(task);
  },

  'brandMerge.queryBrandConflictField': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const rows = await visibleMarks(ctx.db, body.ids, viewer);
    return { fields: conflictFields(rows.map(toTrademark)) };
  },

  'brandMerge.queryMergeCandidates': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    return { list: (await visibleMarks(ctx.db, body.ids, viewer)).map(toCandidate) };
  },

  'brandMerge.queryOverseasMergeDetail': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const rows = await visibleMarks(ctx.db, body.idList, viewer);
    return {
      list: rows.map((r) => ({ id: r.id, tmName: r.tm_name, appNo: r.app_no, countryCode: r.country_code, tmCl: r.int_cls, detailVo: toOverseasRecord(r) })),
    };
  },

  'brandMerge.batchTaskList': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const { limit, offset } = pageWindow(body, 20);
    let tasks = ctx.db.selectFrom('batch_tasks');
    if (body.operateType) tasks = tasks.where('operate_type', '=', body.operateType);
    if (viewer.ownMarksOnly) tasks = tasks.where('created_by', '=', viewer.userId);
    const [rows, count] = await Promise.all([tasks.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), countRows(tasks)]);
    return { list: rows.map(toBatchTask), count };
  },
};
