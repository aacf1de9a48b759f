import type { Kysely } from 'kysely';
import type { OfficialRecognition } from '../../generated/types.js';
import type { Database } from '../db/tables.js';
import type { LetterBusiness } from '../../shared/officialTypes.js';
import { UPLOAD_PURPOSES, officialTypeMessage } from '../../shared/uploadPurposes.js';
import { OVERSEAS_NAME_MESSAGE, parseOverseasLetterName } from '../../shared/overseasLetterName.js';
import type { HandlersOf, Preparers, Settled, TenantContext } from '../http/context.js';
import { ApiError, badRequest, notFound } from '../http/apiError.js';
import { logOperation } from '../accounts/operationLog.js';
import { recordOfficialDocument } from '../trademarks/officialDocumentRecord.js';
import type { FileStore, StoredFile } from '../files/fileStore.js';
import { extensionOf } from '../files/fileTypes.js';
import { contentMismatch, recordUpload } from '../files/recordUpload.js';
import { archiveViewer } from '../trademarks/archiveViewer.js';
import { applyLetterStatus, fileReply, readLetter, recognitionReply, type LetterFile, type LetterReading } from './letterRecognition.js';
import { ocrTask, startOcr } from './letterOcrTasks.js';
import { openLetterZip, ZipRefused } from './letterZip.js';

/** A letter received and read before the transaction opened, or why it is refused. */
type PreparedLetter = { name: string; extension: string; stored: StoredFile } & ({ reading: LetterReading } | { refused: string });

// A letter's picture is not examined: it is never searched as a logo.
const NO_PICTURE = { image_status: null, image_hash: null, image_width: null, image_height: null };
const LETTER_EXTENSIONS: readonly string[] = UPLOAD_PURPOSES.officialDocument.extensions;

async function prepareLetter(files: FileStore, name: string, extension: string, stored: StoredFile): Promise<PreparedLetter> {
  const mismatch = await contentMismatch(extension, stored.head);
  if (mismatch) return { name, extension, stored, refused: mismatch };
  return { name, extension, stored, reading: await readLetter(await files.read(stored.path), extension) };
}

function businessOf(value: string | undefined): LetterBusiness {
  return value === 'copyright' ? 'copyright' : 'trademark';
}

/** Records the file as the organisation's and answers what it says, or starts its OCR. */
async function recognise(
  ctx: TenantContext,
  letter: PreparedLetter & { reading: LetterReading },
  business: LetterBusiness,
  overseas: boolean,
): Promise<OfficialRecognition> {
  const uploaded = await recordUpload(ctx, letter.name, letter.extension, letter.stored, NO_PICTURE);
  const file: LetterFile = {
    fileId: Number(uploaded.uid),
    path: uploaded.path,
    url: uploaded.url,
    fileName: letter.name,
    extension: letter.extension,
    hash: letter.stored.sha256,
    business,
    overseas,
  };
  const at = { db: ctx.db, schemas: ctx.schemas };
  const viewer = archiveViewer(ctx.session);
  const { reading } = letter;
  if ('text' in reading || overseas) return recognitionReply(at, viewer, file, 'text' in reading ? reading.text : '');
  if ('unreadable' in reading) return recognitionReply(at, viewer, file, null, reading.unreadable);
  const known = await recognitionReply(at, viewer, file, '');
  if (known.state === '0') return known;
  const taskId = startOcr({ reply: ctx.reply, system: ctx.system, files: ctx.files }, ctx.session.orgId, file, reading.ocr, reading.pages);
  return { ...fileReply(file), state: '2', taskId, percent: 0, noInfo: false, message: '正在识别文字' };
}

function settled<T>(prepared: Settled<unknown> | undefined): T {
  const outcome = prepared as Settled<T>;
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

export const officialRecognitionHandlers: HandlersOf<'officialRecognition'> = {
  'officialRecognition.distinguish': async (body, ctx) => {
    const letter = settled<PreparedLetter>(ctx.prepared);
    if ('refused' in letter) throw badRequest(letter.refused);
    // A corrupt or encrypted PDF uploaded alone is refused outright: there is nothing to review.
    if ('unreadable' in letter.reading) throw badRequest(letter.reading.unreadable);
    const overseas = body.overseas === '1';
    if (overseas && !parseOverseasLetterName(letter.name)) throw badRequest(OVERSEAS_NAME_MESSAGE);
    return recognise(ctx, letter, businessOf(body.business), overseas);
  },

  'officialRecognition.progress': async (body, ctx) => {
    const task = ocrTask(ctx.session.orgId, body.taskId);
    if (!task) throw notFound('识别任务不存在或已过期，请重新上传');
    if (!task.outcome) return { ...fileReply(task.file), state: '2', taskId: body.taskId, percent: task.percent, noInfo: false, message: '正在识别文字' };
    const reply = await recognitionReply({ db: ctx.db, schemas: ctx.schemas }, archiveViewer(ctx.session), task.file, task.outcome.text, task.outcome.message);
    return { ...reply, taskId: body.taskId };
  },

  'officialRecognition.decompress': async (body, ctx) => {
    const letters = settled<PreparedLetter[]>(ctx.prepared);
    const business = businessOf(body.business);
    const list: OfficialRecognition[] = [];
    for (const letter of letters) {
      if ('refused' in letter) {
        list.push({
          ...fileReply({
            fileId: 0,
            path: '',
            url: '',
            fileName: letter.name,
            extension: letter.extension,
            hash: letter.stored.sha256,
            business,
            overseas: false,
          }),
          state: '3',
          message: letter.refused,
        });
        continue;
      }
      list.push(await recognise(ctx, letter, business, false));
    }
    return { list, count: list.length };
  },

  'officialRecognition.save': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const ids: number[] = [];
    // One transaction: a letter that cannot be recorded undoes the ones before it.
    for (const item of body.items) {
      const file = await ctx.db.selectFrom('files').select('original_name').where('id', '=', item.fileId).executeTakeFirst();
      if (!file) throw notFound('官文文件不存在或无权访问，请重新上传');
      try {
        const recorded = await recordOfficialDocument(ctx, viewer, ctx.session.orgId, {
          documentType: item.documentType,
          appNo: item.appNo,
          receiveDate: item.receiveDate,
          fileId: item.fileId,
          business: item.business ?? 'trademark',
          ...(item.sendDate ? { sendDate: item.sendDate } : {}),
          ...(item.dispatchNo?.trim() ? { dispatchNo: item.dispatchNo } : {}),
          ...(item.deliveryMethod ? { deliveryMethod: item.deliveryMethod } : {}),
          ...(item.brandId !== undefined ? { brandId: item.brandId } : {}),
          details: {
            ...(item.markName?.trim() ? { tmName: item.markName.trim() } : {}),
            ...(item.applicant?.trim() ? { applicant: item.applicant.trim() } : {}),
          },
        });
        if (item.applyStatus) await applyLetterStatus(ctx, viewer, recorded.id);
        ids.push(recorded.id);
      } catch (err) {
        // Which of the letters could not be saved, in the words of the refusal.
        if (err instanceof ApiError) throw new ApiError(err.status, err.subCode, `“${file.original_name}”：${err.subMessage}`);
        throw err;
      }
    }
    await logOperation(ctx, 'officialRecognition.save', { ids });
    return { ids };
  },
};

/**
 * The letter's bytes are checked and read (pdf.js; a zip unpacked and each file read) before the
 * transaction opens: that takes a while, and on the embedded database an open transaction holds
 * every other request.
 */
export const officialRecognitionPreparers: Preparers = {
  'officialRecognition.distinguish': async (_body, { upload, files }) => {
    const { name, extension, stored } = upload!;
    return prepareLetter(files, name, extension, stored);
  },

  'officialRecognition.decompress': async (_body, { upload, files, session, system }) => {
    const mismatch = await contentMismatch('zip', upload!.stored.head);
    const zipBytes = mismatch ? Buffer.alloc(0) : await files.read(upload!.stored.path);
    // The zip itself is not kept: its letters are, each as a file of its own.
    await files.discard(upload!.stored.path).catch(() => undefined);
    if (mismatch) throw badRequest(mismatch);
    let zip;
    try {
      zip = await openLetterZip(zipBytes);
    } catch (err) {
      if (err instanceof ZipRefused) throw badRequest(err.message);
      throw err;
    }
    const out: PreparedLetter[] = [];
    const saved: string[] = [];
    try {
      for (const entry of zip.letters) {
        const extension = extensionOf(entry.fileName);
        if (!LETTER_EXTENSIONS.includes(extension)) {
          out.push({
            name: entry.fileName,
            extension,
            stored: { path: '', size: entry.size, sha256: '', head: new Uint8Array() },
            refused: officialTypeMessage(LETTER_EXTENSIONS),
          });
          continue;
        }
        let stored: StoredFile;
        try {
          stored = await files.save(await entry.open(), session.orgId, extension, entry.size);
        } catch {
          throw badRequest(`压缩包中的文件“${entry.entryPath}”无法解压，压缩包可能已损坏`);
        }
        saved.push(stored.path);
        out.push(await prepareLetter(files, entry.fileName, extension, stored));
      }
    } catch (err) {
      // A zip refused partway keeps none of its letters: the files stored so far go, unless the same bytes are already someone's file.
      await discardUnrecorded(system, files, session.orgId, saved);
      throw err;
    } finally {
      zip.close();
    }
    return out;
  },
};

/** Removes stored files no file row names (the organisation's own paths only). */
async function discardUnrecorded(system: Kysely<Database>, files: FileStore, orgId: number, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const known = new Set(
    (
      await system
        .selectFrom('files')
        .select('path')
        .where('org_id', '=', orgId)
        .where('path', 'in', [...new Set(paths)])
        .execute()
    ).map((f) => f.path),
  );
  for (const path of new Set(paths)) if (!known.has(path)) await files.discard(path).catch(() => undefined);
}
