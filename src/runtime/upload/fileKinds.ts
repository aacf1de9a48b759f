import { extensionOf } from './uploadRules.js';

const IMAGE_TYPES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);

/** Whether a thumbnail can show the picture itself. */
export function isImageFile(nameOrType: string): boolean {
  return IMAGE_TYPES.has(nameOrType.includes('.') ? extensionOf(nameOrType) : nameOrType.toLowerCase());
}

export type FileIconKind = 'pdf' | 'doc' | 'zip' | 'xlsx' | 'txt' | 'other';

/** The file-type icon of a non-image thumbnail (spec 000 §9: pdf, doc, zip/rar, xlsx, txt). */
export function fileIconKind(nameOrType: string): FileIconKind {
  const type = nameOrType.includes('.') ? extensionOf(nameOrType) : nameOrType.toLowerCase();
  if (type === 'pdf') return 'pdf';
  if (type === 'doc' || type === 'docx') return 'doc';
  if (type === 'zip' || type === 'rar' || type === '7z') return 'zip';
  if (type === 'xls' || type === 'xlsx' || type === 'csv') return 'xlsx';
  if (type === 'txt') return 'txt';
  return 'other';
}

/** What a table cell shows of a file list: the first few, and how many more there are. */
export function cellSlice<T>(files: readonly T[], shown = 3): { visible: T[]; more: number } {
  return { visible: files.slice(0, shown), more: Math.max(0, files.length - shown) };
}

/** The stored path inside a download address `/api/file/download?path=…`. */
export function pathOfUrl(url: string): string | null {
  const query = url.split('?')[1];
  return query ? new URLSearchParams(query).get('path') : null;
}

/**
 * The list with a newly stored file added: replacing the old one for a single-file uploader. The
 * same bytes uploaded twice come back as the same stored file, so a repeated uid gets a suffix to
 * keep each entry removable on its own.
 */
export function withStoredFile<T extends { uid: string }>(files: readonly T[], stored: T, maxCount: number): T[] {
  if (maxCount === 1) return [stored];
  const taken = new Set(files.map((f) => f.uid));
  let uid = stored.uid;
  for (let n = 2; taken.has(uid); n++) uid = `${stored.uid}-${n}`;
  return [...files, uid === stored.uid ? stored : { ...stored, uid }];
}
