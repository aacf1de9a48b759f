import { Descriptions, Skeleton } from 'antd';
import { FallbackImage } from '../components/FallbackImage.js';
import { useNamedOperation } from '../useOperation.js';
import { fillTemplate, readPath } from './readPath.js';
import type { OperationDescriptionsProps } from '../../generated/types.js';

/** Label–value pairs read from one operation's reply, or from a record already at hand (`data`); a picture's address as its thumbnail. */
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
        if (f.type === 'image' && typeof value === 'string' && value) {
          return { key: f.field, label: f.label, children: <FallbackImage width={120} src={value} alt={f.label} /> };
        }
        const text =
          Array.isArray(value) && f.itemTemplate
            ? value.map((v) => fillTemplate(f.itemTemplate!, v)).join('、') || '无'
            : value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
              ? '--'
              : Array.isArray(value)
                ? value.join('、')
                : String(value);
        return { key: f.field, label: f.label, children: text };
      })}
    />
  );
}
