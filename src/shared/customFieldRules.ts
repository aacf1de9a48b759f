/**
 * Rules of custom fields (spec 001 §3–§5, §9) that the page and the server both apply: the seven
 * types, limits, choice options, which types may filter, value checks and reminder times.
 */

export const FIELD_TYPES = ['单行文本', '多行文本', '单选', '多选', '附件', '日期', '数字'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** At most this many fields are pinned (固定). */
export const MAX_PINNED = 5;
export const PINNED_LIMIT_TEXT = `最多只能固定 ${MAX_PINNED} 个字段`;

/** Input limits in characters (single-line 50, multi-line 200, number 20). */
export const VALUE_LIMITS: Partial<Record<FieldType, number>> = { 单行文本: 50, 多行文本: 200, 数字: 20 };

/** Number and attachment fields cannot be filters. */
export const isFilterable = (fieldType: string) => fieldType !== '数字' && fieldType !== '附件';
export const isChoice = (fieldType: string) => fieldType === '单选' || fieldType === '多选';

/** Copyright's built-in field: stored as 版权类型, shown as 作品类型, never edited or deleted. */
export const COPYRIGHT_MODULE = 32;
export const COPYRIGHT_TYPE_TITLE = '版权类型';
export const COPYRIGHT_TYPE_NAME = '作品类型';

export interface ChoiceOption {
  cont: string;
  color: string;
  value: string;
}

/** A new choice field starts with three empty options in pastel colours. */
export const DEFAULT_OPTION_COLORS = ['#FFE7BA', '#D9F7BE', '#D6E4FF'];
export const defaultOptions = (): ChoiceOption[] => DEFAULT_OPTION_COLORS.map((color) => ({ cont: '', color, value: '' }));

export const DATE_FORMATS = [
  { value: 'y/m/d', label: '年/月/日' },
  { value: 'y/m/d w', label: '年/月/日 星期' },
  { value: 'y/m/d h:i', label: '年/月/日 时:分' },
  { value: 'm/d', label: '月/日' },
] as const;
export const REMINDER_LEADS = ['当天', '提前1天', '提前2天', '提前1周', '提前2周', '提前1个月', '提前2个月'] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];
export const REMINDER_HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
export const REMINDER_KIND = '提醒指定人员';
export const NUMBER_FORMATS = ['整数', '1位小数', '2位小数', '人民币', '美元'] as const;

/** fieldContent of a date field, keyed as the spec names them. */
export interface DateSettings {
  日期格式: string;
  显示剩余期限?: boolean;
  自动填写?: boolean;
  设置期限提醒?: boolean;
  日期?: string;
  时间?: string;
  人员?: string;
  /** Names of 人员 in the same order, for showing only. */
  人员名称?: string;
  类型?: string;
}

export const defaultDateSettings = (): DateSettings => ({
  日期格式: 'y/m/d',
  显示剩余期限: false,
  自动填写: false,
  设置期限提醒: false,
  日期: '当天',
  时间: '00:00',
  人员: '',
  类型: REMINDER_KIND,
});

/** The settings a new field of the type starts with. */
export function defaultContent(fieldType: string): unknown {
  if (isChoice(fieldType)) return defaultOptions();
  if (fieldType === '日期') return defaultDateSettings();
  if (fieldType === '数字') return { 数字格式: '整数' };
  return {};
}

/** Options of a choice field's content; anything else has none. */
export function optionsOf(fieldType: string, content: unknown): ChoiceOption[] {
  return isChoice(fieldType) && Array.isArray(content) ? (content as ChoiceOption[]) : [];
}

/** A choice field needs at least one named option; the empty ones are dropped when saving. */
export function choiceOptionsProblem(options: ChoiceOption[]): string | null {
  if (!options.some((o) => o.cont.trim() !== '')) return '请输入选项';
  const names = options.map((o) => o.cont.trim()).filter(Boolean);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  return twice ? `选项“${twice}”重复` : null;
}

export const namedOptions = (options: ChoiceOption[]) => options.filter((o) => o.cont.trim() !== '').map((o) => ({ ...o, cont: o.cont.trim() }));

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

const NUMBER_TEXT = /^-?\d+(\.(\d+))?$/;
const DECIMALS: Record<string, number> = { 整数: 0, '1位小数': 1, '2位小数': 2, 人民币: 2, 美元: 2 };
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})( ([01]\d|2[0-3]):[0-5]\d)?$/;

export interface FieldForValue {
  title: string;
  fieldType: string;
  content: unknown;
}

/**
 * Why `value` cannot be the value of the field, or null. Covers what a page can know: limits,
 * options, number and date shapes. The server also checks the type's value schema and that
 * attachments are files of the organisation.
 */
export function valueProblem(field: FieldForValue, value: unknown): string | null {
  if (isEmptyValue(value)) return null;
  const { title, fieldType } = field;
  const limit = VALUE_LIMITS[fieldType as FieldType];
  if (fieldType === '单行文本' || fieldType === '多行文本' || fieldType === '数字') {
    const text = typeof value === 'number' && fieldType === '数字' ? String(value) : value;
    if (typeof text !== 'string') return `${title}应为文字`;
    if (limit !== undefined && [...text].length > limit) return `${title}不能超过 ${limit} 个字符`;
    if (fieldType === '数字') {
      const match = NUMBER_TEXT.exec(text.trim());
      if (!match) return `${title}只能填写数字`;
      const format = (field.content as { 数字格式?: string } | null)?.数字格式 ?? '整数';
      const allowed = DECIMALS[format] ?? 2;
      if ((match[2]?.length ?? 0) > allowed) return allowed === 0 ? `${title}只能填写整数` : `${title}最多 ${allowed} 位小数`;
    }
    return null;
  }
  if (isChoice(fieldType)) {
    const names = new Set(optionsOf(fieldType, field.content).map((o) => o.cont));
    const chosen = fieldType === '单选' ? [value] : value;
    if (!Array.isArray(chosen) || chosen.some((c) => typeof c !== 'string')) return `${title}的取值不正确`;
    const unknown = chosen.find((c) => !names.has(c as string));
    if (unknown !== undefined) return `${title}没有选项“${String(unknown)}”`;
    if (new Set(chosen).size !== chosen.length) return `${title}的选项重复`;
    return null;
  }
  if (fieldType === '日期') {
    const match = typeof value === 'string' ? DATE_TEXT.exec(value) : null;
    if (!match) return `${title}应为 YYYY-MM-DD 格式的日期`;
    const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    if (day.getUTCMonth() !== Number(match[2]) - 1 || day.getUTCDate() !== Number(match[3])) return `${title}不是有效的日期`;
    return null;
  }
  if (fieldType === '附件') {
    const ok =
      Array.isArray(value) &&
      value.every(
        (f) =>
          f && typeof f === 'object' && typeof (f as { fileUrl?: unknown }).fileUrl === 'string' && typeof (f as { fileName?: unknown }).fileName === 'string',
      );
    if (!ok) return `${title}应为已上传的文件`;
    if (value.length > 10) return `${title}最多 10 个文件`;
    return null;
  }
  return `${title}的类型未知`;
}

/** Reminder dates and hours are Beijing time, whatever the server's zone. */
const BEIJING_OFFSET = '+08:00';

/**
 * When the reminder of a date value is due: the date (its day part) moved back by the lead,
 * at the reminder hour, Beijing time. Months step back by calendar month, keeping the day where
 * the month has it (31 Mar − 1 month = 28/29 Feb).
 */
export function reminderDueAt(dateValue: string, lead: string, hour: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateValue);
  if (!match || !/^([01]\d|2[0-3]):00$/.test(hour)) return null;
  let year = Number(match[1]);
  let month = Number(match[2]);
  let day = Number(match[3]);
  const back: Record<string, { days?: number; months?: number }> = {
    当天: {},
    提前1天: { days: 1 },
    提前2天: { days: 2 },
    提前1周: { days: 7 },
    提前2周: { days: 14 },
    提前1个月: { months: 1 },
    提前2个月: { months: 2 },
  };
  const step = back[lead];
  if (!step) return null;
  if (step.months) {
    month -= step.months;
    while (month < 1) {
      month += 12;
      year -= 1;
    }
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    day = Math.min(day, lastDay);
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = new Date(`${year}-${pad(month)}-${pad(day)}T${hour}:00${BEIJING_OFFSET}`);
  if (step.days) at.setTime(at.getTime() - step.days * 86_400_000);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Comma-joined person ids of a date field's reminder. */
export const reminderPeople = (text: string | undefined) => [
  ...new Set(
    (text ?? '')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isSafeInteger(n) && n > 0),
  ),
];

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** A date value as the field's 日期格式 shows it. */
export function formatDateValue(value: string, format: string | undefined): string {
  const match = DATE_TEXT.exec(value);
  if (!match) return value;
  const [, y, m, d, time] = match;
  switch (format) {
    case 'y/m/d w':
      return `${y}/${m}/${d} 星期${WEEKDAYS[new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).getUTCDay()]}`;
    case 'y/m/d h:i':
      return `${y}/${m}/${d}${time ?? ' 00:00'}`;
    case 'm/d':
      return `${m}/${d}`;
    default:
      return `${y}/${m}/${d}`;
  }
}

/** A number value as the field's 数字格式 shows it; the stored text keeps its precision. */
export function formatNumberValue(value: string, format: string | undefined): string {
  if (!NUMBER_TEXT.test(value)) return value;
  const decimals = DECIMALS[format ?? '整数'] ?? 0;
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${value.startsWith('-') ? '-' : ''}${grouped}${decimals > 0 ? `.${fraction.padEnd(decimals, '0').slice(0, decimals)}` : ''}`;
  if (format === '人民币') return `¥${text}`;
  if (format === '美元') return `$${text}`;
  return text;
}

/** Whole days from `today` (YYYY-MM-DD) to the date value; negative when past. */
export function daysUntil(value: string, today: string): number | null {
  const a = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const b = /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  if (!a || !b) return null;
  return Math.round((Date.UTC(+a[1]!, +a[2]! - 1, +a[3]!) - Date.UTC(+b[1]!, +b[2]! - 1, +b[3]!)) / 86_400_000);
}
