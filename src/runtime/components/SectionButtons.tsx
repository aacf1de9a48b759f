import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useField, useForm } from '@formily/react';
import { fieldsAround, validateFields } from '../sectionFields.js';

type SectionButtonProps = Omit<ButtonProps, 'onClick'> & { children?: ReactNode };

/**
 * 提交/校验 for a group of fields: checks the fields of its own section by their rules (a page
 * holds several groups, and the others are left alone). Sending values is OperationForm's job.
 */
export function Submit({ children, ...props }: SectionButtonProps) {
  const form = useForm();
  const self = useField();
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    try {
      await validateFields(fieldsAround(form, self.address.toString()));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="primary" {...props} loading={busy} onClick={() => void check()}>
      {children}
    </Button>
  );
}

/** 重置 for a group of fields: empties the fields of its own section and clears their errors. */
export function Reset({ children, ...props }: SectionButtonProps) {
  const form = useForm();
  const self = useField();
  const reset = () => Promise.all(fieldsAround(form, self.address.toString()).map((f) => f.reset({ forceClear: true, validate: false })));
  return (
    <Button {...props} onClick={() => void reset()}>
      {children}
    </Button>
  );
}
