import { useMemo } from 'react';
import { Select } from 'antd';
import type { CountrySelectProps as DescribedProps } from '../../generated/types.js';
import { CountryName } from './CountryName.js';
import { useCountryList } from './useCountries.js';

export type CountrySelectProps = DescribedProps & {
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  disabled?: boolean;
  readOnly?: boolean;
  id?: string;
};

/** One country or region by its code, found by typing its name; read-only, its name. */
export function CountrySelect({ value, onChange, disabled, readOnly, id, placeholder, allowClear }: CountrySelectProps) {
  const { countries, loading } = useCountryList();
  const options = useMemo(() => countries.map((c) => ({ value: c.code, label: c.name })), [countries]);
  if (readOnly) return <CountryName value={value} />;
  return (
    <Select
      id={id}
      showSearch
      optionFilterProp="label"
      options={options}
      loading={loading}
      value={value ?? undefined}
      onChange={onChange}
      disabled={disabled}
      placeholder={placeholder}
      allowClear={allowClear}
    />
  );
}
