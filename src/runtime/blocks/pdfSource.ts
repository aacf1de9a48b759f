/** A storage path as `file.upload` answers it, e.g. `1/202501/<sha256>.pdf`. */
const STORED_PATH = /^[0-9]+\/[0-9]{6}\/[0-9a-f]{64}\.[a-z0-9]{1,5}$/;
const DOWNLOAD_URL = '/api/file/download?';

/**
 * The storage path of a file to preview, from a path or from our download URL (relative or on
 * this site); null for anything else, since previews go through the authorised download only.
 */
export function storagePathOf(src: string | null | undefined, origin?: string): string | null {
  const text = (src ?? '').trim();
  if (!text) return null;
  if (STORED_PATH.test(text)) return text;
  let relative = text;
  if (origin && text.startsWith(`${origin}/`)) relative = text.slice(origin.length);
  if (!relative.startsWith(DOWNLOAD_URL)) return null;
  const path = new URLSearchParams(relative.slice(DOWNLOAD_URL.length)).get('path');
  return path && STORED_PATH.test(path) ? path : null;
}

export const WATERMARK_TILE = { width: 220, height: 140 };

/** The grid of watermark tiles that covers a page of the given size, the last row and column cut off. */
export function watermarkGrid(width: number, height: number): { columns: number; rows: number } {
  if (width <= 0 || height <= 0) return { columns: 0, rows: 0 };
  return { columns: Math.ceil(width / WATERMARK_TILE.width), rows: Math.ceil(height / WATERMARK_TILE.height) };
}
