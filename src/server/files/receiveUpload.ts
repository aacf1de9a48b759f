import type { FastifyRequest } from 'fastify';
import { SubCode } from '../../shared/envelope.js';
import { ApiError, badRequest } from '../http/apiError.js';
import type { FileStore, StoredFile } from './fileStore.js';
import { GENERAL_UPLOAD_TYPES, extensionOf, typeMismatch } from './fileTypes.js';

export interface ReceivedUpload {
  name: string;
  extension: string;
  stored: StoredFile;
}

/** The spec's own words for an upload over the limit (spec 001 §5). */
export const tooLargeMessage = (limitMb: number) => `上传文件大小不能超过 ${limitMb}MB!`;

/**
 * Streams the `file` part of a multipart request to the store, outside any database transaction
 * (a slow upload must not hold the database), enforcing the size limit while it arrives.
 */
export async function receiveUpload(request: FastifyRequest, store: FileStore, orgId: number, limitMb: number): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传，文件字段为 file');
  const limitBytes = limitMb * 1024 * 1024;
  const part = await request.file({ limits: { fileSize: limitBytes, files: 1 } }).catch(() => undefined);
  if (!part || part.fieldname !== 'file') throw badRequest('请选择要上传的文件（字段名 file）');
  const name = part.filename || '未命名';
  const extension = extensionOf(name);
  if (!GENERAL_UPLOAD_TYPES[extension]) {
    part.file.resume();
    throw badRequest(typeMismatch(extension, undefined, new Uint8Array())!);
  }
  let stored: StoredFile;
  try {
    stored = await store.save(part.file, orgId, extension);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, SubCode.tooLarge, tooLargeMessage(limitMb));
    throw err;
  }
  if (part.file.truncated || stored.size > limitBytes) {
    await store.discard(stored.path);
    throw new ApiError(413, SubCode.tooLarge, tooLargeMessage(limitMb));
  }
  return { name, extension, stored };
}
