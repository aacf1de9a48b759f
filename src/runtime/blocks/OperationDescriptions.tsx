import { Descriptions, Skeleton } from 'antd';
import { useNamedOperation } from '../useOperation.js';
import { fillTemplate, readPath } from './readPath.js';
import type { OperationDescriptionsProps } from '../../generated/types.js';

/** Label–value pairs read from one operation's reply, or from a record already at hand (`data`). */
export function OperationDescriptions({ operation, body, data: given, fields, column = 1 }: OperationDescriptionsProps) {
  const reply = useNamedOperation<unknown>(operation ?? '', given || !operation ? null : (body ?? {}));
  const data = given ?? reply.data;
  if (!data) return <Skeleton active paragraph={{ rows: fields.length }} />;
  return (
    <Descriptions
      column={column}
      size="small"
      items={fields.map((f) => {
        const value = readPath(data, f.field);
        const text =
          Array.isArray(value) && f.itemTemplate
            ? value.map((v) => fillTemplate(f.itemTemplate!, v)).join('、') || '无'
            : value === null || value === undefined || value === ''
              ? '--'
              : String(value);
        return { key: f.field, label: f.label, children: text };
      })}
    />
  );
}
