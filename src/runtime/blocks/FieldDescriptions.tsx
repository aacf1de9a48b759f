import { Descriptions } from 'antd';
import { RecursionField, useFieldSchema } from '@formily/react';
import type { FieldDescriptionsProps } from '../../generated/types.js';

/**
 * The fields below it as label–value pairs: each child's title is the label, its component shows
 * the value (the form's value of that field). Columns follow the window's width.
 */
export function FieldDescriptions({ column = 1, size = 'small', fullRow = [] }: FieldDescriptionsProps) {
  const schema = useFieldSchema();
  const items = schema.mapProperties((child, name) => ({
    key: String(name),
    label: child.title as string | undefined,
    children: <RecursionField schema={child} name={name} />,
    ...(fullRow.includes(String(name)) ? { span: 'filled' as const } : {}),
  }));
  return <Descriptions size={size} column={column} items={items} />;
}
