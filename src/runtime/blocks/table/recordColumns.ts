import { FIELD_TITLES } from '../../../generated/fieldTitles.js';
import { FIELD_ENUM_TITLES, FIELD_FORMATS } from '../../../generated/fieldFormats.js';
import { LIST_ROWS } from '../../../generated/listRows.js';
import type { ColumnOptions, ColumnType, DescribedColumn, TableColumn } from './types.js';

type FieldsOf<T> = Readonly<Record<string, Readonly<Record<string, T>>>>;
const titles: FieldsOf<string> = FIELD_TITLES;
const formats: FieldsOf<string> = FIELD_FORMATS;
const enumTitles: FieldsOf<Readonly<Record<string | number, string>>> = FIELD_ENUM_TITLES;

const TYPE_OF_FORMAT: Readonly<Record<string, ColumnType>> = { date: 'date', 'date-time': 'datetime' };

/** The record the rows an operation lists at `listPath` are (schemas/api), if it is one. */
export function rowRecordOf(operation: string, listPath: string): string | undefined {
  return LIST_ROWS[operation]?.[listPath];
}

/**
 * A column as the table shows it: what the column leaves out is taken from the field of the row's
 * record it shows (its title as the header; dates shown as dates; a closed list's value names as
 * options), so a list repeats none of what the entity says.
 */
export function withRecordDefaults(column: DescribedColumn, record: string | undefined): TableColumn {
  const field = record && !column.prop.includes('.') ? column.prop : undefined;
  const title = field ? titles[record!]?.[field] : undefined;
  const names = field ? enumTitles[record!]?.[field] : undefined;
  const format = field ? formats[record!]?.[field] : undefined;
  const type = column.type ?? (names ? 'select' : format ? TYPE_OF_FORMAT[format] : undefined);
  const options: ColumnOptions | undefined = column.options ?? (type === 'select' && names ? { ...names } : undefined);
  return {
    ...column,
    label: column.label ?? title ?? column.prop,
    ...(type ? { type } : {}),
    ...(options ? { options } : {}),
  };
}
