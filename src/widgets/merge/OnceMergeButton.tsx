import { useState } from 'react';
import { App, Button } from 'antd';
import type { OnceMergeButtonProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useTableSelection } from '../../runtime/blocks/table/tableSelection.js';
import { rowFilter } from '../../runtime/pageQuery.js';
import { BatchTaskListDialog } from './BatchTaskListDialog.js';

/**
 * 批量合并: starts a background merge of every duplicate group (same country, application number
 * and class) among the selected rows, or, with none selected, among all rows the table's current
 * conditions match; then shows the task list so the person can watch it finish.
 */
export function OnceMergeButton({ label = '批量合并', permission }: OnceMergeButtonProps) {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const selection = useTableSelection();
  const [busy, setBusy] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  if (permission && !runtime.permissions.has(permission)) return null;

  const start = async () => {
    const rows = selection?.rows ?? [];
    const filter = rowFilter(selection?.conditions ?? {});
    let scope = `所选的 ${rows.length} 件商标`;
    if (rows.length === 0) {
      // The count of what the conditions match, so the person knows how far a merge that cannot be undone reaches.
      setBusy(true);
      try {
        const { count } = await runtime.callOperation('brandArchives.queryBrandPage', { ...filter, pageNo: 1, pageSize: 1 });
        if (count === 0) return runtime.notify('warning', '当前条件下没有商标');
        scope = `当前条件下的全部 ${count} 件商标`;
      } catch {
        return;
      } finally {
        setBusy(false);
      }
    }
    modal.confirm({
      title: '批量合并重复商标',
      content: `将在${scope}中查找申请号、类别相同的重复商标，每组保留一件，其余合并后删除。是否继续？`,
      width: 420,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setBusy(true);
        try {
          const key = selection?.rowKey ?? 'id';
          const body = rows.length > 0 ? { ids: rows.map((r) => Number(r[key])) } : { filter };
          await runtime.callOperation('brandMerge.onceMergeBrand', body);
          runtime.notify('success', '已创建批量合并任务');
          selection?.clear();
          setListOpen(true);
        } catch {
          // Shown by the HTTP client.
        } finally {
          setBusy(false);
        }
      },
    });
  };

  return (
    <>
      <Button loading={busy} onClick={() => void start()}>
        {label}
      </Button>
      {listOpen && (
        <BatchTaskListDialog
          open
          onClose={() => {
            setListOpen(false);
            void selection?.refresh();
          }}
        />
      )}
    </>
  );
}
