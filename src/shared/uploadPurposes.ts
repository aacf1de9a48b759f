/**
 * What an upload is for decides its limits (spec 001 §5, §9; spec 000 §5): the client names a
 * purpose, the server looks it up here and never takes a size limit from the request.
 */
/** Every type the server takes at all; it checks each one's content by its signature. */
export const GENERAL_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'zip',
  'rar',
  '7z',
  'txt',
  'csv',
] as const;

export type GeneralExtension = (typeof GENERAL_EXTENSIONS)[number];

export const UPLOAD_PURPOSES = {
  general: { label: '一般文件', limitMb: 30, extensions: GENERAL_EXTENSIONS },
  officialDocument: { label: '官文', limitMb: 100, extensions: ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'] },
  /** A zip of many official letters, each recognised on its own. */
  officialArchive: { label: '官文压缩包', limitMb: 100, extensions: ['zip'] },
  /** A filled-in import template: only the workbook format the importer reads. */
  spreadsheet: { label: '导入表格', limitMb: 30, extensions: ['xlsx'] },
} as const satisfies Record<string, { label: string; limitMb: number; extensions: readonly string[] }>;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

export const MB = 1024 * 1024;

/** Files of this size and more go through the resumable chunked upload (spec 000 §5, §9). */
export const CHUNKED_UPLOAD_FROM_BYTES = 50 * MB;

/** The size of every chunk but the last. */
export const CHUNK_SIZE_BYTES = 5 * MB;

export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_PURPOSES, value);
}

/** The spec's own words: "上传文件大小不能超过 30MB!" in general, "上传文件大小不能超过100MB" for official documents. */
export function tooLargeMessage(purpose: UploadPurpose, limitMb: number = UPLOAD_PURPOSES[purpose].limitMb): string {
  return purpose === 'officialDocument' || purpose === 'officialArchive' ? `上传文件大小不能超过${limitMb}MB` : `上传文件大小不能超过 ${limitMb}MB!`;
}

/** "请上传{types}格式的文件" (spec 001 §5, official documents). */
export function officialTypeMessage(extensions: readonly string[]): string {
  return `请上传${extensions.join('、')}格式的文件`;
}
