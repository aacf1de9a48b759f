import type { GoodsItem } from '../../generated/types.js';
import { DATE_COLUMNS, DATE_PATTERN, HEADER_OF, WHOLE_ROW, type ImportCells, type ImportColumnKey } from './importColumns.js';

/** One problem found in one row of an import file. Errors keep the row out; warnings do not. */
export interface RowIssue {
  rowNo: number;
  column: string;
  level: 'error' | 'warning';
  message: string;
}

/** A row that passed: what the archive will hold. Text left empty in the file is ''. */
export interface ImportMark {
  rowNo: number;
  countryCode: string;
  appNo: string;
  intCls: number;
  tmName: string;
  applicant: string;
  applicantAddress: string;
  appDate: string | null;
  prelimDate: string | null;
  regDate: string | null;
  privateEndDate: string | null;
  regNo: string | null;
  tmStatus: string;
  goods: GoodsItem[];
  submitWay: string;
  agent: string;
  remark: string;
}

/** What the validator needs to know beyond the row itself. */
export interface RowContext {
  /** The country code for a name or code typed by a person ("中国", "CN", "欧盟"), or null. */
  countryCode(text: string): string | null;
  /**
   * The similar-group code of a goods item within a class, '' when the class does not list it,
   * or null when the classification has not been imported (then nothing is checked).
   */
  goodsGroup(intCls: number, name: string): string | null;
}

const MAX_LENGTH: Partial<Record<ImportColumnKey, number>> = {
  tmName: 100,
  applicant: 200,
  applicantAddress: 300,
  regNo: 50,
  tmStatus: 20,
  submitWay: 20,
  agent: 200,
  remark: 500,
};

const APP_NO = /^[A-Za-z0-9./-]{1,50}$/;
const DATE_TEXT = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const CLASS_TEXT = /^(?:第\s*)?0*(\d{1,2})(?:\s*类)?$/;
/** "0901 计算机", "0901：计算机", "0901-计算机" or just "计算机". */
const GOODS_ITEM = /^(?:(\d{4})\s*[:：\-－\s]\s*)?(.+)$/;
export const DEFAULT_COUNTRY = 'CN';
export const DEFAULT_SUBMIT_WAY = '单一申请';

/** 'YYYY-MM-DD' for a real calendar date typed as Y-M-D, Y/M/D or Y.M.D; null otherwise. */
export function parseDate(text: string): string | null {
  const m = DATE_TEXT.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The class number in "9", "09", "第9类"; null for anything else, including numbers outside 1–45. */
export function parseClass(text: string): number | null {
  const m = CLASS_TEXT.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 45 ? n : null;
}

/** Goods items of a cell: full-width or ASCII semicolons (a new line too) separate them. */
export function splitGoods(text: string): { code: string; name: string }[] {
  return text
    .split(/[；;\n]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = GOODS_ITEM.exec(part)!;
      return { code: m[1] ?? '', name: m[2]!.trim() };
    });
}

/**
 * Checks one data row on its own (what needs other rows or the database is checked elsewhere):
 * every problem is reported, not only the first, each naming its column in the template's words.
 */
export function validateRow(rowNo: number, cells: ImportCells, context: RowContext): { mark: ImportMark | null; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const error = (key: ImportColumnKey, message: string) => issues.push({ rowNo, column: HEADER_OF[key], level: 'error', message });
  const warning = (key: ImportColumnKey, message: string) => issues.push({ rowNo, column: HEADER_OF[key], level: 'warning', message });
  const text = (key: ImportColumnKey) => (cells[key] ?? '').trim();

  for (const [key, max] of Object.entries(MAX_LENGTH) as [ImportColumnKey, number][]) {
    if (text(key).length > max) error(key, `${HEADER_OF[key]}不能超过 ${max} 个字符`);
  }

  const tmName = text('tmName');
  if (!tmName) error('tmName', `${HEADER_OF.tmName}不能为空`);

  const appNo = text('appNo');
  if (!appNo) error('appNo', `${HEADER_OF.appNo}不能为空`);
  else if (!APP_NO.test(appNo)) error('appNo', `${HEADER_OF.appNo}“${appNo}”格式不正确：只能包含字母、数字、“.”“-”“/”`);

  const clsText = text('tmCl');
  const intCls = clsText ? parseClass(clsText) : null;
  if (!clsText) error('tmCl', `${HEADER_OF.tmCl}不能为空`);
  else if (intCls === null) error('tmCl', `${HEADER_OF.tmCl}应为 1–45 的整数（填写的是“${clsText}”）`);

  const countryText = text('country');
  const countryCode = countryText ? context.countryCode(countryText) : DEFAULT_COUNTRY;
  if (countryCode === null) error('country', `${HEADER_OF.country}“${countryText}”无法识别，请填写中文名称（如“美国”）或两位代码（如“US”）`);

  const dates: Partial<Record<ImportColumnKey, string | null>> = {};
  for (const key of DATE_COLUMNS) {
    const value = text(key);
    if (!value) {
      dates[key] = null;
      continue;
    }
    const parsed = parseDate(value);
    if (parsed === null) {
      error(key, DATE_TEXT.test(value) ? `${HEADER_OF[key]}“${value}”不是有效的日期` : `${HEADER_OF[key]}格式应为 ${DATE_PATTERN}（填写的是“${value}”）`);
    }
    dates[key] = parsed;
  }
  const appDate = dates.appDate ?? null;
  for (const key of ['prelimDate', 'regDate'] as const) {
    const later = dates[key];
    if (appDate && later && later < appDate) error(key, `${HEADER_OF[key]}不能早于${HEADER_OF.appDate}`);
  }
  if (dates.regDate && dates.privateEndDate && dates.privateEndDate <= dates.regDate)
    error('privateEndDate', `${HEADER_OF.privateEndDate}应晚于${HEADER_OF.regDate}`);

  const goods: GoodsItem[] = [];
  const seenGoods = new Set<string>();
  for (const item of splitGoods(text('goods'))) {
    if (item.name.length > 200) {
      error('goods', `${HEADER_OF.goods}“${item.name.slice(0, 20)}…”不能超过 200 个字符`);
      continue;
    }
    if (seenGoods.has(item.name)) continue;
    seenGoods.add(item.name);
    if (item.code && intCls !== null && Number(item.code.slice(0, 2)) !== intCls) {
      error('goods', `类似群 ${item.code} 不属于第 ${intCls} 类（${HEADER_OF.goods}“${item.name}”）`);
      continue;
    }
    let code = item.code;
    if (intCls !== null) {
      const group = context.goodsGroup(intCls, item.name);
      if (group === '') warning('goods', `${HEADER_OF.goods}“${item.name}”不在第 ${intCls} 类的分类表中，将按填写的内容保存`);
      else if (group !== null && !code) code = group;
    }
    goods.push({ code, name: item.name });
  }

  if (issues.some((i) => i.level === 'error') || intCls === null || countryCode === null) return { mark: null, issues };
  return {
    mark: {
      rowNo,
      countryCode,
      appNo,
      intCls,
      tmName,
      applicant: text('applicant'),
      applicantAddress: text('applicantAddress'),
      appDate,
      prelimDate: dates.prelimDate ?? null,
      regDate: dates.regDate ?? null,
      privateEndDate: dates.privateEndDate ?? null,
      regNo: text('regNo') || null,
      tmStatus: text('tmStatus'),
      goods,
      submitWay: text('submitWay') || DEFAULT_SUBMIT_WAY,
      agent: text('agent'),
      remark: text('remark'),
    },
    issues,
  };
}

/** The key under which a mark is one record: the same country, application number and class. */
export const markKey = (m: Pick<ImportMark, 'countryCode' | 'appNo' | 'intCls'>): string => `${m.countryCode}|${m.appNo.toUpperCase()}|${m.intCls}`;

/**
 * Remembers the marks seen so far in a file, so a later row naming the same mark is refused with
 * the row it repeats.
 */
export class DuplicateRows {
  private readonly firstRow = new Map<string, number>();

  /** The issue for a repeat, or null when this is the first row with the mark (it is then remembered). */
  check(mark: ImportMark): RowIssue | null {
    const key = markKey(mark);
    const first = this.firstRow.get(key);
    if (first === undefined) {
      this.firstRow.set(key, mark.rowNo);
      return null;
    }
    return {
      rowNo: mark.rowNo,
      column: WHOLE_ROW,
      level: 'error',
      message: `与第 ${first} 行重复（申请号 ${mark.appNo}、第 ${mark.intCls} 类），本行不会导入`,
    };
  }
}

/** What happens to a row whose mark the archive already holds. */
export type ExistingMode = 'skip' | 'update';

export function existingIssue(mark: ImportMark, ownedByOther: boolean): RowIssue {
  const what = `档案中已有该商标（申请号 ${mark.appNo}、第 ${mark.intCls} 类）`;
  return {
    rowNo: mark.rowNo,
    column: HEADER_OF.appNo,
    level: 'warning',
    message: ownedByOther ? `${what}，由他人负责，导入时将跳过` : `${what}，导入时按所选方式跳过或更新`,
  };
}
