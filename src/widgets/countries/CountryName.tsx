import type { CountryNameProps as DescribedProps } from '../../generated/types.js';
import { countryNames } from './countryNotice.js';
import { useCountryList } from './useCountries.js';

export type CountryNameProps = DescribedProps & { value?: string | string[] | null };

/** Country or region codes shown as their Chinese names, without flags. */
export function CountryName({ value, codes, separator = '、' }: CountryNameProps) {
  const { countries } = useCountryList();
  const list = codes ?? (Array.isArray(value) ? value : value ? [value] : []);
  if (list.length === 0) return <span className="ipm-country-name">--</span>;
  return <span className="ipm-country-name">{countryNames(list, countries).join(separator)}</span>;
}
