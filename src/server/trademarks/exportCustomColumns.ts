import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest } from '../http/apiError.js';
import { loadFields, toCustomField, type FieldRow } from '../customFields/fieldDefinitions.js';
import { formatDateValue, formatNumberValue, isEmptyValue } from '../../shared/customFieldRules.js';

/** The archive's custom fields are those of module 1 (dicts/custom-field-modules.json). */
const ARCHIVE_MODULE = 1;
const PREFIX = 'custom:';

/** An export's column key for a custom field, kept with the standard keys in the export record. */
export const customColumnKey = (fieldId: number): string => `${PREFIX}${fieldId}`;

/** The field id of a custom column's key, or null for a standard column. */
export function customFieldIdOf(key: string): number | null {
  if (!key.startsWith(PREFIX)) return null;
  const id = Number(key.slice(PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The column keys of the chosen custom fields in the organisation's order of its fields (pinned
 * first, as the archive's columns stand); a field that is not a live archive field is refused.
 */
export async function customColumnKeys(db: ScopedDb, fieldIds: readonly number[]): Promise<string[]> {
  if (fieldIds.length === 0) return [];
  const fields = await loadFields(db, ARCHIVE_MODULE);
  const live = new Set(fields.map((f) => f.id));
  const missing = fieldIds.filter((id) => !live.has(id));
  if (missing.length > 0) throw badRequest(`自定义字段不存在或已删除：${missing.join('、')}`);
  return fields.filter((f) => fieldIds.includes(f.id)).map((f) => customColumnKey(f.id));
}

/** The definitions of an export's custom columns, whatever became of them since it started. */
export async function exportFields(db: ScopedDb, columns: readonly string[]): Promise<Map<number, FieldRow>> {
  const ids = columns.map(customFieldIdOf).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('custom_fields').selectAll().where('module_type', '=', ARCHIVE_MODULE).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export const customColumnHeader = (field: FieldRow): string => toCustomField(field).name;

/** Decimals Excel shows for each 数字格式; the currency ones carry their sign. */
const NUMBER_FORMATS: Record<string, string> = {
  整数: '#,##0',
  '1位小数': '#,##0.0',
  '2位小数': '#,##0.00',
  人民币: '"¥"#,##0.00',
  美元: '"$"#,##0.00',
};
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
/** Whether a stored number stays itself as a spreadsheet number: at most 15 significant digits. */
const exactAsNumber = (text: string): boolean => NUMBER_TEXT.test(text) && text.replace(/^-?0*|\.|0+$/g, '').length <= 15;

const settingsOf = (field: FieldRow) => (field.field_content ?? {}) as { 日期格式?: string; 数字格式?: string };

/** The Excel number format of a number field's column, so its cells are numbers shown as the field shows them. */
export function customColumnNumFmt(field: FieldRow): string | undefined {
  return field.field_type === '数字' ? (NUMBER_FORMATS[settingsOf(field).数字格式 ?? '整数'] ?? NUMBER_FORMATS.整数) : undefined;
}

/**
 * A custom value as its cell: choices by their option names, dates in the field's date format,
 * numbers as numbers (as text in the field's format when too long to stay exact), attachments by
 * their file names.
 */
export function customCell(field: FieldRow, value: unknown): string | number | null {
  if (isEmptyValue(value)) return null;
  switch (field.field_type) {
    case '多选':
      return Array.isArray(value) ? value.map(String).join('、') : String(value);
    case '日期':
      return formatDateValue(String(value), settingsOf(field).日期格式);
    case '数字': {
      const text = String(value).trim();
      return exactAsNumber(text) ? Number(text) : formatNumberValue(text, settingsOf(field).数字格式);
    }
    case '附件':
      return Array.isArray(value)
        ? value
            .map((f) => String((f as { fileName?: unknown }).fileName ?? ''))
            .filter(Boolean)
            .join('、')
        : null;
    default:
      return String(value);
  }
}
