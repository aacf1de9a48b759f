import { Descriptions, Skeleton } from 'antd';
import { useOperation } from '../useOperation.js';
import { fillTemplate, readPath } from './readPath.js';
import type { OperationDescriptionsProps } from '../../generated/types.js';

/** Label–value pairs read from one operation's reply. */
export function OperationDescriptions({ operation, body, fields, column = 1 }: OperationDescriptionsProps) {
  const { data } = useOperation<unknown>(operation, body ?? {});
  if (!data) return <Skeleton active paragraph={{ rows: fields.length }} />;
  return (
    <Descriptions
      column={column}
      size="small"
      items={fields.map((f) => {
        const value = readPath(data, f.field);
        const text = Array.isArray(value) && f.itemTemplate
          ? value.map((v) => fillTemplate(f.itemTemplate!, v)).join('、') || '无'
          : value === null || value === undefined || value === ''
            ? '--'
            : String(value);
        return { key: f.field, label: f.label, children: text };
      })}
    />
  );
}
