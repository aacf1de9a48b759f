import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { FileStore } from '../files/fileStore.js';
import { startAfterReply } from '../jobs/backgroundJobs.js';
import { hasLetterText } from '../../shared/letterParse.js';
import { IMAGE_WITHOUT_TEXT, type LetterFile } from './letterRecognition.js';
import { ocrText } from './letterOcr.js';
import { renderPdfPages } from './letterText.js';

/** A scanned letter being read in the background; the page polls it by id. */
export interface OcrTask {
  orgId: number;
  file: LetterFile;
  percent: number;
  /** Set when done: the text read, or null with `message` saying why there is none. */
  outcome?: { text: string | null; message: string };
  finishedAt?: number;
}

/** Finished tasks are kept this long for the page to fetch their result. */
const KEPT_MS = 60 * 60 * 1000;
const tasks = new Map<string, OcrTask>();

function forget(now: number): void {
  for (const [id, task] of tasks) if (task.finishedAt !== undefined && now - task.finishedAt > KEPT_MS) tasks.delete(id);
}

export function ocrTask(orgId: number, id: string): OcrTask | undefined {
  const task = tasks.get(id);
  return task && task.orgId === orgId ? task : undefined;
}

/**
 * Queues the OCR of a stored letter (`pages` of a scanned PDF, or the picture itself) to start once
 * the reply has gone out; the id is what the page polls.
 */
export function startOcr(
  services: { reply: FastifyReply; system: Kysely<Database>; files: FileStore },
  orgId: number,
  file: LetterFile,
  kind: 'pdf' | 'image',
  pages: number[],
): string {
  const now = Date.now();
  forget(now);
  const id = randomUUID();
  const task: OcrTask = { orgId, file, percent: 0 };
  tasks.set(id, task);
  startAfterReply(services.reply, services.system, `letter-ocr:${id}`, async (progress) => {
    try {
      const bytes = await services.files.read(file.path);
      const images = kind === 'pdf' ? await renderPdfPages(bytes, pages) : [bytes];
      const text = await ocrText(images, (percent) => {
        task.percent = percent;
        progress.percent = percent;
      });
      task.outcome = hasLetterText(text) ? { text, message: '' } : { text: null, message: IMAGE_WITHOUT_TEXT };
    } catch {
      // A picture the OCR cannot decode is reported like one with no writing.
      task.outcome = { text: null, message: IMAGE_WITHOUT_TEXT };
    } finally {
      task.percent = 100;
      task.finishedAt = Date.now();
    }
  });
  return id;
}
