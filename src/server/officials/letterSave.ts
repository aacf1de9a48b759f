import type { OfficialDocumentDetails, OfficialsOfficialManageRequest } from '../../generated/types.js';
import type { TenantContext } from '../http/context.js';
import { badRequest } from '../http/apiError.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { findOfficialType, type LetterBusiness } from '../../shared/officialTypes.js';
import { recordOfficialDocument } from '../trademarks/officialDocumentRecord.js';
import { saveBrand } from '../trademarks/brandSave.js';
import { visibleMark } from '../trademarks/visibleMarks.js';
import { officialTypeCatalog } from './officialTypeCatalog.js';
import { lettersForChange, requireBusiness, type LetterReader } from './letterAccess.js';
import { letterDeadline } from './letterDeadline.js';

/** The refusal of a type not in the organisation's catalogue (spec 001 §5). */
export const UNKNOWN_TYPE = '当前官文类型不存在，请重新选择或联系客服添加';

/** The class-specific fields of the form, kept on the letter as `details`. */
function detailsOf(body: OfficialsOfficialManageRequest, tmName: string | undefined): OfficialDocumentDetails {
  const details: OfficialDocumentDetails = {};
  for (const key of ['regNo', 'regDate', 'endDate', 'appDate', 'applicant', 'applicantAddress', 'disputedDate', 'rulingResult', 'tmStatus'] as const) {
    const value = body[key]?.trim();
    if (value) details[key] = value;
  }
  if (tmName?.trim()) details.tmName = tmName.trim();
  return details;
}

/** The stored file a form names by its upload path, with its hash; the organisation's own files only. */
async function fileOf(ctx: TenantContext, path: string | undefined): Promise<{ fileId: number; fileHash: string } | null> {
  if (!path?.trim()) return null;
  const file = await ctx.db.selectFrom('files').select(['id', 'sha256']).where('path', '=', path.trim()).orderBy('id', 'desc').executeTakeFirst();
  if (!file) throw badRequest('官文文件不存在，请重新上传');
  return { fileId: file.id, fileHash: file.sha256 };
}

/** Dates a person can get wrong on the form, named in Chinese. */
function checkDates(body: OfficialsOfficialManageRequest, today: string): void {
  if (body.receiveDate > today) throw badRequest('收文日期不能晚于今天');
  if (body.sendDate && body.sendDate > body.receiveDate) throw badRequest('发文日期不能晚于收文日期');
  if (body.sendDate && body.sendDate > today) throw badRequest('发文日期不能晚于今天');
}

/**
 * The official-document form's save. Without id: one letter per related mark, through the archive's
 * record function (which checks the catalogue, the dispatch number and works out the deadline).
 * With id: that letter changed, its deadline worked out again by the same engine. Either way the
 * mark's status, numbers, dates and applicant the form changed go to the archive in the same transaction.
 */
export async function saveLetter(ctx: TenantContext, reader: LetterReader, body: OfficialsOfficialManageRequest): Promise<number[]> {
  const business: LetterBusiness = body.business ?? 'trademark';
  requireBusiness(reader, business);
  const documentType = body.documentType.trim();
  const catalog = await officialTypeCatalog(ctx.db, ctx.schemas);
  const entry = findOfficialType(catalog, documentType);
  if (!entry || entry.business !== business) throw badRequest(UNKNOWN_TYPE);
  checkDates(body, chinaToday());
  const dispatchNo = body.dispatchNo?.trim() ?? '';
  if (dispatchNo && body.brandDetail.length > 1) throw badRequest('一个发文编号只对应一件商标，关联多件商标时请不填发文编号');
  const file = await fileOf(ctx, body.filePath);
  const deliveryMethod = body.mediaAttributes ?? '电子';
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
        ...(body.sendDate ? { sendDate: body.sendDate } : {}),
        receiveDate: body.receiveDate,
        deliveryMethod,
        receiptProven: body.receiptProven ?? false,
        handlingLimit: body.handlingLimit ?? null,
        ...(file ? { fileId: file.fileId, fileHash: file.fileHash } : {}),
        details: detailsOf(body, mark.tmName),
        remark: body.remark ?? '',
      });
      ids.push(recorded.id);
    }
  } else {
    if (body.brandDetail.length !== 1) throw badRequest('修改官文时只能关联一件商标');
    const [id] = await lettersForChange(ctx.db, reader, [body.id]);
    const mark = body.brandDetail[0]!;
    if (dispatchNo) {
      const same = await ctx.db.selectFrom('official_documents').select('id').where('dispatch_no', '=', dispatchNo).where('id', '<>', id!).executeTakeFirst();
      if (same) throw badRequest('官文已存在');
    }
    const brandId = mark.id === undefined ? null : (await visibleMark(ctx.db, reader, mark.id)).id;
    const deadline = await letterDeadline(ctx.db, entry, {
      deliveryMethod,
      sendDate: body.sendDate ?? null,
      receiveDate: body.receiveDate,
      receiptProven: body.receiptProven ?? false,
    });
    await ctx.db
      .updateTable('official_documents')
      .set({
        business,
        brand_archive_id: brandId,
        document_type: documentType,
        app_no: mark.appNo.trim(),
        dispatch_no: dispatchNo,
        send_date: body.sendDate ?? null,
        receive_date: body.receiveDate,
        delivery_method: deliveryMethod,
        receipt_proven: body.receiptProven ?? false,
        handling_limit: body.handlingLimit ?? null,
        official_limit: deadline?.date ?? null,
        deadline_basis: deadline ? JSON.stringify(deadline.steps) : null,
        details: JSON.stringify(detailsOf(body, mark.tmName)),
        ...(file ? { file_id: file.fileId, file_hash: file.fileHash } : {}),
        ...(body.remark !== undefined ? { remark: body.remark.trim() } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id!)
      .execute();
    ids = [id!];
  }
  if (body.updateBrandInfo) await writeBackToMark(ctx, reader, body);
  return ids;
}

/** updateBrandInfo: the mark's fields the letter shows, saved as the trademark info dialog saves them. */
async function writeBackToMark(ctx: TenantContext, reader: LetterReader, body: OfficialsOfficialManageRequest): Promise<void> {
  const info = body.updateBrandInfo!;
  if (!body.brandDetail.some((m) => m.id === info.id)) throw badRequest('同步到商标档案的商标须是关联商标之一');
  const changes = {
    ...(info.tmStatus?.trim() ? { tmStatus: info.tmStatus.trim() } : {}),
    ...(info.oriTmStatus?.trim() ? { oriTmStatus: info.oriTmStatus.trim() } : {}),
    ...(info.regNo?.trim() ? { regNo: info.regNo.trim() } : {}),
    ...(info.regDate ? { regDate: info.regDate } : {}),
    ...(info.endDate ? { privateEndDate: info.endDate } : {}),
    ...(info.appDate ? { appDate: info.appDate } : {}),
    ...(info.applicant?.trim() ? { applicant: info.applicant.trim() } : {}),
    ...(info.applicantAddress?.trim() ? { applicantAddress: info.applicantAddress.trim() } : {}),
  };
  await saveBrand(ctx.db, reader, { id: info.id, ...changes });
}
