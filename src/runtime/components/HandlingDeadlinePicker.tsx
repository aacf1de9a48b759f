import { useEffect } from 'react';
import { DatePicker } from 'antd';
import { useField } from '@formily/react';
import dayjs from 'dayjs';
import type { HandlingDeadlinePickerProps } from '../../generated/types.js';
import { DATE_FORMAT, handlingDeadlineChoices, isPastDate, isValidDate } from './deadlineStatus.js';

export const HANDLING_DEADLINE_LABEL = '办理期限';

type Props = HandlingDeadlinePickerProps & {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/** 办理期限: a date from today on, with quick choices one week, two weeks and one month ahead. */
export function HandlingDeadlinePicker({ value, onChange, disabled, readOnly, placeholder = '请选择办理期限', allowClear = true }: Props) {
  const field = useField();
  // A field without a title of its own is labelled 办理期限.
  useEffect(() => {
    if (field && !field.title) field.title = HANDLING_DEADLINE_LABEL;
  }, [field]);
  const today = dayjs().format(DATE_FORMAT);
  return (
    <DatePicker
      className="ipm-handling-deadline"
      format={DATE_FORMAT}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      inputReadOnly={readOnly}
      open={readOnly ? false : undefined}
      value={isValidDate(value) ? dayjs(value) : null}
      disabledDate={(day) => isPastDate(day.format(DATE_FORMAT), today)}
      presets={handlingDeadlineChoices(today).map((choice) => ({ label: choice.label, value: dayjs(choice.value) }))}
      onChange={(next) => onChange?.(next ? next.format(DATE_FORMAT) : null)}
    />
  );
}
