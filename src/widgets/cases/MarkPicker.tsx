import { useMemo, useState } from 'react';
import { Select, Space, Typography } from 'antd';
import { useForm } from '@formily/react';
import type { MarkPickerProps as DescribedProps, Trademark } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useDebounced } from '../../runtime/useDebounced.js';

export type MarkPickerProps = DescribedProps & {
  /** The archive id of the chosen mark (the case's brandId). */
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

const PAGE_SIZE = 20;

const markLabel = (m: Trademark) =>
  `${m.tmName || '图形'}（${[m.appNo, m.regNo && m.regNo !== m.appNo ? m.regNo : null].filter(Boolean).join(' / ')}）第${m.tmCl ?? '-'}类`;

/**
 * A mark of the organisation's archive, looked up by name or number; choosing one copies the
 * fields `fill` names into the same form, so staff do not retype what the archive knows.
 */
export function MarkPicker({ value, onChange, disabled, readOnly, placeholder = '输入商标名称、申请号或注册号查找', fill }: MarkPickerProps) {
  const form = useForm();
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const found = useOperation('brandArchives.queryBrandPage', keyword ? { keyword, pageNo: 1, pageSize: PAGE_SIZE } : null);
  // The chosen mark itself, for its label when the form is opened with a value.
  const chosen = useOperation('brandArchives.queryBrandPage', value ? { ids: [value], pageNo: 1, pageSize: 1 } : null);
  const current = chosen.data?.list[0];
  const options = useMemo(() => {
    const marks = [...(found.data?.list ?? [])];
    if (current && !marks.some((m) => m.id === current.id)) marks.unshift(current);
    return marks.map((m) => ({ value: m.id, label: markLabel(m), mark: m }));
  }, [found.data, current]);

  const choose = (id: number | undefined) => {
    const mark = options.find((o) => o.value === id)?.mark;
    onChange?.(id ?? null);
    if (!mark || !fill) return;
    for (const [field, source] of Object.entries(fill)) form.setValuesIn(field, mark[source] ?? undefined);
  };

  if (readOnly) return <span>{current ? markLabel(current) : value ? `#${value}` : '--'}</span>;
  return (
    <Space.Compact block>
      {current?.tmLogoUrl && (
        <img src={current.tmLogoUrl} alt={current.tmName} style={{ height: 32, width: 32, objectFit: 'contain', border: '1px solid #f0f0f0' }} />
      )}
      <Select
        showSearch
        allowClear
        style={{ width: '100%' }}
        value={value ?? undefined}
        placeholder={placeholder}
        disabled={disabled}
        filterOption={false}
        onSearch={setTyped}
        onChange={choose}
        loading={found.isLoading}
        options={options.map(({ value: id, label }) => ({ value: id, label }))}
        notFoundContent={
          keyword ? (
            <Typography.Text type="secondary">档案中没有相符的商标</Typography.Text>
          ) : (
            <Typography.Text type="secondary">请输入商标名称或号码</Typography.Text>
          )
        }
      />
    </Space.Compact>
  );
}
