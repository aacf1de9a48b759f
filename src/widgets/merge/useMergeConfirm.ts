import { useState } from 'react';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { isNonEmpty } from '../../shared/listLength.js';

/** How long 合并成功 waits after the merge (spec 001 §4). */
export const MERGE_SUCCESS_DELAY_MS = 1000;

/**
 * 确定 in a merge dialog: merges the other marks into the kept one with the button loading; after
 * a second says 合并成功, then lets the caller refresh the list and close.
 */
export function useMergeConfirm(ids: readonly number[], onMerged: () => Promise<unknown> | void) {
  const runtime = useRuntime();
  const [merging, setMerging] = useState(false);
  const confirm = async (kept: number | null) => {
    const merged = ids.filter((id) => id !== kept);
    if (kept === null || !isNonEmpty(merged)) {
      runtime.notify('warning', '请选择需要保留的商标');
      return;
    }
    setMerging(true);
    try {
      await runtime.callOperation('brandMerge.mergeBrand', { mergeList: [{ targetBrandId: kept, mergedBrandIds: merged }] });
      await new Promise((resolve) => setTimeout(resolve, MERGE_SUCCESS_DELAY_MS));
      runtime.notify('success', '合并成功');
      await onMerged();
    } catch {
      // The HTTP client shows the server's reason; the dialog stays open.
    } finally {
      setMerging(false);
    }
  };
  return { merging, confirm };
}
