import { useState } from 'react';
import { DatePicker, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DeadlineDisplayProps } from '../../generated/types.js';
import { DATE_FORMAT, DEADLINE_TAG_COLOR, deadlineStatus, isValidDate } from './deadlineStatus.js';

type Props = DeadlineDisplayProps & {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/** A deadline with the days left (已逾期 N 天 / 今天到期 / 剩余 N 天); click the date to change it. */
export function DeadlineDisplay({ value, onChange, disabled, readOnly, editable = true, showRemaining = true, placeholder = '--' }: Props) {
  const [editing, setEditing] = useState(false);
  const canEdit = editable && !disabled && !readOnly && Boolean(onChange);
  const date = isValidDate(value) ? value : null;
  const status = showRemaining ? deadlineStatus(date, dayjs().format(DATE_FORMAT)) : null;

  if (editing) {
    return (
      <DatePicker
        open
        autoFocus
        size="small"
        format={DATE_FORMAT}
        value={date ? dayjs(date) : null}
        onChange={(next) => {
          onChange?.(next ? next.format(DATE_FORMAT) : null);
          setEditing(false);
        }}
        onOpenChange={(open) => {
          if (!open) setEditing(false);
        }}
      />
    );
  }
  const label = date ?? placeholder;
  return (
    <Space size={8} className="ipm-deadline-display">
      {canEdit ? (
        <Typography.Link onClick={() => setEditing(true)} aria-label={`修改期限 ${label}`}>
          {label}
        </Typography.Link>
      ) : (
        <Typography.Text type={date ? undefined : 'secondary'}>{label}</Typography.Text>
      )}
      {status && (
        <Tag color={DEADLINE_TAG_COLOR[status.tone]} bordered={false}>
          {status.text}
        </Tag>
      )}
    </Space>
  );
}
