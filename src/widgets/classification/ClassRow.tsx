import { Checkbox, Tooltip, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { ClassificationEntry } from '../../generated/types.js';
import { canChooseLevel, isChosen, LEVEL_NAMES, lockedLevel, type ClassPickerValue } from './classPickerValue.js';

export interface ClassRowProps {
  entry: ClassificationEntry;
  value: ClassPickerValue;
  onToggle(entry: ClassificationEntry): void;
  /** Opens the entry's children in the next column; absent for goods. */
  onOpen?(entry: ClassificationEntry): void;
  active?: boolean;
  label: ReactNode;
  extra?: ReactNode;
}

/** One choosable line: a checkbox (disabled when another level is chosen) and the entry's name. */
export function ClassRow({ entry, value, onToggle, onOpen, active, label, extra }: ClassRowProps) {
  const allowed = canChooseLevel(value, entry.dirLevel);
  const locked = lockedLevel(value);
  const box = (
    <Checkbox
      checked={isChosen(value, entry)}
      disabled={!allowed}
      onChange={() => onToggle(entry)}
      onClick={(e) => e.stopPropagation()}
      aria-label={`选择 ${entry.cgName}`}
    />
  );
  return (
    <div
      className={`ipm-class-row${active ? ' ipm-class-row-active' : ''}`}
      data-level={entry.dirLevel}
      onClick={() => (onOpen ? onOpen(entry) : allowed && onToggle(entry))}
    >
      {allowed || locked === null ? box : <Tooltip title={`已选择${LEVEL_NAMES[locked]}，只能继续选择同一层级；清空后可选其他层级`}>{box}</Tooltip>}
      <span className="ipm-class-row-label">{label}</span>
      {extra}
      {onOpen && (
        <Typography.Text type="secondary" className="ipm-class-row-count">
          {entry.count}
          <RightOutlined />
        </Typography.Text>
      )}
    </div>
  );
}
