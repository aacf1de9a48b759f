import dayjs from 'dayjs';
import { useField } from '@formily/react';
import { isField } from '@formily/core';
import type { DisplayTextProps } from '../../generated/types.js';

const FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm' } as const;

/**
 * A field's value as text: an enum value as its label, a date in its format, with what goes before
 * and after it; "--" (or `emptyText`) when empty.
 */
export function DisplayText({ value, prefix = '', suffix = '', format, emptyText = '--' }: DisplayTextProps & { value?: string | number | null }) {
  const field = useField();
  if (value === null || value === undefined || value === '') return <span className="ipm-display-text">{emptyText}</span>;
  const option = field && isField(field) ? (field.dataSource ?? []).find((o: { value?: unknown }) => o.value === value) : undefined;
  const text = option ? String(option.label) : format ? dayjs(value).format(FORMATS[format]) : String(value);
  return <span className="ipm-display-text">{`${prefix}${text}${suffix}`}</span>;
}
