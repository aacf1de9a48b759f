import type { BrandOfficialsAddOfficialDocumentRequest, CaseState, DeadlineStep } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { filterArchive } from './archiveFilter.js';
import { visibleMark } from './visibleMarks.js';
import { badRequest, conflict } from '../http/apiError.js';
import { officialTypeCatalog } from '../officials/officialTypeCatalog.js';
import { workCalendar } from '../officials/workCalendarStore.js';
import { defaultDeliveryMethod, findOfficialType } from '../../shared/officialTypes.js';
import { LetterDatesProblem, officialDeadline, type DeliveryMethod } from '../../shared/deadlines/officialDeadline.js';
import { chinaToday } from '../../shared/trademarkDates.js';

/** A letter just recorded, as other domains hear of it. */
export interface RecordedLetter {
  id: number;
  orgId: number;
  /** The user who recorded it; null when the system did (an import, a recognised upload). */
  userId: number | null;
  brandId: number | null;
  documentType: string;
  appNo: string;
  receiveDate: string;
  /** The official deadline counted for it; null when it asks no answer. */
  officalLimit: string | null;
}

/** What a domain does when a letter is recorded, in the same transaction; it answers the cases it moved. */
export type LetterListener = (at: { db: ScopedDb; schemas: SchemaLibrary }, letter: RecordedLetter) => Promise<CaseState[]>;

const listeners: LetterListener[] = [];

/**
 * Lets a domain act on each letter recorded (the cases domain moves the cases with the letter's
 * application number). Registered when the domain's module loads, like the merge registry.
 */
export function onLetterRecorded(listener: LetterListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** What a domain does when a recorded letter is changed (its type, mark, number or details), in the same transaction. */
export type LetterChangeListener = (db: ScopedDb, letter: RecordedLetter) => Promise<void>;

const changeListeners: LetterChangeListener[] = [];

/** Lets a domain follow a letter's later changes (the disputes domain moves the letter to the dispute it now belongs to). */
export function onLetterChanged(listener: LetterChangeListener): void {
  if (!changeListeners.includes(listener)) changeListeners.push(listener);
}

/** Tells the listeners that a letter was changed. */
export async function letterChanged(db: ScopedDb, letter: RecordedLetter): Promise<void> {
  for (const listener of changeListeners) await listener(db, letter);
}

/** What a letter's type and dates give as its official deadline, and how. */
export interface LetterDeadline {
  officalLimit: string | null;
  deadlineBasis: DeadlineStep[] | null;
}

/**
 * The official deadline of a letter: counted by the deadline engine from the catalogue rule of its
 * type and delivery method; for a type whose rule is empty, the deadline typed in (a foreign office's
 * letter states its own), marked as such. Refuses a type not in the organisation's catalogue and
 * dates the rule cannot be counted from, in words the form shows.
 */
export async function letterDeadline(
  { db, schemas }: { db: ScopedDb; schemas: SchemaLibrary },
  letter: Pick<
    BrandOfficialsAddOfficialDocumentRequest,
    'documentType' | 'business' | 'deliveryMethod' | 'sendDate' | 'receiveDate' | 'receiptProven' | 'officalLimit'
  >,
): Promise<LetterDeadline & { documentType: string; deliveryMethod: DeliveryMethod }> {
  const entry = findOfficialType(await officialTypeCatalog(db, schemas), letter.documentType, letter.business ?? 'trademark');
  if (!entry) throw badRequest(`当前官文类型不存在，请重新选择或联系客服添加：${letter.documentType.trim()}`);
  const deliveryMethod = letter.deliveryMethod ?? defaultDeliveryMethod(entry);
  const today = chinaToday();
  if (letter.receiveDate > today) throw badRequest(`收文日期 ${letter.receiveDate} 晚于今天，请核对`);
  if (letter.sendDate && letter.sendDate > letter.receiveDate) throw badRequest(`发文日期 ${letter.sendDate} 晚于收文日期 ${letter.receiveDate}，请核对`);
  try {
    const counted = officialDeadline(
      entry,
      {
        deliveryMethod,
        sendDate: letter.sendDate ?? null,
        receiveDate: letter.receiveDate,
        receiptProven: letter.receiptProven ?? false,
      },
      await workCalendar(db),
    );
    if (counted) return { documentType: entry.label, deliveryMethod, officalLimit: counted.date, deadlineBasis: counted.steps };
  } catch (err) {
    if (err instanceof LetterDatesProblem) throw badRequest(err.message);
    throw err;
  }
  if (!letter.officalLimit) return { documentType: entry.label, deliveryMethod, officalLimit: null, deadlineBasis: null };
  return {
    documentType: entry.label,
    deliveryMethod,
    officalLimit: letter.officalLimit,
    deadlineBasis: [{ kind: 'base', date: letter.officalLimit, text: `官方期限按官文所载手工填写（${entry.label}在目录中没有期限规则）` }],
  };
}

/** Refuses an internal handling deadline later than the official one. */
export function refuseLateHandling(handlingLimit: string | null | undefined, officalLimit: string | null): void {
  if (handlingLimit && officalLimit && handlingLimit > officalLimit) throw badRequest(`办理期限 ${handlingLimit} 晚于官方期限 ${officalLimit}，请提前`);
}

/** Refuses a dispatch number another letter of the organisation (other than `exceptId`) already has: the same letter twice. */
export async function refuseRecordedDispatchNo(db: ScopedDb, dispatchNo: string, exceptId?: number): Promise<void> {
  if (!dispatchNo) return;
  const same = await db
    .selectFrom('official_documents')
    .select(['id', 'document_type'])
    .where('dispatch_no', '=', dispatchNo)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
  if (same) throw conflict(`官文已存在：发文编号 ${dispatchNo} 已登记为${same.document_type}（官文编号 ${same.id}）`);
}

/** The mark a letter is recorded on: the one named (the viewer must see it), else the first visible one with the application number. */
async function letterMark(
  db: ScopedDb,
  viewer: ArchiveViewer,
  brandId: number | undefined,
  appNo: string,
): Promise<{ id: number; app_date: string | null } | null> {
  if (brandId !== undefined) {
    const mark = await visibleMark(db, viewer, brandId);
    return db.selectFrom('brand_archives').select(['id', 'app_date']).where('id', '=', mark.id).executeTakeFirstOrThrow();
  }
  if (!appNo) return null;
  const visible = await filterArchive(db, db.selectFrom('brand_archives'), {}, viewer);
  return (
    (await visible
      .where('brand_archives.app_no', '=', appNo)
      .select(['brand_archives.id', 'brand_archives.app_date'])
      .orderBy('brand_archives.id')
      .executeTakeFirst()) ?? null
  );
}

/** The file a letter is stored in, the organisation's own; and a letter already recorded from the same bytes. */
async function letterFile(db: ScopedDb, fileId: number | undefined): Promise<{ id: number; sha256: string } | null> {
  if (fileId === undefined) return null;
  const file = await db.selectFrom('files').select(['id', 'sha256']).where('id', '=', fileId).executeTakeFirst();
  if (!file) throw badRequest(`官文文件不存在：编号 ${fileId}`);
  const same = file.sha256
    ? await db.selectFrom('official_documents').select(['id', 'document_type']).where('file_hash', '=', file.sha256).executeTakeFirst()
    : undefined;
  if (same) throw conflict(`官文已存在：同一文件已登记为${same.document_type}（官文编号 ${same.id}）`);
  return file;
}

/**
 * Records a letter: refuses a type not in the catalogue, a receive date in the future or before the
 * mark's application date, a send date after the receive date, a dispatch number or file already
 * recorded; counts its official deadline; stores it on the mark named (one the viewer may see), else
 * on the organisation's first visible mark with that number, else on no mark; then tells the
 * listeners. Everything in the caller's transaction: a listener that fails undoes the record.
 */
export async function recordOfficialDocument(
  { db, schemas }: { db: ScopedDb; schemas: SchemaLibrary },
  viewer: ArchiveViewer,
  orgId: number,
  request: BrandOfficialsAddOfficialDocumentRequest,
): Promise<{ id: number; movedCases: CaseState[] } & LetterDeadline> {
  const appNo = request.appNo.trim();
  const dispatchNo = request.dispatchNo?.trim().toUpperCase() ?? '';
  const business = request.business ?? 'trademark';
  if (business === 'copyright' && request.brandId !== undefined) throw badRequest('版权官文不能关联商标');
  // What the letter refers to first, so that a wrong reference is named before anything else.
  const mark = business === 'trademark' ? await letterMark(db, viewer, request.brandId, appNo) : null;
  if (request.caseId !== undefined) {
    const ofCase = await db.selectFrom('cases').select('id').where('id', '=', request.caseId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!ofCase) throw badRequest(`关联案件不存在：编号 ${request.caseId}`);
  }
  const file = await letterFile(db, request.fileId);
  const { documentType, deliveryMethod, ...deadline } = await letterDeadline({ db, schemas }, request);
  refuseLateHandling(request.handlingLimit, deadline.officalLimit);
  if (mark?.app_date && request.receiveDate < mark.app_date) throw badRequest(`收文日期 ${request.receiveDate} 早于商标的申请日期 ${mark.app_date}，请核对`);
  await refuseRecordedDispatchNo(db, dispatchNo);
  let row: { id: number };
  try {
    row = await db
      .insertInto('official_documents')
      .values({
        org_id: orgId,
        business,
        brand_archive_id: mark?.id ?? null,
        case_id: request.caseId ?? null,
        document_type: documentType,
        dispatch_no: dispatchNo,
        app_no: appNo,
        send_date: request.sendDate ?? null,
        receive_date: request.receiveDate,
        delivery_method: deliveryMethod,
        receipt_proven: request.receiptProven ?? false,
        official_limit: deadline.officalLimit,
        deadline_basis: deadline.deadlineBasis ? JSON.stringify(deadline.deadlineBasis) : null,
        handling_limit: request.handlingLimit ?? null,
        details: JSON.stringify(request.details ?? {}),
        file_id: file?.id ?? null,
        file_hash: file?.sha256 ?? '',
        remark: request.remark?.trim() ?? '',
        created_by: viewer.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  } catch (err) {
    // Two uploads of the same letter at once: the later one is told, not stored twice.
    if ((err as { code?: string }).code === '23505') throw conflict(`官文已存在：发文编号 ${dispatchNo}`);
    throw err;
  }
  const letter: RecordedLetter = {
    id: row.id,
    orgId,
    userId: viewer.userId,
    brandId: mark?.id ?? null,
    documentType,
    appNo,
    receiveDate: request.receiveDate,
    officalLimit: deadline.officalLimit,
  };
  const movedCases: CaseState[] = [];
  for (const listener of listeners) movedCases.push(...(await listener({ db, schemas }, letter)));
  return { id: row.id, ...deadline, movedCases };
}
