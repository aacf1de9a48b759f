import { useEffect, useMemo } from 'react';
import { Button, Empty, Popconfirm, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { createForm, onFieldValueChange } from '@formily/core';
import { FormProvider, createSchemaField, type ISchema } from '@formily/react';
import { toJS } from '@formily/reactive';
import { ArrayItems, FormItem, FormLayout, Input, NumberPicker, Select, Space as FormSpace, Switch } from '@formily/antd-v5';
import type { ComponentDescription, FormilyNode } from '../../generated/types.js';
import { jsonProps, nodeToValues, panelSchema, valuesToNode, type PanelChoices, type PanelValues } from './propertyPanel.js';
import { JsonText } from './JsonText.js';

const PanelField = createSchemaField({ components: { ArrayItems, FormItem, FormLayout, Input, NumberPicker, Select, Space: FormSpace, Switch, JsonText } });

const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface PropertyPanelProps {
  /** Changes whenever another node is selected: the panel's form starts afresh. */
  selectionId: number;
  nodeKey: string;
  node: FormilyNode;
  description: ComponentDescription | undefined;
  choices: PanelChoices;
  /** Keys already taken beside this node. */
  siblingKeys: string[];
  /** `field` names the panel field that changed, so typing in one property is one undo step. */
  onChange(node: FormilyNode, key: string, field: string): void;
  onRemove(): void;
  onMove(offset: -1 | 1): void;
}

/** The selected node's settings and props, edited in a form generated from its description. */
export function PropertyPanel({ selectionId, nodeKey, node, description, choices, siblingKeys, onChange, onRemove, onMove }: PropertyPanelProps) {
  const jsonKeys = useMemo(() => (description ? jsonProps(description, choices) : []), [description, choices]);
  // A fresh form per selection; later edits of the same node flow out, never back in.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const form = useMemo(() => createForm({ initialValues: nodeToValues(nodeKey, node, jsonKeys) }), [selectionId]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => panelSchema(description, node, choices, siblingKeys) as ISchema, [selectionId, description, choices]);
  const latest = { node, nodeKey, onChange, siblingKeys, jsonKeys };

  useEffect(() => {
    const id = `panel-${selectionId}`;
    form.addEffects(id, () => {
      // One undo step per property: edits of the same field coalesce.
      onFieldValueChange('*', (changed) => {
        const values = toJS(form.values) as PanelValues;
        const key = KEY_PATTERN.test(values.key ?? '') && !latest.siblingKeys.includes(values.key) ? values.key : latest.nodeKey;
        latest.onChange(
          valuesToNode(latest.node, { ...values, rules: values.rules ?? [], linkage: values.linkage ?? [] }, latest.jsonKeys),
          key,
          changed.path.toString(),
        );
      });
    });
    return () => form.removeEffects(id);
  });

  if (!description) return <Empty description={`${String(node['x-component'] ?? '此节点')} 没有构件描述`} />;
  return (
    <div className="ipm-designer-panel" aria-label="属性面板">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>{description.title}</Typography.Text>
        <Space size={4}>
          <Button size="small" aria-label="上移" icon={<ArrowUpOutlined />} onClick={() => onMove(-1)} />
          <Button size="small" aria-label="下移" icon={<ArrowDownOutlined />} onClick={() => onMove(1)} />
          <Popconfirm title="确定删除该节点吗？" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={onRemove}>
            <Button size="small" danger aria-label="删除节点" icon={<DeleteOutlined />} />
          </Popconfirm>
        </Space>
      </Space>
      <FormProvider form={form}>
        <PanelField schema={schema} />
      </FormProvider>
    </div>
  );
}
