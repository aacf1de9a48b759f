import type { DemandFile, UploadedFile } from '../../generated/types.js';

const downloadUrl = (path: string) => `/api/file/download?path=${encodeURIComponent(path)}`;

/** A proposal's files as the upload blocks hold them. */
export function uploadedFilesOf(files: readonly DemandFile[]): UploadedFile[] {
  return files.map((f, index) => ({
    uid: `${index}-${f.filePath}`,
    name: f.fileName,
    size: 0,
    type: '',
    url: downloadUrl(f.filePath),
    path: f.filePath,
    status: 'done',
  }));
}

/** Uploaded files as a proposal keeps them: name and storage path. */
export function demandFilesOf(files: readonly UploadedFile[]): DemandFile[] {
  return files.map((f) => ({ fileName: f.name, filePath: f.path }));
}
