import type { CaseBizParam, CaseDetail, CaseState } from '../../generated/types.js';
import type { OperationTypes } from '../../generated/routes.js';
import { formProblems, problemText, type FormNode } from '../../shared/formRules.js';
import type { TenantContext } from '../http/context.js';
import { badRequest } from '../http/apiError.js';
import { logOperation } from '../accounts/operationLog.js';
import { caseFeeLines, feeDay, withFeeTotals } from './caseFees.js';
import { syncCaseFeeRecords } from '../finance/caseFeeRecords.js';
import { officialFeeTableOf } from '../fees/officialFeeTable.js';
import { checkCoOwners, checkReferences, missingAttachments, normalisedTmItems, priorityClaims, referencesOf } from './casePayload.js';
import { caseDetail } from './caseReads.js';
import { addTrend, caseByNo, chinaDay, enterStage, nextCaseNo, requireRevision, writeCaseParts, type CaseRow } from './caseStore.js';
import { actionTitles, caseTypeVersion, currentCaseType, stageTitle, statusTitle, type CaseAction, type CaseType } from './caseTypes.js';
import { initialStatus, requireTransition, stageForStatus } from './caseWorkflow.js';
import { followCaseInDisputes, joinDisputeOfCase } from '../disputes/disputeJoin.js';

export type SaveBody = OperationTypes['caseManage.saveCase']['request'];

/** What saving a case needs of its caller: the organisation's transaction, who saves, the schemas, and the address the log records. */
export type CaseContext = Pick<TenantContext, 'db' | 'session' | 'schemas'> & { request: Pick<TenantContext['request'], 'ip'> };

/** A case may still be edited until it is filed and while its status is not final. */
export const isEditable = (type: CaseType, row: Pick<CaseRow, 'status' | 'filed_at'>) =>
  row.filed_at === null && !type.statuses.find((s) => s.key === row.status)?.final;

export function caseState(type: CaseType, row: Pick<CaseRow, 'case_no' | 'status' | 'stage' | 'revision'>): CaseState {
  return {
    caseNo: row.case_no,
    status: row.status,
    statusTitle: statusTitle(type, row.status),
    stage: row.stage,
    stageTitle: stageTitle(type, row.stage),
    revision: row.revision,
  };
}

/** The handler must be an active user of the organisation whose role manages cases. */
async function checkHandler(ctx: CaseContext, handlerId: number): Promise<void> {
  const user = await ctx.db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.display_name', 'r.role_auth'])
    .where('u.id', '=', handlerId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw badRequest(`承办人（编号 ${handlerId}）不存在或已删除`);
  if (!user.role_auth.split(',').includes('caseManage')) throw badRequest(`承办人“${user.display_name}”没有“案件管理”权限`);
}

function checkCustomValues(type: CaseType, values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!type.fields.some((f) => f.name === name)) throw badRequest(`自定义字段值中的字段 ${name} 不是${type.title}的字段`);
    if (typeof value === 'string' && value.length > 2000) throw badRequest(`自定义字段值“${type.fields.find((f) => f.name === name)!.title}”不能超过 2000 字`);
  }
}

/** The part of bizParam kept on the case row; tmItems and files live in their own tables. */
function storedBizParam(biz: CaseBizParam, intCls: number[], tmName: string): CaseBizParam {
  return {
    priorityRadio: biz.priorityRadio ?? 'no',
    dplPriorityTm: biz.priorityRadio === 'yes' ? (biz.dplPriorityTm ?? '[]') : '[]',
    tmType: biz.tmType ?? '',
    coOwnerInfo: biz.coOwnerInfo?.trim() ? biz.coOwnerInfo : '[]',
    brandId: biz.brandId ?? null,
    relatedBrandIds: [...new Set(biz.relatedBrandIds ?? [])],
    intCls,
    tmName,
    form: biz.form ?? {},
  };
}

/**
 * Saves a case (spec 000 §3): a new draft when there is no caseNo, else an update of the given
 * revision. References are checked first, then the type, then the content; nothing is written
 * until all of it holds.
 */
export async function saveCase(ctx: CaseContext, body: SaveBody): Promise<CaseDetail> {
  const { db, session, schemas } = ctx;
  const existing = body.caseNo ? await caseByNo(db, body.caseNo, true) : null;
  await checkReferences(db, referencesOf(body));
  let type: CaseType;
  if (existing) {
    if (body.revision === undefined) throw badRequest('修改案件时请带上查询案件时得到的修订号');
    await requireRevision(db, existing, body.revision);
    if (body.caseType && body.caseType !== existing.case_type) throw badRequest('案件类型不能更换，请新建一件案件');
    type = await caseTypeVersion(db, schemas, existing.case_type, existing.type_version_id);
    if (!isEditable(type, existing)) throw badRequest(`案件状态为“${statusTitle(type, existing.status)}”，已递交或已结束的案件不能修改`);
  } else {
    if (!body.caseType) throw badRequest('请选择案件类型');
    const found = await currentCaseType(db, schemas, body.caseType);
    if (!found) throw badRequest(`案件类型 ${body.caseType} 不存在`);
    if (found.category !== 'case') throw badRequest(`“${found.title}”是提案类型，不能用来建案件`);
    type = found;
  }
  if (body.handlerId) await checkHandler(ctx, body.handlerId);
  const biz = body.bizParam;
  priorityClaims(biz);
  checkCoOwners(biz.coOwnerInfo);
  if (body.customValues) checkCustomValues(type, body.customValues);
  const normalised = await normalisedTmItems(db, type, biz.tmItems ?? []);
  const marks = new Set([...(biz.brandId ? [biz.brandId] : []), ...(biz.relatedBrandIds ?? [])]);
  const feeTable = await officialFeeTableOf(db, schemas);
  const channel = body.submitType ?? existing?.submit_type ?? 'online';
  const lines = await caseFeeLines(db, type, normalised, marks.size, feeDay(existing), { table: feeTable, channel });
  const items = withFeeTotals(normalised, lines);

  const classes = [...new Set([...(biz.intCls ?? []), ...items.flatMap((i) => i.tmCl)])].sort((a, b) => a - b);
  const mark = biz.brandId
    ? await db.selectFrom('brand_archives').select(['tm_name', 'applicant_cn']).where('id', '=', biz.brandId).executeTakeFirst()
    : undefined;
  const tmName = biz.tmName?.trim() || mark?.tm_name || '';
  const enterpriseId = body.enterpriseId === undefined ? (existing?.enterprise_id ?? null) : body.enterpriseId;
  const enterprise = enterpriseId ? await db.selectFrom('enterprises').select('applicant_name').where('id', '=', enterpriseId).executeTakeFirst() : undefined;
  const formValues = (biz.form ?? {}) as Record<string, unknown>;
  const formApplicant = typeof formValues.applicantName === 'string' ? formValues.applicantName : '';
  const applicantName = enterprise?.applicant_name ?? (formApplicant || mark?.applicant_cn || '');
  const columns = {
    brand_id: biz.brandId ?? null,
    enterprise_id: enterpriseId,
    applicant_name: applicantName,
    tm_name: tmName,
    countries: items.map((i) => i.appCountry).join(','),
    classes,
    handler_user_id: body.handlerId === undefined ? (existing?.handler_user_id ?? session.userId) : body.handlerId,
    submit_type: body.submitType ?? existing?.submit_type ?? 'online',
    biz_param: JSON.stringify(storedBizParam(biz, classes, tmName)),
    custom_values: JSON.stringify(body.customValues ?? existing?.custom_values ?? {}),
    updated_at: new Date(),
  };

  let row: CaseRow;
  if (existing) {
    row = await db
      .updateTable('cases')
      .set({ ...columns, revision: existing.revision + 1 })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeCaseParts(db, row, items, biz);
    await addTrend(db, row, session.userId, 'update', `修改了案件（修订号 ${row.revision}）`);
  } else {
    const status = initialStatus(type);
    const stage = stageForStatus(type, status, null);
    row = await db
      .insertInto('cases')
      .values({
        ...columns,
        org_id: session.orgId,
        case_no: await nextCaseNo(db, session.orgId, chinaDay()),
        case_type: type.name,
        type_version_id: type.versionId,
        type_version: type.version,
        status,
        stage: stage?.key ?? '',
        created_by: session.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeCaseParts(db, row, items, biz);
    if (stage) {
      const deadline = await enterStage(db, row, stage);
      row = await db.updateTable('cases').set({ stage_deadline: deadline }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    }
    await addTrend(db, row, session.userId, 'create', `新建${type.title}案件`);
  }
  await syncCaseFeeRecords(db, row, type.title, lines, new Map(items.map((i) => [i.appCountry, i.countryName || i.appCountry])), session.userId);
  // A dispute-type case (异议、无效宣告、撤三、复审) starts or joins its dispute in the same transaction.
  await joinDisputeOfCase(db, row);
  await logOperation(ctx, existing ? 'caseManage.updateCase' : 'caseManage.saveCase', { caseNo: row.case_no, caseType: row.case_type, revision: row.revision });
  return caseDetail(db, type, row, session, feeTable, lines);
}

/** What a case still lacks before it can be submitted: the form's rules, required custom fields and attachments. */
export async function submissionProblems(ctx: TenantContext, type: CaseType, row: CaseRow): Promise<string[]> {
  const biz = row.biz_param;
  const items = await ctx.db.selectFrom('case_items').select(['country_code', 'classes']).where('case_id', '=', row.id).execute();
  // The form's fields that the payload carries outside `form` (spec 000 §3) count as filled there.
  const values = {
    tmName: row.tm_name || undefined,
    tmType: biz.tmType || undefined,
    priorityRadio: biz.priorityRadio,
    brandId: biz.brandId ?? undefined,
    intCls: biz.intCls?.length ? biz.intCls : undefined,
    parentCgInfo: items.length > 0 ? items : undefined,
    ...(biz.form ?? {}),
  };
  const problems = formProblems(type.form as FormNode, values).map(problemText);
  for (const field of type.fields) {
    const value = row.custom_values?.[field.name];
    if (field.required && (value === undefined || value === null || value === '')) problems.push(`${field.title}不能为空`);
  }
  const keys = new Set(
    (await ctx.db.selectFrom('case_files').select('attachment_key').where('case_id', '=', row.id).execute())
      .map((f) => f.attachment_key)
      .filter((k): k is string => !!k),
  );
  const missing = missingAttachments(type, keys);
  if (missing.length > 0) problems.push(`缺少附件：${missing.join('、')}`);
  return problems;
}

export interface MoveOptions {
  /** More columns to set with the move. */
  set?: Partial<{
    submit_type: 'online' | 'paper';
    app_no: string;
    result: 'success' | 'failure';
    result_note: string;
    submitted_at: Date;
    filed_at: Date;
  }>;
  trend: string;
  /** When the move happened, if not now (a filing confirmed afterwards): the new stage's deadline counts from it. */
  at?: Date;
  /** Checks on the locked case and its type, after the move is known to be allowed. */
  check?: (row: CaseRow, type: CaseType) => Promise<void> | void;
  revision?: number;
}

/**
 * Makes one move of the case's type (submit, confirmSubmission, supplyAppNo, resubmit,
 * changeSubmitType, setResult, withdraw, officialDocument): the type's transition from the case's
 * status, if the user's role holds its permission; the stage the new status belongs to is entered
 * with its deadline; the move is recorded as a trend. Letters moving a case reuse this.
 */
export async function moveCase(ctx: TenantContext, caseNo: string, action: CaseAction, options: MoveOptions): Promise<{ row: CaseRow; type: CaseType }> {
  const { db, session, schemas } = ctx;
  const current = await caseByNo(db, caseNo, true);
  const type = await caseTypeVersion(db, schemas, current.case_type, current.type_version_id);
  const title = actionTitles(schemas).get(action) ?? action;
  const move = requireTransition(type, session, action, current.status, title);
  await requireRevision(db, current, options.revision);
  await options.check?.(current, type);
  const stage = move.to === current.status ? undefined : stageForStatus(type, move.to, current.stage);
  const entering = stage && stage.key !== current.stage ? stage : undefined;
  const deadline = entering ? await enterStage(db, current, entering, options.at) : current.stage_deadline;
  const row = await db
    .updateTable('cases')
    .set({
      ...options.set,
      status: move.to,
      stage: entering?.key ?? current.stage,
      stage_deadline: deadline,
      revision: current.revision + 1,
      updated_at: new Date(),
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const moved = move.to === current.status ? '' : `，状态“${statusTitle(type, current.status)}”→“${statusTitle(type, move.to)}”`;
  await addTrend(db, row, session.userId, action, `${options.trend}${moved}`);
  await followCaseInDisputes(db, row);
  return { row, type };
}
