import { useMemo, useState } from 'react';
import { AutoComplete } from 'antd';
import { useForm } from '@formily/react';
import type { ApplicantPickerProps as DescribedProps, Enterprise } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { readApplicantEnglish } from '../../shared/enterpriseTexts.js';

export type ApplicantPickerProps = DescribedProps & {
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

type Source = NonNullable<DescribedProps['fill']>[string];

/** What an enterprise gives each field `fill` may name. */
function sourceValue(enterprise: Enterprise, source: Source): string | undefined {
  if (source === 'englishName' || source === 'englishAddress') {
    const english = readApplicantEnglish(enterprise.applicantEnglish ?? '').value;
    return (source === 'englishName' ? english?.name : english?.address) || undefined;
  }
  return enterprise[source] ?? undefined;
}

/**
 * The applicant's name, typed or taken from 我的企业: choosing an enterprise also fills the
 * fields `fill` names (address, credit code, English details) in the same form.
 */
export function ApplicantPicker({ value, onChange, disabled, readOnly, placeholder = '输入名称，或从我的企业中选择', maxLength, fill }: ApplicantPickerProps) {
  const form = useForm();
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const { data } = useOperation('enterprise.getList', keyword ? { flatIs: true, applicantName: keyword, pageNo: 1, pageSize: 20 } : null);
  const options = useMemo(
    () =>
      (data?.list ?? []).map((e) => ({
        value: String(e.id),
        label: e.displayName + (e.applicantCreditCode ? `（${e.applicantCreditCode}）` : ''),
        enterprise: e,
      })),
    [data],
  );

  const choose = (id: string) => {
    const enterprise = options.find((o) => o.value === id)?.enterprise;
    if (!enterprise) return;
    onChange?.(enterprise.displayName);
    for (const [field, source] of Object.entries(fill ?? {})) form.setValuesIn(field, sourceValue(enterprise, source));
  };

  if (readOnly) return <span>{value || '--'}</span>;
  return (
    <AutoComplete
      value={value ?? ''}
      options={options.map(({ value: id, label }) => ({ value: id, label }))}
      onSearch={setTyped}
      onSelect={choose}
      onChange={(text: string) => {
        // Picking an option reports its id first; only typed text is the name.
        if (!options.some((o) => o.value === text)) onChange?.(text);
      }}
      placeholder={placeholder}
      maxLength={maxLength}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
