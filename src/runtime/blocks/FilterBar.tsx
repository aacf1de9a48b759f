import { useEffect, useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { observer, RecursionField, useField, useFieldSchema, useForm } from '@formily/react';
import type { Field } from '@formily/core';
import { fieldsWithin } from '../sectionFields.js';
import { publishQuery } from '../bus.js';
import { useRuntime } from '../runtimeContext.js';
import { chipKeys, clearedValue, conditionText, isEmptyCondition, resetConditions } from './filterConditions.js';

export interface FilterBarProps {
  /** The channel the listening table reads its conditions from. */
  channel: string;
  /** Fields shown before 展开 (spec 001: the first 4). */
  visibleCount?: number;
  /** Keys kept out of the chips besides the internal ones. */
  excludeKeys?: string[];
}

/** Per user, so a shared browser does not hand one user's conditions to the next. */
const storageKey = (channel: string, userId: number | undefined) => `filter:${userId ?? 'guest'}:${channel}`;

function chipText(field: Field | undefined, value: unknown): string {
  const options = field?.dataSource as { label?: string; value?: unknown }[] | undefined;
  return conditionText(value, (v) => options?.find((o) => o.value === v)?.label ?? String(v));
}

/** Observes the field, so a chip rereads once a widget has learnt its values' names. */
const ChipText = observer(({ field, name, value }: { field: Field | undefined; name: string; value: unknown }) => <>{`${field?.title ?? name}：${chipText(field, value)}`}</>);

/**
 * 筛选栏: labelled fields with 重 置 and 查 询, only the first four until 展开, and the chosen
 * conditions as chips under 已选条件： with 清空条件. Conditions survive a reload (local storage)
 * and are published on the channel for the table.
 */
export function FilterBar({ channel, visibleCount = 4, excludeKeys = [] }: FilterBarProps) {
  const form = useForm();
  const section = useField();
  const schema = useFieldSchema();
  const [expanded, setExpanded] = useState(false);
  const [applied, setApplied] = useState<Record<string, unknown>>({});
  const userId = useRuntime().user?.id;

  const fields = () => fieldsWithin(form, section.address.toString());
  const valuesOf = () => Object.fromEntries(fields().map((f) => [f.path.toString(), f.value]));

  const search = (values = valuesOf()) => {
    const conditions = Object.fromEntries(Object.entries(values).filter(([, v]) => !isEmptyCondition(v)));
    localStorage.setItem(storageKey(channel, userId), JSON.stringify(values));
    setApplied(values);
    publishQuery(channel, conditions);
  };

  const setAll = (values: Record<string, unknown>) => {
    for (const f of fields()) f.setValue(values[f.path.toString()]);
    search(values);
  };

  useEffect(() => {
    let saved: Record<string, unknown> = {};
    try {
      saved = JSON.parse(localStorage.getItem(storageKey(channel, userId)) ?? '{}') as Record<string, unknown>;
    } catch {
      saved = {};
    }
    for (const f of fields()) if (f.path.toString() in saved) f.setValue(saved[f.path.toString()]);
    search();
    // Restored once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel, userId]);

  // Each condition in a cell of its own, so the ones past the first few can fold away.
  const items = schema.mapProperties((property, name) => <RecursionField key={name} name={name} schema={property} />);
  const hasMore = items.length > visibleCount;
  const chips = chipKeys(applied, excludeKeys);
  const fieldByName = new Map(fields().map((f) => [f.path.toString(), f]));

  return (
    <div className="ipm-filter-bar" onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && search()}>
      <div className="ipm-filter-fields">
        {items.map((child, i) => (
          <div key={i} className="ipm-filter-field" style={{ display: !expanded && i >= visibleCount ? 'none' : undefined }}>
            {child}
          </div>
        ))}
        <Space className="ipm-filter-actions">
          <Button onClick={() => setAll(resetConditions(valuesOf()))}>重 置</Button>
          <Button type="primary" onClick={() => search()}>
            查 询
          </Button>
          {hasMore && (
            <Button type="link" onClick={() => setExpanded(!expanded)}>
              {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
            </Button>
          )}
        </Space>
      </div>
      {chips.length > 0 && (
        <div className="ipm-filter-chips">
          <Typography.Text type="secondary">已选条件：</Typography.Text>
          {chips.map((key) => (
            <Tag key={key} closable onClose={() => setAll({ ...applied, [key]: clearedValue(applied[key]) })}>
              <ChipText field={fieldByName.get(key)} name={key} value={applied[key]} />
            </Tag>
          ))}
          <Button type="link" size="small" onClick={() => setAll(Object.fromEntries(Object.entries(applied).map(([k, v]) => [k, clearedValue(v)])))}>
            清空条件
          </Button>
        </div>
      )}
    </div>
  );
}
