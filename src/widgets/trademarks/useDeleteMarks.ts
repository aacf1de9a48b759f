import { App } from 'antd';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { confirmOptions } from '../../runtime/confirmDialog.js';
import { forgetSelected } from '../../runtime/bus.js';
import { useRefreshArchive } from './refreshArchive.js';
import { isNonEmpty } from '../../shared/listLength.js';

/** Deletes archive marks after the 确认要删除吗？ confirmation; true when deleted. */
export function useDeleteMarks(): (ids: number[]) => Promise<boolean> {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const refresh = useRefreshArchive();
  return async (ids) => {
    if (!isNonEmpty(ids)) {
      runtime.notify('warning', '请先选择数据');
      return false;
    }
    const confirmed = await new Promise<boolean>((resolve) => modal.confirm(confirmOptions('delete', resolve)));
    if (!confirmed) return false;
    try {
      await runtime.callOperation('brandArchives.delTrademarkList', { ids });
    } catch {
      return false;
    }
    // Deleted marks are no longer selected in any view.
    forgetSelected(ids);
    runtime.notify('success', '删除成功');
    await refresh();
    return true;
  };
}
