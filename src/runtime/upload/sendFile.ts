import type { ChunkedUpload, FileGetOssTokenResponse, UploadedFile } from '../../generated/types.js';
import { usesChunkedPath, type UploadRules } from './uploadRules.js';

type CallOperation = <Res = unknown>(operationId: string, body: unknown) => Promise<Res>;

/** How long a half-finished upload is worth resuming: the server gives it up after a day. */
const RESUME_WITHIN_MS = 23 * 3_600_000;
const CHUNK_ATTEMPTS = 3;

function resumeKey(file: File, rules: UploadRules): string {
  return `ipm-upload:${rules.purpose}:${file.name}:${file.size}:${file.lastModified}`;
}

function remembered(key: string): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as { uploadId: string; savedAt: number } | null;
    return saved && Date.now() - saved.savedAt < RESUME_WITHIN_MS ? saved.uploadId : null;
  } catch {
    return null;
  }
}

/**
 * Sends one file and answers with the stored file. Files of 50 MB and more go straight to the
 * object store when the server has one (a presigned PUT, then registered), otherwise in chunks
 * through the resumable upload: the upload id is remembered in this browser, so choosing the same
 * file again after an interruption sends only the chunks the server does not have yet.
 */
export async function sendFile(call: CallOperation, file: File, rules: UploadRules, onProgress?: (percent: number) => void): Promise<UploadedFile> {
  if (!usesChunkedPath(file.size, rules)) {
    const form = new FormData();
    form.append('purpose', rules.purpose);
    form.append('file', file);
    return call<UploadedFile>('file.upload', form);
  }
  const direct = await call<FileGetOssTokenResponse>('file.getOssToken', { fileName: file.name, size: file.size, purpose: rules.purpose });
  if (direct.direct) {
    await putToStore(direct, file, onProgress);
    const stored = await call<UploadedFile>('file.registerOssUpload', { key: direct.key });
    onProgress?.(100);
    return stored;
  }
  const key = resumeKey(file, rules);
  const previous = remembered(key);
  let upload = previous ? await call<ChunkedUpload>('file.uploadStatus', { uploadId: previous }).catch(() => null) : null;
  if (!upload || upload.size !== file.size) {
    upload = await call<ChunkedUpload>('file.startUpload', { fileName: file.name, size: file.size, purpose: rules.purpose });
    localStorage.setItem(key, JSON.stringify({ uploadId: upload.uploadId, savedAt: Date.now() }));
  }
  const have = new Set(upload.received);
  let done = have.size;
  onProgress?.(Math.floor((done / (upload.chunkCount + 1)) * 100));
  for (let index = 0; index < upload.chunkCount; index++) {
    if (have.has(index)) continue;
    await sendChunk(call, upload, index, file.slice(index * upload.chunkSize, (index + 1) * upload.chunkSize));
    done++;
    // The last step, assembling on the server, counts as one more chunk.
    onProgress?.(Math.floor((done / (upload.chunkCount + 1)) * 100));
  }
  const stored = await call<UploadedFile>('file.completeUpload', { uploadId: upload.uploadId });
  localStorage.removeItem(key);
  onProgress?.(100);
  return stored;
}

async function sendChunk(call: CallOperation, upload: ChunkedUpload, index: number, bytes: Blob): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const form = new FormData();
    form.append('uploadId', upload.uploadId);
    form.append('index', String(index));
    form.append('file', bytes, 'blob');
    try {
      await call('file.uploadChunk', form);
      return;
    } catch (err) {
      const status = (err as { status?: number }).status ?? 0;
      // A refusal stays a refusal; only a dropped connection or a server hiccup is worth retrying.
      if (attempt >= CHUNK_ATTEMPTS || (status >= 400 && status < 500)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** The PUT to the bucket, by XMLHttpRequest for its upload progress (fetch has none); registering counts as the last step. */
function putToStore(direct: FileGetOssTokenResponse, file: File, onProgress?: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(direct.method ?? 'PUT', direct.url!);
    for (const [name, value] of Object.entries(direct.headers ?? {})) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.floor((event.loaded / event.total) * 95));
    };
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(`对象存储拒绝了上传（HTTP ${request.status}）`)));
    request.onerror = () => reject(new Error('无法连接对象存储，文件未上传'));
    request.send(file);
  });
}
