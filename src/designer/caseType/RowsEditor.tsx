import type { ReactNode } from 'react';
import { Button, Table, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { moveItem } from './caseTypeBody.js';

export interface RowColumn<T> {
  title: string;
  width?: number;
  render(item: T, update: (patch: Partial<T>) => void, index: number): ReactNode;
}

export interface RowsEditorProps<T> {
  /** What one row is called: “阶段” makes “添加阶段”, “删除第 2 个阶段”. */
  itemName: string;
  items: T[];
  columns: RowColumn<T>[];
  onChange(items: T[]): void;
  newItem(items: T[]): T;
}

/** An ordered list edited in place: each row's fields, moved up and down, removed, and a new row added at the end. */
export function RowsEditor<T extends object>({ itemName, items, columns, onChange, newItem }: RowsEditorProps<T>) {
  const update = (index: number) => (patch: Partial<T>) => onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <div className="ipm-case-rows">
      <Table<T>
        size="small"
        pagination={false}
        rowKey={(item) => String(items.indexOf(item))}
        dataSource={items}
        locale={{ emptyText: `还没有${itemName}` }}
        columns={[
          { title: '序号', width: 56, render: (_v, _item, index) => index + 1 },
          ...columns.map((c) => ({ title: c.title, width: c.width, render: (_v: unknown, item: T, index: number) => c.render(item, update(index), index) })),
          {
            title: '操作',
            width: 120,
            render: (_v, _item, index) => (
              <span className="ipm-case-row-actions">
                <Tooltip title="上移">
                  <Button
                    size="small"
                    type="text"
                    aria-label={`上移第 ${index + 1} 个${itemName}`}
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    onClick={() => onChange(moveItem(items, index, -1))}
                  />
                </Tooltip>
                <Tooltip title="下移">
                  <Button
                    size="small"
                    type="text"
                    aria-label={`下移第 ${index + 1} 个${itemName}`}
                    icon={<ArrowDownOutlined />}
                    disabled={index === items.length - 1}
                    onClick={() => onChange(moveItem(items, index, 1))}
                  />
                </Tooltip>
                <Tooltip title="删除">
                  <Button
                    size="small"
                    type="text"
                    danger
                    aria-label={`删除第 ${index + 1} 个${itemName}`}
                    icon={<DeleteOutlined />}
                    onClick={() => onChange(items.filter((_item, i) => i !== index))}
                  />
                </Tooltip>
              </span>
            ),
          },
        ]}
      />
      <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => onChange([...items, newItem(items)])}>
        添加{itemName}
      </Button>
    </div>
  );
}
