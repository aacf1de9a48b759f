import { useEffect } from 'react';
import { Select } from 'antd';
import { useField } from '@formily/react';
import type { Field } from '@formily/core';
import type { OfficialTypeSelectProps } from '../../generated/types.js';
import { UNKNOWN_TYPE_FIELD, useLetterCatalog } from './letterForm.js';

type Props = OfficialTypeSelectProps & {
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/** A letter type of the organisation's catalogue; a stored type the catalogue no longer has is flagged on the field. */
export function OfficialTypeSelect({ value, onChange, disabled, readOnly, placeholder = '请选择文件类型' }: Props) {
  const catalog = useLetterCatalog();
  const field = useField<Field>();
  const unknown = Boolean(value) && catalog.length > 0 && !catalog.some((e) => e.officalType === value);
  useEffect(() => {
    if (!field) return;
    field.setSelfWarnings(unknown ? [UNKNOWN_TYPE_FIELD] : []);
  }, [field, unknown]);
  // A read-pretty form (the letter opened to read) hands the widget only `disabled`.
  if (readOnly || field?.pattern === 'readPretty') return <span>{value || '--'}</span>;
  return (
    <Select
      showSearch
      allowClear
      value={value || undefined}
      placeholder={placeholder}
      disabled={disabled}
      status={unknown ? 'warning' : undefined}
      onChange={(next: string | undefined) => onChange?.(next)}
      optionFilterProp="label"
      options={catalog.map((e) => ({ value: e.officalType, label: e.officalType }))}
    />
  );
}
