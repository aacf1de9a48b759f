import { useState } from 'react';
import { Button, Modal, Select, Typography } from 'antd';
import type { EnterpriseMoveButtonProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useTableSelection } from '../../runtime/blocks/table/tableSelection.js';
import { useGroupList, useRefreshEnterprises } from './enterpriseCalls.js';

/** The target that takes enterprises out of every group. */
const UNGROUPED = 'ungrouped';

/**
 * 批量移动 in the enterprise table's toolbar: the selected enterprises into a group, or out of any.
 * The dialog names how many are moved, and the group, before anything happens.
 */
export function EnterpriseMoveButton({ label = '批量移动', permission }: EnterpriseMoveButtonProps) {
  const runtime = useRuntime();
  const selection = useTableSelection();
  const [ids, setIds] = useState<[number, ...number[]] | null>(null);
  const [target, setTarget] = useState<number | typeof UNGROUPED | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { data, isLoading } = useGroupList(ids !== null);
  const refresh = useRefreshEnterprises();
  if (permission && !runtime.permissions.has(permission)) return null;

  const start = () => {
    const rows = selection?.rows ?? [];
    const [first, ...rest] = rows.map((r) => Number(r[selection!.rowKey]));
    if (first === undefined) return runtime.notify('warning', '请先选择数据');
    setTarget(undefined);
    setIds([first, ...rest]);
  };
  const move = async () => {
    if (!ids) return;
    if (target === undefined) return runtime.notify('warning', '请选择目标分组');
    setBusy(true);
    try {
      const reply = await runtime.callOperation('enterprise.batchMove', { ids, groupId: target === UNGROUPED ? null : target });
      runtime.notify('success', `已将 ${reply.moved} 家企业移至“${reply.groupName}”`);
      setIds(null);
      selection?.clear();
      await Promise.all([selection?.refresh(), refresh()]);
    } catch {
      // Shown by the HTTP client; the dialog stays.
    } finally {
      setBusy(false);
    }
  };

  const options = [
    ...(data?.groups ?? []).map((g) => ({ value: g.id as number | typeof UNGROUPED, label: `${g.name}（${g.count}）` })),
    { value: UNGROUPED, label: '移出分组（未分组）' },
  ];
  return (
    <>
      <Button onClick={start}>{label}</Button>
      <Modal
        title={`批量移动（已选 ${ids?.length ?? 0} 家企业）`}
        open={ids !== null}
        width={440}
        okText="确定移动"
        cancelText="取消"
        okButtonProps={{ disabled: target === undefined }}
        confirmLoading={busy}
        onOk={() => void move()}
        onCancel={() => setIds(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>将所选的 {ids?.length ?? 0} 家企业移至：</Typography.Paragraph>
        <Select
          aria-label="目标分组"
          style={{ width: '100%' }}
          placeholder="请选择目标分组"
          loading={isLoading}
          options={options}
          value={target}
          onChange={setTarget}
          showSearch
          optionFilterProp="label"
        />
      </Modal>
    </>
  );
}
