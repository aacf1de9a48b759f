import { useState } from 'react';
import { Button } from 'antd';
import type { MergeDialogButtonProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useTableSelection } from '../../runtime/blocks/table/tableSelection.js';
import { MergeDialog } from './MergeDialog.js';
import { OverseasMergeDialog } from './OverseasMergeDialog.js';

/**
 * 数据合并 in a table's toolbar: opens the merge dialog on the selected rows (at least two). When
 * every selected mark is overseas (`countryCode` other than CN) the overseas comparison opens.
 */
export function MergeDialogButton({ label = '数据合并', permission, variant = 'auto' }: MergeDialogButtonProps) {
  const runtime = useRuntime();
  const selection = useTableSelection();
  const [open, setOpen] = useState<null | 'domestic' | 'overseas'>(null);
  const [ids, setIds] = useState<number[]>([]);
  if (permission && !runtime.permissions.has(permission)) return null;

  const start = () => {
    const rows = selection?.rows ?? [];
    if (rows.length < 2) {
      runtime.notify('warning', rows.length === 0 ? '请先选择数据' : '请至少选择两条商标进行合并');
      return;
    }
    const key = selection!.rowKey;
    setIds(rows.map((r) => Number(r[key])));
    const overseas = rows.every((r) => typeof r.countryCode === 'string' && r.countryCode !== 'CN');
    setOpen(variant === 'auto' ? (overseas ? 'overseas' : 'domestic') : variant);
  };
  const merged = async () => {
    selection?.clear();
    await selection?.refresh();
  };
  const Dialog = open === 'overseas' ? OverseasMergeDialog : MergeDialog;
  return (
    <>
      <Button onClick={start}>{label}</Button>
      {open && <Dialog ids={ids} open onClose={() => setOpen(null)} onMerged={merged} />}
    </>
  );
}
