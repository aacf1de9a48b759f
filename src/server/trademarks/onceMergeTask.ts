import type { BrandArchiveQuery } from '../../generated/types.js';
import { registerBatchTaskKind } from '../batch/batchTaskKinds.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { findDuplicateGroups } from './duplicateGroups.js';
import { mergeBrands, type MergeGroup } from './mergeBrands.js';

export const ONCE_MERGE = 'onceMerge';

/** What a batch merge task keeps in its payload. */
export interface OnceMergePayload {
  viewer: ArchiveViewer;
  /** Which marks to look among: the archive query (the filter form, or chosen ids). */
  query: BrandArchiveQuery;
  /** Found when the task is planned; step i merges groups[i]. */
  groups?: MergeGroup[];
}

/**
 * 批量商标合并: planned by finding the duplicate groups among the chosen marks as the person who
 * started it sees them; each step merges one group in its own transaction. Marks merged or
 * deleted since planning are left out of their group rather than failing the task.
 */
registerBatchTaskKind(ONCE_MERGE, {
  name: '批量商标合并',
  link: '/brandManage/brandRecord',
  async plan(db, task) {
    const payload = task.payload as unknown as OnceMergePayload;
    const groups = await findDuplicateGroups(db, payload.query, payload.viewer);
    return { payload: { ...payload, groups }, total: groups.length };
  },
  async step(db, task, index) {
    const payload = task.payload as unknown as OnceMergePayload;
    const group = payload.groups?.[index];
    if (!group) throw new Error('任务数据不完整');
    await mergeBrands(db, [group], { viewer: payload.viewer, orgId: task.org_id, taskId: task.id, lenient: true });
  },
});
