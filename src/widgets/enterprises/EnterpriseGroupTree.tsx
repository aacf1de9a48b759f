import { useState, type ReactNode } from 'react';
import { App, Button, Input, Modal, Skeleton, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { EnterpriseGroupTreeProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useBlockQuery, useQueryValue } from '../../runtime/pageQueries.js';
import { askConfirm } from '../../runtime/confirmDialog.js';
import { groupFilter, selectedGroup, type GroupChoice } from './groupChoice.js';
import { useGroupList, useRefreshEnterprises } from './enterpriseCalls.js';
import './enterprises.css';

const NAME_MAX = 50;

/** What the name dialog is for: a new group, or renaming one. */
type Naming = { id?: number; name: string };

/**
 * 企业分组 beside the list: 全部企业, each group and 未分组 with their counts. Choosing one sets the
 * page query's group condition, keeping the filter bar's; groups are made, renamed and deleted here.
 */
export function EnterpriseGroupTree({ channel }: EnterpriseGroupTreeProps) {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const query = useBlockQuery(channel);
  const conditions = useQueryValue(query, 'conditions');
  const { data, isLoading } = useGroupList();
  const refresh = useRefreshEnterprises();
  const [naming, setNaming] = useState<Naming | null>(null);
  const [busy, setBusy] = useState(false);
  const canManage = runtime.permissions.has('enterprise');
  const chosen = selectedGroup(conditions);

  const choose = (choice: GroupChoice) => query.setConditions(groupFilter(query.conditions, choice));

  const saveName = async () => {
    if (!naming) return;
    const name = naming.name.trim();
    if (!name) return runtime.notify('warning', '请输入分组名称');
    setBusy(true);
    try {
      await runtime.callOperation('enterprise.groupManagement', naming.id === undefined ? { name } : { id: naming.id, name });
      runtime.notify('success', naming.id === undefined ? `已新建分组“${name}”` : '分组已改名');
      setNaming(null);
      await refresh();
    } catch {
      // The HTTP client showed why; the dialog stays for another name.
    } finally {
      setBusy(false);
    }
  };

  const remove = async (group: { id: number; name: string; count: number }) => {
    const content = group.count > 0 ? `分组中的 ${group.count} 家企业将移出分组，成为未分组。` : '该分组中没有企业。';
    if (!(await askConfirm(modal, { title: `确认要删除分组“${group.name}”吗？`, content, danger: true }))) return;
    try {
      const { ungrouped } = await runtime.callOperation('enterprise.deleteGroup', { id: group.id });
      runtime.notify('success', ungrouped > 0 ? `分组已删除，${ungrouped} 家企业已移出分组` : '分组已删除');
      if (chosen.kind === 'group' && chosen.id === group.id) choose({ kind: 'all' });
      await refresh();
    } catch {
      // Shown by the HTTP client.
    }
  };

  return (
    <div className="ipm-enterprise-groups">
      <div className="ipm-enterprise-groups-head">
        <Typography.Text strong>企业分组</Typography.Text>
        {canManage && (
          <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setNaming({ name: '' })}>
            新建分组
          </Button>
        )}
      </div>
      {isLoading && !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <div role="tree" aria-label="企业分组">
          <GroupItem label="全部企业" count={data?.total} active={chosen.kind === 'all'} onChoose={() => choose({ kind: 'all' })} />
          {(data?.groups ?? []).map((g) => (
            <GroupItem
              key={g.id}
              label={g.name}
              count={g.count}
              active={chosen.kind === 'group' && chosen.id === g.id}
              onChoose={() => choose({ kind: 'group', id: g.id })}
              actions={
                canManage && (
                  <>
                    <IconAction title="重命名" label={`重命名分组 ${g.name}`} icon={<EditOutlined />} onClick={() => setNaming({ id: g.id, name: g.name })} />
                    <IconAction title="删除" label={`删除分组 ${g.name}`} icon={<DeleteOutlined />} danger onClick={() => void remove(g)} />
                  </>
                )
              }
            />
          ))}
          <GroupItem label="未分组" count={data?.ungroupedCount} active={chosen.kind === 'ungrouped'} onChoose={() => choose({ kind: 'ungrouped' })} />
        </div>
      )}
      <Modal
        title={naming?.id === undefined ? '新建分组' : '重命名分组'}
        open={naming !== null}
        width={400}
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void saveName()}
        onCancel={() => setNaming(null)}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label="分组名称"
          placeholder="请输入分组名称"
          maxLength={NAME_MAX}
          showCount
          value={naming?.name ?? ''}
          onChange={(e) => setNaming((n) => (n ? { ...n, name: e.target.value } : n))}
          onPressEnter={() => void saveName()}
        />
      </Modal>
    </div>
  );
}

interface GroupItemProps {
  label: string;
  count: number | undefined;
  active: boolean;
  onChoose(): void;
  /** Shown on hover or focus; clicking them does not choose the group. */
  actions?: ReactNode;
}

function GroupItem({ label, count, active, onChoose, actions }: GroupItemProps) {
  return (
    <div
      className={`ipm-enterprise-group${active ? ' is-active' : ''}`}
      role="treeitem"
      aria-selected={active}
      tabIndex={0}
      onClick={onChoose}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onChoose()}
    >
      <Typography.Text ellipsis className="ipm-enterprise-group-name">
        {label}
      </Typography.Text>
      <span className="ipm-enterprise-group-count">{count ?? ''}</span>
      {actions && (
        <span className="ipm-enterprise-group-actions" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {actions}
        </span>
      )}
    </div>
  );
}

function IconAction({ title, label, icon, danger, onClick }: { title: string; label: string; icon: ReactNode; danger?: boolean; onClick(): void }) {
  return (
    <Tooltip title={title}>
      <Button size="small" type="text" danger={danger} aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}
