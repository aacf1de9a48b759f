import { CHUNKED_UPLOAD_FROM_BYTES, MB, UPLOAD_PURPOSES, officialTypeMessage, tooLargeMessage, type UploadPurpose } from '../../shared/uploadPurposes.js';

/** What an uploader lets through, checked before anything is sent (the server checks again). */
export interface UploadRules {
  purpose: UploadPurpose;
  /** May only lower the purpose's own limit. */
  limitMb?: number;
  /** Allowed extensions; defaults to the purpose's list (official documents) or every type the server takes. */
  accept?: readonly string[];
  /** 1: a new file replaces the old one; more: at most this many. */
  maxCount: number;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function limitMbOf(rules: UploadRules): number {
  const own = UPLOAD_PURPOSES[rules.purpose].limitMb;
  return Math.min(rules.limitMb ?? own, own);
}

export function acceptedExtensions(rules: UploadRules): readonly string[] {
  return rules.accept ?? UPLOAD_PURPOSES[rules.purpose].extensions;
}

/** "文件只能是 jpg、png 格式": jpeg is shown as jpg, once (spec 000 §5). */
export function generalTypeMessage(extensions: readonly string[]): string {
  const shown = extensions.map((t) => (t === 'jpeg' ? 'jpg' : t)).filter((t, i, all) => all.indexOf(t) === i);
  return `文件只能是 ${shown.join('、')} 格式`;
}

function countMessage(maxCount: number): string {
  return `最多只能上传 ${maxCount} 个文件`;
}

/** The `accept` attribute of the file input, so the system dialog offers the right files first. */
export function acceptAttribute(rules: UploadRules): string | undefined {
  return acceptedExtensions(rules)
    .map((t) => `.${t}`)
    .join(',');
}

/** Why a file may not be uploaded under these rules, by type then size (null when it may). */
export function fileRefusal(file: { name: string; size: number }, rules: UploadRules): string | null {
  const allowed = acceptedExtensions(rules);
  if (!allowed.includes(extensionOf(file.name))) {
    return rules.purpose === 'general' ? generalTypeMessage(allowed) : officialTypeMessage(allowed);
  }
  const limitMb = limitMbOf(rules);
  if (file.size > limitMb * MB) return tooLargeMessage(rules.purpose, limitMb);
  return null;
}

/** Whether one more file fits beside `taken` ones; a single-file uploader always takes the new one. */
export function countRefusal(rules: UploadRules, taken: number): string | null {
  return rules.maxCount > 1 && taken >= rules.maxCount ? countMessage(rules.maxCount) : null;
}

/** Large files go through the resumable chunked upload, where the limit allows them at all. */
export function usesChunkedPath(size: number, rules: UploadRules): boolean {
  return size >= CHUNKED_UPLOAD_FROM_BYTES && limitMbOf(rules) * MB >= CHUNKED_UPLOAD_FROM_BYTES;
}
