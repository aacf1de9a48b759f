import { Button, Card, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CoOwnerListProps as DescribedProps } from '../../generated/types.js';
import { coOwnerProblem, coOwnerRows, type CoOwner } from './coOwners.js';

export type CoOwnerListProps = DescribedProps & {
  value?: unknown;
  onChange?: (value: CoOwner[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

const FIELDS: { key: keyof CoOwner; label: string; max: number; english?: boolean }[] = [
  { key: 'name', label: '名称', max: 100 },
  { key: 'creditCode', label: '统一社会信用代码/证件号码', max: 30 },
  { key: 'address', label: '地址', max: 200 },
  { key: 'nameEn', label: '英文名称', max: 200, english: true },
  { key: 'addressEn', label: '英文地址', max: 500, english: true },
];

/** The other applicants of a joint application or co-owned mark, one small card each. */
export function CoOwnerList({ value, onChange, disabled, readOnly, maxCount, english = true }: CoOwnerListProps) {
  const rows = coOwnerRows(value);
  const fields = FIELDS.filter((f) => english || !f.english);
  if (readOnly) {
    if (!rows.length) return <span>--</span>;
    return (
      <Space direction="vertical">
        {rows.map((r, i) => (
          <span key={i}>
            {r.name}
            {r.address ? `，${r.address}` : ''}
            {r.creditCode ? `（${r.creditCode}）` : ''}
          </span>
        ))}
      </Space>
    );
  }
  const set = (index: number, key: keyof CoOwner, text: string) => onChange?.(rows.map((r, i) => (i === index ? { ...r, [key]: text } : r)));
  const full = maxCount !== undefined && rows.length >= maxCount;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((row, index) => {
        const problem = coOwnerProblem(row);
        return (
          <Card
            key={index}
            size="small"
            title={`共有人 ${index + 1}`}
            extra={
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                disabled={disabled}
                onClick={() => onChange?.(rows.filter((_, i) => i !== index))}
              >
                删除
              </Button>
            }
          >
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((f) => (
                <Input
                  key={f.key}
                  addonBefore={f.label}
                  aria-label={`共有人 ${index + 1} ${f.label}`}
                  maxLength={f.max}
                  disabled={disabled}
                  value={row[f.key] ?? ''}
                  onChange={(e) => set(index, f.key, e.target.value)}
                />
              ))}
              {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
            </Space>
          </Card>
        );
      })}
      <Button icon={<PlusOutlined />} disabled={disabled || full} onClick={() => onChange?.([...rows, { name: '', address: '' }])}>
        添加共有人
      </Button>
    </Space>
  );
}
