import { Button, Tag, Typography } from 'antd';
import type { Field } from '@formily/core';
import { observer } from '@formily/react';
import { chipKeys, clearedValue, conditionText } from './filterConditions.js';

export interface ConditionChipsProps {
  /** The conditions last searched with, by field path. */
  applied: Record<string, unknown>;
  fields: Field[];
  excludeKeys?: string[];
  /** A chip closed or 清空条件 pressed: the conditions to search with next. */
  onChange(values: Record<string, unknown>): void;
}

function chipText(field: Field | undefined, value: unknown): string {
  const options = field?.dataSource as { label?: string; value?: unknown }[] | undefined;
  return conditionText(value, (v) => options?.find((o) => o.value === v)?.label ?? String(v));
}

/** Observes the field, so a chip rereads once a widget has learnt its values' names (see usePublishLabels). */
const ChipText = observer(({ field, name, value }: { field: Field | undefined; name: string; value: unknown }) => (
  <>{`${field?.title ?? name}：${chipText(field, value)}`}</>
));

/** 已选条件： one closable chip per set condition (internal keys left out), and 清空条件. */
export function ConditionChips({ applied, fields, excludeKeys = [], onChange }: ConditionChipsProps) {
  const chips = chipKeys(applied, excludeKeys);
  if (chips.length === 0) return null;
  const fieldByName = new Map(fields.map((f) => [f.path.toString(), f]));
  return (
    <div className="ipm-filter-chips">
      <Typography.Text type="secondary">已选条件：</Typography.Text>
      {chips.map((key) => (
        <Tag key={key} closable onClose={() => onChange({ ...applied, [key]: clearedValue(applied[key]) })}>
          <ChipText field={fieldByName.get(key)} name={key} value={applied[key]} />
        </Tag>
      ))}
      <Button type="link" size="small" onClick={() => onChange(Object.fromEntries(Object.entries(applied).map(([k, v]) => [k, clearedValue(v)])))}>
        清空条件
      </Button>
    </div>
  );
}
