import { FIELD_TITLES } from '../../generated/fieldTitles.js';
import { FIELD_FORMATS } from '../../generated/fieldFormats.js';

const TRADEMARK = FIELD_TITLES.Trademark;
const FORMATS: Partial<Record<string, string>> = FIELD_FORMATS.Trademark;

/** How a date is typed in the template (the fields the Trademark entity gives `format: date`). */
export const DATE_PATTERN = 'YYYY-MM-DD';

/** The hint of a field whose format says how to type it. */
const formatHint = (field: keyof typeof TRADEMARK): string => (FORMATS[field] === 'date' ? DATE_PATTERN : '');

/**
 * The columns of the portfolio import template, in the template's order. A filled-in file is read
 * by header text, not by position, so a person may reorder or drop optional columns.
 */
export const IMPORT_COLUMNS = [
  { key: 'tmName', header: TRADEMARK.tmName, required: true, width: 20, hint: '必填' },
  { key: 'appNo', header: TRADEMARK.appNo, required: true, width: 16, hint: '必填' },
  { key: 'tmCl', header: TRADEMARK.tmCl, required: true, width: 8, hint: '必填，1–45 的整数' },
  { key: 'country', header: TRADEMARK.countryCode, required: false, width: 12, hint: '不填为中国' },
  { key: 'applicant', header: TRADEMARK.applicant, required: false, width: 28, hint: '' },
  { key: 'applicantAddress', header: TRADEMARK.applicantAddress, required: false, width: 32, hint: '' },
  { key: 'appDate', header: TRADEMARK.appDate, required: false, width: 14, hint: formatHint('appDate') },
  { key: 'prelimDate', header: TRADEMARK.prelimDate, required: false, width: 14, hint: formatHint('prelimDate') },
  { key: 'regDate', header: TRADEMARK.regDate, required: false, width: 14, hint: formatHint('regDate') },
  { key: 'privateEndDate', header: TRADEMARK.privateEndDate, required: false, width: 16, hint: formatHint('privateEndDate') },
  { key: 'regNo', header: TRADEMARK.regNo, required: false, width: 14, hint: '' },
  { key: 'tmStatus', header: TRADEMARK.tmStatus, required: false, width: 12, hint: '' },
  { key: 'goods', header: '商品/服务', required: false, width: 40, hint: '以全角分号“；”分隔，可带类似群号，如“0901 计算机；0901 手机”' },
  { key: 'submitWay', header: TRADEMARK.submitWay, required: false, width: 12, hint: '不填为单一申请' },
  { key: 'agent', header: TRADEMARK.agent, required: false, width: 28, hint: '' },
  { key: 'remark', header: TRADEMARK.remark, required: false, width: 28, hint: '' },
] as const;

export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];

/** The cells of one data row, by column, as trimmed text ('' when empty). */
export type ImportCells = Partial<Record<ImportColumnKey, string>>;

/** The template's date columns: those whose Trademark field has `format: date`. */
export const DATE_COLUMNS = IMPORT_COLUMNS.map((c) => c.key).filter((key) => FORMATS[key] === 'date');

export const HEADER_OF = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.header])) as Record<ImportColumnKey, string>;

/** The column a report row names when the problem is the row as a whole. */
export const WHOLE_ROW = '整行';

/** Header text as a person may have typed it: "申请号*", "申请号（必填）" and "申请号 " are all 申请号. */
function normaliseHeader(text: string): string {
  return text
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/[*＊\s]/g, '')
    .trim();
}

export interface HeaderMap {
  /** 1-based spreadsheet column number of each template column found. */
  columns: Partial<Record<ImportColumnKey, number>>;
  /** Required columns the header row lacks. */
  missing: string[];
}

/** Which spreadsheet column holds which template column, read from the header row's texts. */
export function mapHeaders(headerTexts: readonly string[]): HeaderMap {
  const byText = new Map(IMPORT_COLUMNS.map((c) => [normaliseHeader(c.header), c.key]));
  const columns: Partial<Record<ImportColumnKey, number>> = {};
  headerTexts.forEach((text, index) => {
    const key = byText.get(normaliseHeader(text));
    if (key && columns[key] === undefined) columns[key] = index + 1;
  });
  const missing = IMPORT_COLUMNS.filter((c) => c.required && columns[c.key] === undefined).map((c) => c.header);
  return { columns, missing };
}
