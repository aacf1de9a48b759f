/** The country of an overseas letter whose name gives none: a Madrid international registration. */
export const MADRID_COUNTRY = '马德里';

export const OVERSEAS_LETTER_EXTENSIONS = ['pdf', 'jpg', 'png', 'jpeg'] as const;

export interface OverseasLetterName {
  type: string;
  appNo: string;
  country: string;
}

/** Why an overseas letter's file name is refused. */
export const OVERSEAS_NAME_MESSAGE = '境外官文文件名应为“文件类型_申请号_国家”（以 _ 或 - 连接，国家省略为马德里），以中文开头，格式为 pdf、jpg、png 或 jpeg';

/**
 * Spec 001 §5: an overseas letter's file name is its type, application number and country joined
 * by _ or -, the country Madrid when omitted; it begins with non-ASCII and ends in pdf, jpg, png
 * or jpeg. Null when the name does not follow the rule.
 */
export function parseOverseasLetterName(fileName: string): OverseasLetterName | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = base.slice(dot + 1).toLowerCase();
  if (!(OVERSEAS_LETTER_EXTENSIONS as readonly string[]).includes(extension)) return null;
  const stem = base.slice(0, dot).trim();
  if (!stem || stem.charCodeAt(0) < 0x80) return null;
  const parts = stem.split(/[_-]/).map((p) => p.trim());
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !p)) return null;
  const [type, appNo, country] = parts;
  if (!/^[A-Za-z0-9]+$/.test(appNo)) return null;
  return { type, appNo: appNo.toUpperCase(), country: country ?? MADRID_COUNTRY };
}
