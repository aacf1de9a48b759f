import { DatePicker, Input, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { CustomFieldFilterProps as DescribedProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { usePublishLabels } from '../../runtime/fieldLabels.js';
import { optionsOfField } from './fieldDrafts.js';

export type CustomFieldFilterProps = DescribedProps & {
  value?: Record<string, unknown>;
  onChange?: (value: Record<string, unknown>) => void;
};

/**
 * The filter conditions of a module's fields marked as filters, as one filter-bar condition whose
 * value is keyed by field id (the server's customFieldConditions reads it): text contains, choices
 * one of, dates a [from, to] range.
 */
export function CustomFieldFilter({ type, value, onChange }: CustomFieldFilterProps) {
  const { data } = useOperation('customField.getCustomFieldList', { type, state: 1 });
  const fields = (data ?? []).filter((f) => f.isFilter === 1);
  const current = value ?? {};
  const set = (id: number, v: unknown) => onChange?.({ ...current, [String(id)]: v });
  // Chips read field names rather than ids: each part labelled by its field.
  usePublishLabels(fields.flatMap((f) => optionsOfField(f).map((o) => ({ label: `${f.name}：${o.cont}`, value: o.cont }))));
  if (fields.length === 0) return <Typography.Text type="secondary">暂无筛选字段</Typography.Text>;
  return (
    <Space wrap className="ipm-custom-field-filter">
      {fields.map((field) => {
        const v = current[String(field.id)];
        const label = (
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {field.name}
          </Typography.Text>
        );
        switch (field.fieldType) {
          case '单选':
          case '多选':
            return (
              <Space key={field.id} size={4}>
                {label}
                <Select
                  aria-label={field.name}
                  mode="multiple"
                  allowClear
                  style={{ minWidth: 160 }}
                  placeholder="请选择"
                  value={(v as string[] | undefined) ?? []}
                  options={optionsOfField(field).map((o) => ({ value: o.cont, label: o.cont }))}
                  onChange={(next) => set(field.id, next)}
                />
              </Space>
            );
          case '日期': {
            const range = (v as [string, string] | undefined) ?? [];
            return (
              <Space key={field.id} size={4}>
                {label}
                <DatePicker.RangePicker
                  aria-label={field.name}
                  value={[range[0] ? dayjs(range[0]) : null, range[1] ? dayjs(range[1]) : null]}
                  onChange={(dates) => set(field.id, dates ? [dates[0]?.format('YYYY-MM-DD') ?? '', dates[1]?.format('YYYY-MM-DD') ?? ''] : [])}
                />
              </Space>
            );
          }
          default:
            return (
              <Space key={field.id} size={4}>
                {label}
                <Input
                  aria-label={field.name}
                  allowClear
                  placeholder={`请输入${field.name}`}
                  value={(v as string | undefined) ?? ''}
                  onChange={(e) => set(field.id, e.target.value)}
                />
              </Space>
            );
        }
      })}
    </Space>
  );
}
