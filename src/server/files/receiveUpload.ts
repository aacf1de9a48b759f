import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { SubCode } from '../../shared/envelope.js';
import type { OperationDefinition } from '../../shared/operation.js';
import { MB, UPLOAD_PURPOSES, isUploadPurpose, officialTypeMessage, tooLargeMessage, type UploadPurpose } from '../../shared/uploadPurposes.js';
import { ApiError, badRequest } from '../http/apiError.js';
import { unstorableTextAt, unstorableTextMessage } from '../http/textCharacters.js';
import { FileTooLargeError, type FileStore, type StoredFile } from './fileStore.js';
import type { ChunkArea } from './chunkArea.js';
import { GENERAL_UPLOAD_TYPES, extensionOf, typeMismatch } from './fileTypes.js';

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
export async function receiveMultipart(
  request: FastifyRequest,
  services: { files: FileStore; chunks: ChunkArea },
  orgId: number,
  op: Pick<OperationDefinition, 'uploadLimitMb' | 'uploadKind'>,
  checkFields: (fields: Record<string, string>) => void,
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传，文件字段为 file');
  const ceiling = (op.uploadLimitMb ?? 30) * MB;
  const part = await request.file({ limits: { fileSize: ceiling + 1, files: 1 } }).catch(() => undefined);
  if (!part || part.fieldname !== 'file') throw badRequest('请选择要上传的文件（字段名 file）');
  const fields = textFields(part);
  try {
    checkFields(fields);
  } catch (err) {
    part.file.resume();
    throw err;
  }

  if (op.uploadKind === 'chunk') {
    try {
      return { fields, chunk: await services.chunks.receive(part.file, orgId, fields.uploadId, ceiling) };
    } catch (err) {
      if (err instanceof FileTooLargeError) throw badRequest(`每个分片不能超过 ${op.uploadLimitMb}MB`);
      throw err;
    }
  }

  const purpose = isUploadPurpose(fields.purpose) ? fields.purpose : 'general';
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
