import { useState } from 'react';
import { Button } from 'antd';
import type { Trademark } from '../../generated/types.js';
import type { TrademarkEditButtonProps as DescribedProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { TrademarkEditDialog } from './TrademarkEditDialog.js';

export type TrademarkEditButtonProps = Omit<DescribedProps, 'record'> & { record?: Trademark | null };

/** A button that opens the trademark info dialog: a new mark without a record, else that mark. */
export function TrademarkEditButton({ label, record, mode = 'edit', permission = 'trademark', primary, link }: TrademarkEditButtonProps) {
  const runtime = useRuntime();
  const [open, setOpen] = useState(false);
  // The dialog is made on the first opening: a page of cards would otherwise build one per card.
  const [opened, setOpened] = useState(false);
  if (permission && !runtime.permissions.has(permission)) return null;
  return (
    <>
      <Button type={link ? 'link' : primary ? 'primary' : 'default'} size={link ? 'small' : 'middle'} onClick={() => (setOpened(true), setOpen(true))}>
        {label ?? (record ? '编辑' : '新增商标')}
      </Button>
      {opened && <TrademarkEditDialog open={open} onClose={() => setOpen(false)} record={record ?? null} editing={!record || mode === 'edit'} />}
    </>
  );
}
