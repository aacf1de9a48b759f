import { useState } from 'react';
import { useField } from '@formily/react';
import type { Field } from '@formily/core';
import { Button, Space, Tag } from 'antd';
import type { OfficialMarksFieldProps } from '../../generated/types.js';
import { markText, type RelatedMark } from './letterForm.js';
import { MarkPickerDrawer } from './MarkPickerDrawer.js';

type Props = OfficialMarksFieldProps & {
  value?: RelatedMark[];
  onChange?: (value: RelatedMark[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/** The letter's related marks, chosen in the 关联商标 drawer. */
export function OfficialMarksField({ value, onChange, disabled, readOnly, multiple = true }: Props) {
  const [open, setOpen] = useState(false);
  const field = useField<Field>();
  const marks = value ?? [];
  // A read-pretty form (the letter opened to read) hands the widget only `disabled`.
  if (readOnly || field?.pattern === 'readPretty') return <span>{marks.length ? marks.map(markText).join('、') : '--'}</span>;
  return (
    <Space wrap>
      {marks.map((m) => (
        <Tag key={m.id ?? m.appNo} closable={!disabled} onClose={() => onChange?.(marks.filter((x) => x !== m))}>
          {markText(m)}
        </Tag>
      ))}
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        选择商标
      </Button>
      <MarkPickerDrawer
        open={open}
        value={marks}
        multiple={multiple}
        onClose={() => setOpen(false)}
        onConfirm={(chosen) => {
          onChange?.(chosen);
          setOpen(false);
        }}
      />
    </Space>
  );
}
