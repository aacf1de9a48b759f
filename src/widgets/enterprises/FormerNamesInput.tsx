import { Select } from 'antd';
import type { FormerNamesInputProps as DescribedProps } from '../../generated/types.js';
import { formerNamesText, FORMER_NAME_MAX, FORMER_NAMES_MAX, readFormerNames } from '../../shared/enterpriseTexts.js';

export type FormerNamesInputProps = DescribedProps & {
  /** JSON text of the list of names; empty: none. */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/** Former names, each typed and confirmed with Enter; the value is their JSON list, as the server stores it. */
export function FormerNamesInput({ value, onChange, disabled, readOnly }: FormerNamesInputProps) {
  const names = readFormerNames(value ?? '').value ?? [];
  return (
    <Select
      mode="tags"
      aria-label="曾用名"
      style={{ width: '100%' }}
      open={false}
      suffixIcon={null}
      placeholder="输入曾用名后按回车，可输入多个"
      maxCount={FORMER_NAMES_MAX}
      value={names}
      disabled={disabled || readOnly}
      onChange={(next: string[]) =>
        onChange?.(formerNamesText(next.map((n) => n.trim().slice(0, FORMER_NAME_MAX)).filter((n, i, all) => n && all.indexOf(n) === i)) ?? '')
      }
    />
  );
}
