import { useState } from 'react';
import { Input, Space } from 'antd';
import type { ApplicantEnglishInputProps as DescribedProps } from '../../generated/types.js';
import { ENGLISH_ADDRESS_MAX, ENGLISH_NAME_MAX, readApplicantEnglish, type ApplicantEnglish } from '../../shared/enterpriseTexts.js';

export type ApplicantEnglishInputProps = DescribedProps & {
  /** JSON text {"name", "address"}; empty: none. */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

const PARTS = [
  { key: 'name', label: '英文名称', max: ENGLISH_NAME_MAX },
  { key: 'address', label: '英文地址', max: ENGLISH_ADDRESS_MAX },
] as const;

const parts = (text: string | null | undefined): ApplicantEnglish => readApplicantEnglish(text ?? '').value ?? { name: '', address: '' };

/** The English name and address as two inputs; the value is their JSON text, as the server stores it. */
export function ApplicantEnglishInput({ value, onChange, disabled, readOnly }: ApplicantEnglishInputProps) {
  // What is typed stays as typed (spaces included) until sent; the server trims it.
  const [typed, setTyped] = useState(() => parts(value));
  // A value that is not the one last sent (the form was reset or loaded) replaces what is typed.
  const [sent, setSent] = useState(value ?? '');
  if ((value ?? '') !== sent) {
    setSent(value ?? '');
    setTyped(parts(value));
  }
  const change = (next: ApplicantEnglish) => {
    setTyped(next);
    const text = next.name.trim() || next.address.trim() ? JSON.stringify(next) : '';
    setSent(text);
    onChange?.(text);
  };
  const locked = disabled || readOnly;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {PARTS.map(({ key, label, max }) => (
        <Input
          key={key}
          addonBefore={label}
          aria-label={label}
          maxLength={max}
          value={typed[key]}
          disabled={locked}
          onChange={(e) => change({ ...typed, [key]: e.target.value })}
        />
      ))}
    </Space>
  );
}
