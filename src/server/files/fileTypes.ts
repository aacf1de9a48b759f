import type { GeneralExtension } from '../../shared/uploadPurposes.js';

/** What an upload may be, by extension, and the content type its bytes must show (file-type's name). */
export const GENERAL_UPLOAD_TYPES: Record<string, { detected: string | null; mime: string }> = {
  pdf: { detected: 'pdf', mime: 'application/pdf' },
  jpg: { detected: 'jpg', mime: 'image/jpeg' },
  jpeg: { detected: 'jpg', mime: 'image/jpeg' },
  png: { detected: 'png', mime: 'image/png' },
  gif: { detected: 'gif', mime: 'image/gif' },
  webp: { detected: 'webp', mime: 'image/webp' },
  doc: { detected: 'cfb', mime: 'application/msword' },
  xls: { detected: 'cfb', mime: 'application/vnd.ms-excel' },
  ppt: { detected: 'cfb', mime: 'application/vnd.ms-powerpoint' },
  docx: { detected: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { detected: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { detected: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  zip: { detected: 'zip', mime: 'application/zip' },
  rar: { detected: 'rar', mime: 'application/vnd.rar' },
  '7z': { detected: '7z', mime: 'application/x-7z-compressed' },
  // Plain text has no signature: it must simply not look like anything else, nor hold NUL bytes.
  txt: { detected: null, mime: 'text/plain; charset=utf-8' },
  csv: { detected: null, mime: 'text/csv; charset=utf-8' },
} satisfies Record<GeneralExtension, { detected: string | null; mime: string }>;

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Why the bytes do not fit the name (null when they do). `detected` is file-type's verdict on the
 * first bytes, or undefined when it recognised nothing.
 */
export function typeMismatch(extension: string, detected: string | undefined, head: Uint8Array): string | null {
  const allowed = GENERAL_UPLOAD_TYPES[extension];
  const list = Object.keys(GENERAL_UPLOAD_TYPES).join('、');
  if (!allowed) return `文件类型只能是 ${list}`;
  if (allowed.detected === null) {
    if (detected !== undefined || head.includes(0)) return `文件内容与扩展名 .${extension} 不符${detected ? `（实际为 ${detected}）` : ''}`;
    return null;
  }
  if (detected !== allowed.detected) return `文件内容与扩展名 .${extension} 不符${detected ? `（实际为 ${detected}）` : ''}`;
  return null;
}
