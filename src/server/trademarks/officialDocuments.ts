import { extname } from 'node:path';
import { sql, type Selectable } from 'kysely';
import type {
  BrandOfficialsBrandOfficialListRequest,
  BrandOfficialsBrandOfficialListResponse,
  BrandOfficialsOfficialManagementRequest,
  OfficialDocument,
  UploadedFile,
} from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { OfficialDocumentsTable } from '../../generated/tables.js';
import { pageWindow } from '../db/paging.js';
import { badRequest } from '../http/apiError.js';
import { uploadedFileReply } from '../files/recordUpload.js';
import { filterArchive } from './archiveFilter.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { visibleMark } from './visibleMarks.js';

/** A letter's row, with its file and the name of who handled it, as the entity the calls answer. */
export interface OfficialDocumentListRow extends Selectable<OfficialDocumentsTable> {
  file_row_id: number | null;
  file_path: string | null;
  file_name: string | null;
  file_size: number | string | null;
  handled_by_name: string | null;
}

/** A letter's file as the calls answer it: none, or the one read with the letter's row. */
export function letterFiles(r: Pick<OfficialDocumentListRow, 'file_row_id' | 'file_path' | 'file_name' | 'file_size'>): UploadedFile[] {
  if (r.file_row_id === null || r.file_path === null || r.file_name === null) return [];
  return [uploadedFileReply(r.file_row_id, r.file_name, extname(r.file_name).slice(1).toLowerCase(), { path: r.file_path, size: Number(r.file_size) })];
}

/** The reply for one letter row read with its file and handler (see `OfficialDocumentListRow`). */
export function officialDocumentReply(r: OfficialDocumentListRow): OfficialDocument {
  return {
    id: r.id,
    brandId: r.brand_archive_id,
    business: r.business,
    caseId: r.case_id,
    documentType: r.document_type,
    dispatchNo: r.dispatch_no,
    appNo: r.app_no,
    sendDate: r.send_date,
    receiveDate: r.receive_date,
    deliveryMethod: r.delivery_method,
    receiptProven: r.receipt_proven,
    officalLimit: r.official_limit,
    deadlineBasis: r.deadline_basis,
    handlingLimit: r.handling_limit,
    status: r.status,
    isRead: r.is_read,
    remark: r.remark,
    details: r.details,
    handledByName: r.handled_by_name ?? null,
    handledAt: r.handled_at ? new Date(r.handled_at).toISOString() : null,
    files: letterFiles(r),
    fileHash: r.file_hash,
  };
}

/** Pending: neither handled (1) nor ignored (2). */
const STATUS_PENDING = 0;

/** A mark's official documents, newest received first, with the count still pending. */
export async function brandOfficialList(
  db: ScopedDb,
  viewer: ArchiveViewer,
  request: BrandOfficialsBrandOfficialListRequest,
): Promise<BrandOfficialsBrandOfficialListResponse> {
  const mark = await visibleMark(db, viewer, request.brandId);
  const { limit, offset } = pageWindow(request);
  const ofMark = db.selectFrom('official_documents as d').where('d.brand_archive_id', '=', mark.id);
  const listed = request.status === undefined ? ofMark : ofMark.where('d.status', '=', request.status);
  const [rows, counts] = await Promise.all([
    listed
      .leftJoin('files as f', 'f.id', 'd.file_id')
      .leftJoin('users as u', 'u.id', 'd.handled_by')
      .selectAll('d')
      .select(['f.id as file_row_id', 'f.path as file_path', 'f.original_name as file_name', 'f.size as file_size', 'u.display_name as handled_by_name'])
      .orderBy('d.receive_date', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    ofMark
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.countAll<number>().filterWhere('d.status', '=', 0).as('pending'),
        eb.fn.countAll<number>().filterWhere('d.status', '=', 1).as('handled'),
        eb.fn.countAll<number>().filterWhere('d.status', '=', 2).as('ignored'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const list = rows.map(officialDocumentReply);
  const byStatus = [counts.pending, counts.handled, counts.ignored];
  return { list, count: Number(request.status === undefined ? counts.all : byStatus[request.status]), pending: Number(counts.pending) };
}

/**
 * Sets the handling state of official documents. Every one must belong to a mark the viewer may
 * see; otherwise nothing changes and the refused numbers are named.
 */
export async function manageOfficialDocuments(
  db: ScopedDb,
  viewer: ArchiveViewer,
  userId: number,
  request: BrandOfficialsOfficialManagementRequest,
): Promise<number> {
  const ids = [...new Set(request.ids)];
  // The documents among these that sit on a mark the viewer may see, locked for the change.
  const onVisibleMarks = (await filterArchive(db, db.selectFrom('brand_archives'), {}, viewer))
    .innerJoin('official_documents as d', 'd.brand_archive_id', 'brand_archives.id')
    .where('d.id', 'in', ids)
    .select('d.id')
    .modifyEnd(sql`for update of d`);
  const allowed = new Set((await onVisibleMarks.execute()).map((d) => d.id));
  const refused = ids.filter((id) => !allowed.has(id));
  if (refused.length > 0) throw badRequest(`以下官文不存在或无权操作：编号 ${refused.join('、')}`);
  const handled = request.status !== STATUS_PENDING;
  const result = await db
    .updateTable('official_documents')
    .set({
      status: request.status,
      is_read: true,
      handled_by: handled ? userId : null,
      handled_at: handled ? new Date() : null,
      ...(request.remark !== undefined ? { remark: request.remark.trim() } : {}),
      updated_at: new Date(),
    })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
