import { useState } from 'react';
import { Button, Checkbox, Drawer, Empty, List, Segmented, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { moveColumn, type ColumnSetting } from './columnSettings.js';

export interface ColumnSettingsDrawerProps {
  open: boolean;
  onClose(): void;
  labels: Record<string, string>;
  settings: ColumnSetting[];
  onChange(settings: ColumnSetting[]): void;
  onReset(): void;
}

const FIXED_OPTIONS = [
  { label: '左', value: 'left' },
  { label: '不固定', value: 'none' },
  { label: '右', value: 'right' },
];

/** 列表设置 (450px): show or hide, drag (or arrow) to reorder, and fix columns. */
export function ColumnSettingsDrawer({ open, onClose, labels, settings, onChange, onReset }: ColumnSettingsDrawerProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };
  const update = (index: number, patch: Partial<ColumnSetting>) => onChange(settings.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <Drawer title="列表设置" width={450} open={open} onClose={onClose} extra={<Button onClick={onReset}>恢复默认</Button>}>
      {settings.length === 0 ? (
        <Empty description="暂无可配置列" />
      ) : (
        <List
          dataSource={settings}
          renderItem={(s, index) => (
            <List.Item
              className={over === index && dragging !== index ? 'ipm-column-setting ipm-drop-target' : 'ipm-column-setting'}
              draggable
              data-testid={`column-setting-${s.prop}`}
              onDragStart={(e) => {
                // Firefox starts a drag only with data set.
                e.dataTransfer.setData('text/plain', s.prop);
                e.dataTransfer.effectAllowed = 'move';
                setDragging(index);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                if (over !== index) setOver(index);
              }}
              onDragEnd={endDrag}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) onChange(moveColumn(settings, dragging, index));
                endDrag();
              }}
              actions={[
                <Button
                  key="up"
                  size="small"
                  type="text"
                  aria-label={`上移${labels[s.prop]}`}
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => onChange(moveColumn(settings, index, index - 1))}
                />,
                <Button
                  key="down"
                  size="small"
                  type="text"
                  aria-label={`下移${labels[s.prop]}`}
                  icon={<ArrowDownOutlined />}
                  disabled={index === settings.length - 1}
                  onClick={() => onChange(moveColumn(settings, index, index + 1))}
                />,
              ]}
            >
              <Space>
                <HolderOutlined className="ipm-drag-handle" />
                <Checkbox checked={s.isShow} onChange={(e) => update(index, { isShow: e.target.checked })} aria-label={`显示${labels[s.prop]}`}>
                  <Typography.Text>{labels[s.prop]}</Typography.Text>
                </Checkbox>
                <Segmented
                  size="small"
                  value={s.fixed ?? 'none'}
                  options={FIXED_OPTIONS}
                  onChange={(value) => update(index, { fixed: value === 'none' ? undefined : (value as 'left' | 'right') })}
                />
              </Space>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
