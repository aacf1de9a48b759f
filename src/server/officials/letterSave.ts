import type { OfficialDocumentDetails, OfficialsOfficialManageRequest } from '../../generated/types.js';
import type { TenantContext } from '../http/context.js';
import { badRequest } from '../http/apiError.js';
import type { LetterBusiness } from '../../shared/officialTypes.js';
import { letterChanged, letterDeadline, recordOfficialDocument, refuseLateHandling, refuseRecordedDispatchNo } from '../trademarks/officialDocumentRecord.js';
import { saveBrand } from '../trademarks/brandSave.js';
import { registrationTermEnd } from '../../shared/deadlines/terms.js';
import { visibleMark } from '../trademarks/visibleMarks.js';
import { lettersForChange, requireBusiness, type LetterReader } from './letterAccess.js';

/** The class-specific fields of the form, kept on the letter as `details`. */
function detailsOf(body: OfficialsOfficialManageRequest, tmName: string | undefined): OfficialDocumentDetails {
  const details: OfficialDocumentDetails = {};
  for (const key of ['regNo', 'regDate', 'endDate', 'appDate', 'applicant', 'applicantAddress', 'disputedDate', 'rulingResult', 'tmStatus'] as const) {
    const value = body[key]?.trim();
    if (value) details[key] = value;
  }
  if (tmName?.trim()) details.tmName = tmName.trim();
  // A registration certificate states when exclusive use begins; its term ends by the law (§39, 条例 §12 ¶2).
  if (details.regDate && !details.endDate) details.endDate = registrationTermEnd(details.regDate);
  return details;
}

/** The stored file a form names by its upload path; the organisation's own files only. */
async function fileOf(ctx: TenantContext, path: string | undefined): Promise<{ id: number; sha256: string } | null> {
  if (!path?.trim()) return null;
  const file = await ctx.db.selectFrom('files').select(['id', 'sha256']).where('path', '=', path.trim()).orderBy('id', 'desc').executeTakeFirst();
  if (!file) throw badRequest('官文文件不存在，请重新上传');
  return file;
}

/**
 * The official-document form's save. Without id: one letter per related mark, through the archive's
 * record function (which checks the catalogue, the dates, the dispatch number and the file, and
 * counts the deadline). With id: that letter changed, its deadline counted again by the same
 * function. Either way the mark's status, numbers, dates and applicant the form changed go to the
 * archive in the same transaction.
 */
export async function saveLetter(ctx: TenantContext, reader: LetterReader, body: OfficialsOfficialManageRequest): Promise<number[]> {
  const business: LetterBusiness = body.business ?? 'trademark';
  requireBusiness(reader, business);
  const documentType = body.documentType.trim();
  const dispatchNo = body.dispatchNo?.trim().toUpperCase() ?? '';
  if (dispatchNo && body.brandDetail.length > 1) throw badRequest('一个发文编号只对应一件商标，关联多件商标时请不填发文编号');
  if (business === 'copyright' && body.brandDetail.some((m) => m.id !== undefined)) throw badRequest('版权官文不能关联商标');
  if (body.updateBrandInfo && !body.brandDetail.some((m) => m.id === body.updateBrandInfo!.id)) throw badRequest('同步到商标档案的商标须是关联商标之一');
  const file = await fileOf(ctx, body.filePath);
  const deliveryMethod = body.mediaAttributes ?? '电子';
  const dates = { deliveryMethod, sendDate: body.sendDate ?? null, receiveDate: body.receiveDate, receiptProven: body.receiptProven ?? false };
  let ids: number[];
  if (body.id === undefined) {
    ids = [];
    for (const mark of body.brandDetail) {
      const recorded = await recordOfficialDocument(ctx, reader, ctx.session.orgId, {
        ...(mark.id !== undefined ? { brandId: mark.id } : {}),
        business,
        documentType,
        appNo: mark.appNo,
        dispatchNo,
        ...dates,
        handlingLimit: body.handlingLimit ?? null,
        ...(file ? { fileId: file.id } : {}),
        details: detailsOf(body, mark.tmName),
        remark: body.remark ?? '',
      });
      ids.push(recorded.id);
    }
  } else {
    if (body.brandDetail.length !== 1) throw badRequest('修改官文时只能关联一件商标');
    const [id] = await lettersForChange(ctx.db, reader, [body.id]);
    const mark = body.brandDetail[0]!;
    const brandId = mark.id === undefined ? null : (await visibleMark(ctx.db, reader, mark.id)).id;
    await refuseRecordedDispatchNo(ctx.db, dispatchNo, id!);
    const deadline = await letterDeadline(ctx, { documentType, business, ...dates });
    refuseLateHandling(body.handlingLimit, deadline.officalLimit);
    await ctx.db
      .updateTable('official_documents')
      .set({
        business,
        brand_archive_id: brandId,
        document_type: deadline.documentType,
        app_no: mark.appNo.trim(),
        dispatch_no: dispatchNo,
        send_date: dates.sendDate,
        receive_date: dates.receiveDate,
        delivery_method: deliveryMethod,
        receipt_proven: dates.receiptProven,
        handling_limit: body.handlingLimit ?? null,
        official_limit: deadline.officalLimit,
        deadline_basis: deadline.deadlineBasis ? JSON.stringify(deadline.deadlineBasis) : null,
        details: JSON.stringify(detailsOf(body, mark.tmName)),
        ...(file ? { file_id: file.id, file_hash: file.sha256 } : {}),
        ...(body.remark !== undefined ? { remark: body.remark.trim() } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id!)
      .execute();
    await letterChanged(ctx.db, {
      id: id!,
      orgId: ctx.session.orgId,
      userId: ctx.session.userId,
      brandId,
      documentType: deadline.documentType,
      appNo: mark.appNo.trim(),
      receiveDate: dates.receiveDate,
      officalLimit: deadline.officalLimit,
    });
    ids = [id!];
  }
  if (body.updateBrandInfo) await writeBackToMark(ctx, reader, body.updateBrandInfo);
  return ids;
}

/** updateBrandInfo: the mark's fields the letter shows, saved as the trademark info dialog saves them. */
async function writeBackToMark(ctx: TenantContext, reader: LetterReader, info: NonNullable<OfficialsOfficialManageRequest['updateBrandInfo']>): Promise<void> {
  const changes = {
    ...(info.tmStatus?.trim() ? { tmStatus: info.tmStatus.trim() } : {}),
    ...(info.oriTmStatus?.trim() ? { oriTmStatus: info.oriTmStatus.trim() } : {}),
    ...(info.regNo?.trim() ? { regNo: info.regNo.trim() } : {}),
    ...(info.regDate ? { regDate: info.regDate } : {}),
    ...(info.endDate ? { privateEndDate: info.endDate } : info.regDate ? { privateEndDate: registrationTermEnd(info.regDate) } : {}),
    ...(info.appDate ? { appDate: info.appDate } : {}),
    ...(info.applicant?.trim() ? { applicant: info.applicant.trim() } : {}),
    ...(info.applicantAddress?.trim() ? { applicantAddress: info.applicantAddress.trim() } : {}),
  };
  await saveBrand(ctx.db, reader, { id: info.id, ...changes });
}
