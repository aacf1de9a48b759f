import type { DisputeManageRequest } from '../../generated/types.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest } from '../http/apiError.js';
import { logOperation } from '../accounts/operationLog.js';
import { archiveViewer } from '../trademarks/archiveViewer.js';
import { visibleMark } from '../trademarks/visibleMarks.js';
import { letterReader, visibleLetters } from '../officials/letterAccess.js';
import { outcomeOf } from './disputeRules.js';
import { disputeById, disputeDetail, disputeList, linkToDispute } from './disputeStore.js';
// Registers the letter listener: a dispute letter recorded anywhere starts or joins its dispute.
import './disputeJoin.js';

const trimmed = (value: string | undefined) => (value === undefined ? undefined : value.trim());

/** The letters and cases named must be the organisation's, and the letters ones the user may see. */
async function checkLinks(ctx: TenantContext, body: DisputeManageRequest): Promise<void> {
  const letterIds = body.letterIds ?? [];
  if (letterIds.length > 0) {
    const found = await (await visibleLetters(ctx.db, letterReader(ctx.session), ['trademark'])).select('d.id').where('d.id', 'in', letterIds).execute();
    const missing = letterIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0) throw badRequest(`官文不存在：编号 ${missing.join('、')}`);
  }
  const caseIds = body.caseIds ?? [];
  if (caseIds.length > 0) {
    const found = await ctx.db.selectFrom('cases').select('id').where('id', 'in', caseIds).where('deleted_at', 'is', null).execute();
    const missing = caseIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0) throw badRequest(`关联案件不存在：编号 ${missing.join('、')}`);
  }
}

async function manage(ctx: TenantContext, body: DisputeManageRequest): Promise<{ id: number }> {
  const existing = body.id === undefined ? null : await disputeById(ctx.db, body.id, true);
  const mark = body.brandId ? await visibleMark(ctx.db, archiveViewer(ctx.session), body.brandId) : null;
  await checkLinks(ctx, body);
  const brandId = body.brandId === undefined ? (existing?.brand_archive_id ?? null) : (mark?.id ?? null);
  const ourTmName = trimmed(body.ourTmName) ?? existing?.our_tm_name ?? '';
  const ourAppNo = trimmed(body.ourAppNo) ?? existing?.our_app_no ?? '';
  if (brandId === null && !ourTmName && !ourAppNo) throw badRequest('我方商标：请选择档案中的商标，或填写我方商标名称或号码');
  const filedOn = body.filedOn === undefined ? (existing?.filed_on ?? null) : body.filedOn;
  const ruledOn = body.ruledOn === undefined ? (existing?.ruled_on ?? null) : body.ruledOn;
  if (filedOn && ruledOn && String(ruledOn).slice(0, 10) < String(filedOn).slice(0, 10))
    throw badRequest(`裁定日期 ${ruledOn} 早于提交日期 ${filedOn}，请核对`);
  const rulingResult = trimmed(body.rulingResult) ?? existing?.ruling_result ?? '';
  const outcome = body.outcome ?? (rulingResult && !existing?.outcome ? outcomeOf(body.procedure, body.ourSide, rulingResult) : (existing?.outcome ?? ''));
  const columns = {
    procedure: body.procedure,
    our_side: body.ourSide,
    brand_archive_id: brandId,
    our_tm_name: ourTmName || mark?.tm_name || '',
    our_app_no: ourAppNo || (mark ? (mark.reg_no ?? mark.app_no) : ''),
    other_party: trimmed(body.otherParty) ?? existing?.other_party ?? '',
    other_tm_name: trimmed(body.otherTmName) ?? existing?.other_tm_name ?? '',
    other_app_no: trimmed(body.otherAppNo) ?? existing?.other_app_no ?? '',
    stage: body.stage ?? existing?.stage ?? (filedOn ? 'filed' : 'preparing'),
    filed_on: filedOn,
    deadline: body.deadline === undefined ? (existing?.deadline ?? null) : body.deadline,
    outcome,
    ruling_result: rulingResult,
    ruled_on: ruledOn,
    remark: trimmed(body.remark) ?? existing?.remark ?? '',
    updated_at: new Date(),
  };
  const row = existing
    ? await ctx.db.updateTable('disputes').set(columns).where('id', '=', existing.id).returning(['id', 'org_id']).executeTakeFirstOrThrow()
    : await ctx.db
        .insertInto('disputes')
        .values({ ...columns, org_id: ctx.session.orgId, created_by: ctx.session.userId })
        .returning(['id', 'org_id'])
        .executeTakeFirstOrThrow();
  await linkToDispute(ctx.db, row, body.letterIds ?? [], body.caseIds ?? []);
  await logOperation(ctx, 'dispute.manage', { id: row.id, procedure: body.procedure, created: !existing });
  return { id: row.id };
}

export const disputeHandlers: HandlersOf<'dispute'> = {
  'dispute.list': async (body, ctx) => disputeList(ctx.db, body),
  'dispute.detail': async (body, ctx) => disputeDetail(ctx.db, body.id),
  'dispute.manage': async (body, ctx) => manage(ctx, body),
  'dispute.delete': async (body, ctx) => {
    const row = await disputeById(ctx.db, body.id, true);
    await ctx.db.deleteFrom('disputes').where('id', '=', row.id).execute();
    await logOperation(ctx, 'dispute.delete', { id: row.id });
    return null;
  },
};
