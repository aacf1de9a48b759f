import type { UploadedFile } from '../../generated/types.js';

/** A file as records keep it: its name and its storage path. */
export interface StoredFile {
  fileName: string;
  filePath: string;
}

/** Where a stored file downloads from. */
export const fileDownloadUrl = (path: string) => `/api/file/download?path=${encodeURIComponent(path)}`;

/** Stored files as the upload blocks hold them. */
export function uploadedFilesOf(files: readonly StoredFile[]): UploadedFile[] {
  return files.map((f, index) => ({
    uid: `${index}-${f.filePath}`,
    name: f.fileName,
    size: 0,
    type: '',
    url: fileDownloadUrl(f.filePath),
    path: f.filePath,
    status: 'done',
  }));
}

/** An upload block's files as records keep them. */
export function storedFilesOf(files: readonly UploadedFile[]): StoredFile[] {
  return files.map((f) => ({ fileName: f.name, filePath: f.path }));
}
