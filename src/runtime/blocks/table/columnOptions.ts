import type { ColumnOptions } from './types.js';

export interface ColumnOption {
  label: string;
  value: string | number | boolean;
}

/** A select column's options as a list; the object form maps stored values (as text) to labels. */
export function optionList(options: ColumnOptions | undefined): ColumnOption[] {
  if (!options) return [];
  return Array.isArray(options) ? options : Object.entries(options).map(([value, label]) => ({ value, label }));
}

/** The label of a stored value, matched by text so 1 and "1" find the same option. */
export function optionLabel(options: ColumnOptions | undefined, value: unknown): string {
  return optionList(options).find((o) => String(o.value) === String(value))?.label ?? String(value);
}

/** The option value to send for a choice, typed like the row's current value when the options are text keys. */
export function optionValue(option: ColumnOption, current: unknown): ColumnOption['value'] {
  if (typeof option.value === 'string' && typeof current === 'number' && option.value.trim() !== '' && !Number.isNaN(Number(option.value)))
    return Number(option.value);
  return option.value;
}
