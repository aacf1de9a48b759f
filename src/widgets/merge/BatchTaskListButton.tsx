import { useState } from 'react';
import { Button } from 'antd';
import type { BatchTaskListButtonProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { BatchTaskListDialog } from './BatchTaskListDialog.js';

/** 批量任务列表: a button that opens the list of batch merge tasks. */
export function BatchTaskListButton({ label = '批量任务列表', permission }: BatchTaskListButtonProps) {
  const runtime = useRuntime();
  const [open, setOpen] = useState(false);
  if (permission && !runtime.permissions.has(permission)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      {open && <BatchTaskListDialog open onClose={() => setOpen(false)} />}
    </>
  );
}
