import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { projectRoot } from '../../schemaSource/schemaFiles.js';
import { tableOfCompact } from './compactClassification.js';
import { parseClassification, type ClassificationTable } from './parseClassification.js';

/** The edition shipped with the product (see assets/classification/NOTICE.md for its source and licence). */
export const SHIPPED_CLASSIFICATION = join(projectRoot, 'assets', 'classification', 'classification.json.gz');

export interface ClassificationEdition {
  source: 'shipped' | 'file';
  /** SHA-256 of the file's bytes: the same file is never imported twice. */
  digest: string;
  read: () => ClassificationTable;
}

const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function parsedJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`无法读取分类表 ${file}：${(err as Error).message}`, { cause: err });
  }
}

/** A classification file in the source's tree form (the public table, or a newer edition of it). */
export async function fileEdition(file: string): Promise<ClassificationEdition> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new Error(`无法读取分类表 ${file}：${(err as Error).message}`, { cause: err });
  }
  return { source: 'file', digest: digestOf(bytes), read: () => parseClassification(parsedJson(bytes.toString('utf8'), file)) };
}

/** The shipped edition; null when the product was installed without it. */
export async function shippedEdition(file = SHIPPED_CLASSIFICATION): Promise<ClassificationEdition | null> {
  if (!existsSync(file)) return null;
  const bytes = await readFile(file);
  return { source: 'shipped', digest: digestOf(bytes), read: () => tableOfCompact(parsedJson(gunzipSync(bytes).toString('utf8'), file)) };
}
