import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { SubCode } from '../../shared/envelope.js';
import type { OperationDefinition } from '../../shared/operation.js';
import { MB, UPLOAD_PURPOSES, isUploadPurpose, officialTypeMessage, tooLargeMessage, type UploadPurpose } from '../../shared/uploadPurposes.js';
import type { Kysely } from 'kysely';
import { ApiError, badRequest, notFound } from '../http/apiError.js';
import type { Database } from '../db/tables.js';
import { withOrganisation } from '../db/tenantScope.js';
import { unstorableTextAt, unstorableTextMessage } from '../http/textCharacters.js';
import { FileTooLargeError, type FileStore, type StoredFile } from './fileStore.js';
import type { ChunkArea } from './chunkArea.js';
import { GENERAL_UPLOAD_TYPES, extensionOf, typeMismatch } from './fileTypes.js';

/** Why a resumable upload's id is not taken. */
export const UPLOAD_GONE = '上传任务不存在或已过期，请重新上传';

export interface ReceivedUpload {
  name: string;
  extension: string;
  purpose: UploadPurpose;
  stored: StoredFile;
}

/** One chunk of a resumable upload, waiting in a temporary file for its handler to place it. */
export interface ReceivedChunk {
  temp: string;
  size: number;
}

export interface ReceivedMultipart {
  /** The text fields sent before the file part, checked against the operation's request schema. */
  fields: Record<string, string>;
  upload?: ReceivedUpload;
  chunk?: ReceivedChunk;
}

/** Why a file name is refused for a purpose (null when it may be uploaded). */
export function nameRefusal(purpose: UploadPurpose, extension: string): string | null {
  const allowed: readonly string[] = UPLOAD_PURPOSES[purpose].extensions;
  if (allowed.includes(extension) && GENERAL_UPLOAD_TYPES[extension]) return null;
  return purpose === 'general' ? typeMismatch(extension, undefined, new Uint8Array()) : officialTypeMessage(allowed);
}

/** A large file announced before its bytes are sent (chunked or straight to the store): its extension, once name and size are allowed. */
export function largeUploadExtension(fileName: string, size: number, purpose: UploadPurpose): string {
  const extension = extensionOf(fileName);
  const refusal = nameRefusal(purpose, extension);
  if (refusal) throw badRequest(refusal);
  if (size > purposeLimitBytes(purpose)) throw new ApiError(413, SubCode.tooLarge, tooLargeMessage(purpose));
  return extension;
}

export function purposeLimitBytes(purpose: UploadPurpose, ceilingMb?: number): number {
  return Math.min(UPLOAD_PURPOSES[purpose].limitMb, ceilingMb ?? Number.POSITIVE_INFINITY) * MB;
}

function textFields(part: MultipartFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, entry] of Object.entries(part.fields)) {
    const first = (Array.isArray(entry) ? entry[0] : entry) as Multipart | undefined;
    if (first && first.type === 'field') fields[name] = String(first.value);
  }
  return fields;
}

/**
 * Streams the `file` part of a multipart request to disk, outside any database transaction (a slow
 * upload must not hold the database), enforcing the size limit while it arrives. Text fields must
 * come before the file. A whole file is named, its name checked against its purpose, and stored;
 * a chunk of a resumable upload is raw bytes kept aside for its handler.
 */
/** Whether the organisation has a resumable upload of this id under way: read in a short transaction of its own, before any byte is received. */
function uploadStarted(system: Kysely<Database>, orgId: number, uploadId: string): Promise<boolean> {
  // An upload straight to the object store (object_key) takes no chunks.
  return withOrganisation(
    system,
    orgId,
    async (db) => !!(await db.selectFrom('upload_sessions').select('id').where('id', '=', uploadId).where('object_key', 'is', null).executeTakeFirst()),
  );
}

/**
 * Reads a refused file part to its end without keeping it, up to its size limit, and then the rest of
 * the request: the answer then leaves after the whole request and the connection serves the next one.
 * A part beyond its limit is left to the usual close (unreadBody.ts).
 */
async function discardRest(request: FastifyRequest, part: MultipartFile): Promise<void> {
  await new Promise<void>((resolve) => {
    part.file.once('end', resolve).once('limit', resolve).once('error', () => resolve());
    part.file.resume();
  });
  if (part.file.truncated || request.raw.readableEnded) return;
  await new Promise<void>((resolve) => {
    request.raw.once('end', resolve).once('close', resolve).once('error', () => resolve());
  });
}

export async function receiveMultipart(
  request: FastifyRequest,
  services: { files: FileStore; chunks: ChunkArea; system: Kysely<Database> },
  organisation: number | ((fields: Record<string, string>) => Promise<number>),
  op: Pick<OperationDefinition, 'uploadLimitMb' | 'uploadKind' | 'uploadPurpose'>,
  checkFields: (fields: Record<string, string>) => void,
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传，文件字段为 file');
  const ceiling = (op.uploadLimitMb ?? 30) * MB;
  const part = await request.file({ limits: { fileSize: ceiling + 1, files: 1 } }).catch(() => undefined);
  if (!part || part.fieldname !== 'file') throw badRequest('请选择要上传的文件（字段名 file）');
  const fields = textFields(part);
  let orgId: number;
  try {
    checkFields(fields);
    // A public upload (through a signed link) learns its organisation from its fields.
    orgId = typeof organisation === 'number' ? organisation : await organisation(fields);
  } catch (err) {
    part.file.resume();
    throw err;
  }

  if (op.uploadKind === 'chunk') {
    // A chunk of an upload the organisation has not started (or that is over) is refused before a byte of it is stored.
    if (!(await uploadStarted(services.system, orgId, fields.uploadId!))) {
      await discardRest(request, part);
      throw notFound(UPLOAD_GONE);
    }
    try {
      return { fields, chunk: await services.chunks.receive(part.file, orgId, fields.uploadId, ceiling) };
    } catch (err) {
      if (err instanceof FileTooLargeError) throw badRequest(`每个分片不能超过 ${op.uploadLimitMb}MB`);
      throw err;
    }
  }

  const purpose = isUploadPurpose(fields.purpose) ? fields.purpose : (op.uploadPurpose ?? 'general');
  const name = part.filename || '未命名';
  const extension = extensionOf(name);
  // A NUL in the name would fail the statement recording the file.
  const refusal = unstorableTextAt(name) ? unstorableTextMessage('文件名', false) : nameRefusal(purpose, extension);
  if (refusal) {
    part.file.resume();
    throw badRequest(refusal);
  }
  const limit = purposeLimitBytes(purpose, op.uploadLimitMb);
  try {
    return { fields, upload: { name, extension, purpose, stored: await services.files.save(part.file, orgId, extension, limit) } };
  } catch (err) {
    if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, SubCode.tooLarge, tooLargeMessage(purpose, limit / MB));
    }
    throw err;
  }
}
