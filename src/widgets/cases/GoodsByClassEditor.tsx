import { Select, Space, Typography } from 'antd';
import type { GoodsByClassEditorProps as DescribedProps } from '../../generated/types.js';
import { addClass, addGood, classGoodsRows, removeGood, type ClassGoods } from './classGoods.js';
import { ClassGoodsRow } from './ClassGoodsRow.js';

export type GoodsByClassEditorProps = DescribedProps & {
  value?: unknown;
  onChange?: (value: ClassGoods[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

const CLASS_NUMBERS = Array.from({ length: 45 }, (_, i) => i + 1);

/** The goods and services of an application, class by class (the case's parentCgInfo). */
export function GoodsByClassEditor({ value, onChange, disabled, readOnly, maxClasses = 45 }: GoodsByClassEditorProps) {
  const rows = classGoodsRows(value);
  if (readOnly) {
    if (!rows.length) return <span>--</span>;
    return (
      <Space direction="vertical">
        {rows.map((r) => (
          <span key={r.tmCl}>
            第 {r.tmCl} 类：{r.goods.map((g) => g.name).join('；') || '--'}
          </span>
        ))}
      </Space>
    );
  }
  const change = (next: ClassGoods[]) => onChange?.(next);
  const used = new Set(rows.map((r) => r.tmCl));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((row) => (
        <ClassGoodsRow
          key={row.tmCl}
          row={row}
          disabled={disabled}
          onAdd={(good) => change(addGood(rows, row.tmCl, good))}
          onRemove={(name) => change(removeGood(rows, row.tmCl, name))}
          onRemoveClass={() => change(rows.filter((r) => r.tmCl !== row.tmCl))}
        />
      ))}
      <Space>
        <Select
          aria-label="添加类别"
          style={{ width: 200 }}
          placeholder="添加类别"
          value={null}
          disabled={disabled || rows.length >= maxClasses}
          showSearch
          optionFilterProp="label"
          options={CLASS_NUMBERS.filter((n) => !used.has(n)).map((n) => ({ value: n, label: `第 ${n} 类` }))}
          onChange={(n: number) => change(addClass(rows, n))}
        />
        <Typography.Text type="secondary">已选 {rows.length} 类</Typography.Text>
      </Space>
    </Space>
  );
}
