import type { OfficialRecognition } from '../../generated/types.js';
import { hasLetterText, parseLetterText } from '../../shared/letterParse.js';
import { findOfficialType, type LetterBusiness } from '../../shared/officialTypes.js';
import { parseOverseasLetterName } from '../../shared/overseasLetterName.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { filterArchive } from '../trademarks/archiveFilter.js';
import type { ArchiveViewer } from '../trademarks/archiveViewer.js';
import { visibleMark } from '../trademarks/visibleMarks.js';
import { docxText, LetterUnreadable, pdfText, PAGES_READ } from './letterText.js';
import { officialTypeCatalog } from './officialTypeCatalog.js';

/** A letter stored and recorded as the organisation's file, waiting to be read. */
export interface LetterFile {
  fileId: number;
  path: string;
  url: string;
  fileName: string;
  extension: string;
  hash: string;
  business: LetterBusiness;
  /** Read by the overseas file name rule (spec 001 §5) rather than by its text. */
  overseas: boolean;
}

/** What the bytes gave: the text, pictures still to be read by OCR, or why nothing can be read. */
export type LetterReading = { text: string } | { ocr: 'pdf' | 'image'; pages: number[] } | { unreadable: string };

export const IMAGE_WITHOUT_TEXT = '图片中没有识别到文字，请上传清晰的官文扫描件或照片';
export const DOC_NOT_READ = '无法读取 doc 文件中的文字，请核对后手工填写';

/** Reads the text a letter carries; scanned pages and photos are left to the OCR. */
export async function readLetter(bytes: Buffer, extension: string): Promise<LetterReading> {
  try {
    if (extension === 'pdf') {
      const { pageCount, pages } = await pdfText(bytes);
      const text = pages.join('\n');
      if (hasLetterText(text)) return { text };
      return { ocr: 'pdf', pages: Array.from({ length: Math.min(pageCount, PAGES_READ) }, (_, i) => i + 1) };
    }
    if (extension === 'docx') return { text: await docxText(bytes) };
    if (extension === 'doc') return { text: '' };
    return { ocr: 'image', pages: [] };
  } catch (err) {
    if (err instanceof LetterUnreadable) return { unreadable: err.message };
    throw err;
  }
}

/** The file's part of the reply, before anything is read. */
export function fileReply(file: LetterFile): OfficialRecognition {
  return {
    state: '1',
    type: '',
    url: file.url,
    hash: file.hash,
    fileName: file.fileName,
    brandNo: '',
    country: '',
    noInfo: true,
    reviewResults: [],
    path: file.path,
    fileId: file.fileId,
    taskId: '',
    percent: 100,
    message: '',
    business: file.business,
    dispatchNo: '',
    sendDate: '',
    markName: '',
    applicant: '',
    brandId: null,
    markStatus: '',
  };
}

/** Whether a letter of these bytes is already recorded: the same file twice is the same letter. */
export async function letterAlreadyStored(db: ScopedDb, hash: string): Promise<boolean> {
  return !!(await db.selectFrom('official_documents').select('id').where('file_hash', '=', hash).executeTakeFirst());
}

/**
 * The reply for a letter whose text is known (null: nothing could be read, `message` says why):
 * the type by the catalogue's words, the letter's numbers, dates and names, the mark of its
 * application number in the archive, and the status change the letter shows for that mark.
 */
export async function recognitionReply(
  at: { db: ScopedDb; schemas: SchemaLibrary },
  viewer: ArchiveViewer,
  file: LetterFile,
  text: string | null,
  message = '',
): Promise<OfficialRecognition> {
  const reply = fileReply(file);
  if (await letterAlreadyStored(at.db, file.hash)) return { ...reply, state: '0', message: '官文已存在' };
  const catalog = await officialTypeCatalog(at.db, at.schemas);
  if (file.overseas) {
    const named = parseOverseasLetterName(file.fileName);
    if (named) {
      const type = findOfficialType(catalog, named.type);
      Object.assign(reply, { type: type?.label ?? named.type, brandNo: named.appNo, country: named.country, markStatus: type?.markStatus ?? '' });
    }
  } else if (text !== null) {
    const parsed = parseLetterText(text, catalog, file.business);
    Object.assign(reply, {
      type: parsed.type?.label ?? '',
      brandNo: parsed.appNo ?? '',
      dispatchNo: parsed.dispatchNo ?? '',
      sendDate: parsed.sendDate ?? '',
      markName: parsed.markName ?? '',
      applicant: parsed.applicant ?? '',
      markStatus: parsed.type?.markStatus ?? '',
    });
  }
  reply.noInfo = !reply.type && !reply.brandNo;
  if (text === null && !file.overseas) reply.state = '3';
  reply.message = message || (reply.noInfo ? '未识别到官文信息，请核对后手工填写' : '');
  if (reply.brandNo && file.business === 'trademark') {
    const mark = await (
      await filterArchive(at.db, at.db.selectFrom('brand_archives'), {}, viewer)
    )
      .where('brand_archives.app_no', '=', reply.brandNo)
      .select(['brand_archives.id', 'brand_archives.tm_name', 'brand_archives.tm_status'])
      .orderBy('brand_archives.id')
      .executeTakeFirst();
    if (mark) {
      reply.brandId = mark.id;
      if (!reply.markName) reply.markName = mark.tm_name;
      if (reply.markStatus && reply.markStatus !== mark.tm_status) {
        reply.reviewResults = [{ brandId: mark.id, brandName: mark.tm_name, appNo: reply.brandNo, fromStatus: mark.tm_status, toStatus: reply.markStatus }];
      }
    }
  }
  return reply;
}

/**
 * Moves the mark of a recorded letter to the status its type shows (注册证 → 已注册, 驳回通知书 →
 * 已驳回…), in the caller's transaction; a letter on no mark, or of a type that shows none, moves nothing.
 */
export async function applyLetterStatus(at: { db: ScopedDb; schemas: SchemaLibrary }, viewer: ArchiveViewer, letterId: number): Promise<void> {
  const letter = await at.db
    .selectFrom('official_documents')
    .select(['brand_archive_id', 'document_type'])
    .where('id', '=', letterId)
    .executeTakeFirstOrThrow();
  if (letter.brand_archive_id === null) return;
  const type = findOfficialType(await officialTypeCatalog(at.db, at.schemas), letter.document_type);
  if (!type?.markStatus) return;
  const mark = await visibleMark(at.db, viewer, letter.brand_archive_id);
  await at.db.updateTable('brand_archives').set({ tm_status: type.markStatus, updated_at: new Date() }).where('id', '=', mark.id).execute();
}
