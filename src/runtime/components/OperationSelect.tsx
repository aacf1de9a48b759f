import { useMemo } from 'react';
import { Select, TreeSelect } from 'antd';
import type { OperationSelectProps as DescribedProps } from '../../generated/types.js';
import { useNamedOperation } from '../useOperation.js';
import { fillTemplate, readPath } from '../blocks/readPath.js';
import { usePublishLabels } from '../fieldLabels.js';

type Value = string | number;

export type OperationSelectProps = DescribedProps & {
  value?: Value | Value[] | null;
  onChange?: (value: Value | Value[] | null) => void;
  disabled?: boolean;
};

interface OptionNode {
  label: string;
  value: Value;
  children?: OptionNode[];
}

function optionsOf(items: unknown, labelOf: (item: Record<string, unknown>) => string, valueField: string, childrenField: string | undefined): OptionNode[] {
  if (!Array.isArray(items)) return [];
  return items.map((item: Record<string, unknown>) => ({
    label: labelOf(item),
    value: item[valueField] as Value,
    ...(childrenField ? { children: optionsOf(item[childrenField], labelOf, valueField, childrenField) } : {}),
  }));
}

const flatten = (nodes: OptionNode[]): OptionNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** A select whose options are the reply of an operation; a tree when the items have children. */
export function OperationSelect({
  operation,
  body,
  listPath = 'list',
  labelField = 'name',
  labelTemplate,
  valueField = 'id',
  childrenField,
  mode,
  placeholder = '请选择',
  allowClear = true,
  value,
  onChange,
  disabled,
}: OperationSelectProps) {
  const { data, isLoading } = useNamedOperation<unknown>(operation, body ?? {});
  const options = useMemo(() => {
    const labelOf = (item: Record<string, unknown>) => (labelTemplate ? fillTemplate(labelTemplate, item) : String(item[labelField] ?? ''));
    return optionsOf(listPath ? readPath(data, listPath) : data, labelOf, valueField, childrenField);
  }, [data, listPath, labelField, labelTemplate, valueField, childrenField]);
  usePublishLabels(useMemo(() => flatten(options).map(({ label, value: v }) => ({ label, value: v })), [options]));
  const multiple = mode === 'multiple';
  const shown = value ?? (multiple ? [] : undefined);
  const changed = (next: Value | Value[] | undefined) => onChange?.(next ?? (multiple ? [] : null));
  // What both kinds of select take alike.
  const common = { value: shown, onChange: changed, showSearch: true, placeholder, allowClear, loading: isLoading, disabled, style: { width: '100%' } };
  if (childrenField) {
    return <TreeSelect {...common} treeData={options} treeDefaultExpandAll multiple={multiple} treeNodeFilterProp="label" />;
  }
  return <Select {...common} options={options} mode={multiple ? 'multiple' : undefined} optionFilterProp="label" />;
}
