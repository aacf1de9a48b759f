import type { BrandOfficialsAddOfficialDocumentRequest, CaseState } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { filterArchive } from './archiveFilter.js';
import { visibleMark } from './visibleMarks.js';

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

/**
 * Records a letter for an application number: on the mark named (one the viewer may see), else
 * on the organisation's first visible mark with that number, else on no mark; then tells the
 * listeners. Everything in the caller's transaction: a listener that fails undoes the record.
 */
export async function recordOfficialDocument(
  { db, schemas }: { db: ScopedDb; schemas: SchemaLibrary },
  viewer: ArchiveViewer,
  orgId: number,
  request: BrandOfficialsAddOfficialDocumentRequest,
): Promise<{ id: number; movedCases: CaseState[] }> {
  const appNo = request.appNo.trim();
  const documentType = request.documentType.trim();
  const brandId =
    request.brandId !== undefined
      ? (await visibleMark(db, viewer, request.brandId)).id
      : ((
          await (
            await filterArchive(db, db.selectFrom('brand_archives'), {}, viewer)
          )
            .where('brand_archives.app_no', '=', appNo)
            .select('brand_archives.id')
            .orderBy('brand_archives.id')
            .executeTakeFirst()
        )?.id ?? null);
  const row = await db
    .insertInto('official_documents')
    .values({
      org_id: orgId,
      brand_archive_id: brandId,
      document_type: documentType,
      app_no: appNo,
      receive_date: request.receiveDate,
      delivery_method: request.deliveryMethod ?? '电子',
      official_limit: request.officalLimit ?? null,
      remark: request.remark?.trim() ?? '',
      created_by: viewer.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const letter: RecordedLetter = { id: row.id, orgId, userId: viewer.userId, brandId, documentType, appNo, receiveDate: request.receiveDate };
  const movedCases: CaseState[] = [];
  for (const listener of listeners) movedCases.push(...(await listener({ db, schemas }, letter)));
  return { id: row.id, movedCases };
}
