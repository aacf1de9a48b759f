import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, Empty, Space, Spin, Typography } from 'antd';
import type { BrandArchiveQuery, BrandMap } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { subtreeIds } from '../../shared/brandMapTree.js';
import { emptyLists, hasChanges, initialStates, stateOf, toggleNode, type SelectionReply, type TagLists } from '../../shared/tagSelection.js';
import { MapList } from './MapList.js';
import { TagTree } from './TagTree.js';
import { useBrandMaps } from './tagCalls.js';
import './tags.css';

/** Which marks the drawer acts on. */
export type TagTarget = { kind: 'list'; ids: (string | number)[]; variant: 'own' | 'other' } | { kind: 'filter'; filter: BrandArchiveQuery };

interface Props {
  open: boolean;
  target: TagTarget;
  onClose(): void;
  onSaved(): void;
}

interface Reply extends SelectionReply {
  count: number;
}

const inquiry = (target: TagTarget): [string, object] =>
  target.kind === 'filter'
    ? ['brandLabels.inquireLabelsByCon', { filter: target.filter }]
    : [target.variant === 'other' ? 'brandLabels.inquireLabelsV2' : 'brandLabels.inquireLabels', { ids: target.ids.join('#') }];

const saving = (target: TagTarget, lists: TagLists): [string, object] => {
  const change = { addNodeId: lists.add.join(','), delNodeId: lists.del.join(',') };
  return target.kind === 'filter'
    ? ['brandLabels.saveLabelsByCon', { filter: target.filter, ...change }]
    : [target.variant === 'other' ? 'brandLabels.batchAddLabelsV2' : 'brandLabels.batchAddLabels', { ids: target.ids.join('#'), ...change }];
};

/**
 * 新增标签 (spec 001 §2, §4): maps on the left, the chosen map's tree on the right with
 * tri-state checkboxes for the chosen marks. Only the two lists are sent on 确定; tree edits are
 * saved as they happen. Closing forgets the lists.
 */
export function TagDrawer({ open, target, onClose, onSaved }: Props) {
  const runtime = useRuntime();
  const allowed = runtime.permissions.has('tagsList');
  const editable = runtime.permissions.has('modifyLabel');
  const canAdd = runtime.permissions.has('addTags');
  const canDelete = runtime.permissions.has('delTags');
  const { maps, isLoading, reload } = useBrandMaps(open && allowed);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [reply, setReply] = useState<Reply | null>(null);
  const [lists, setLists] = useState<TagLists>(emptyLists);
  const [submitting, setSubmitting] = useState(false);
  const targetKey = JSON.stringify(target);

  useEffect(() => {
    if (!open || !allowed) return;
    let current = true;
    setReply(null);
    const [operation, body] = inquiry(target);
    runtime
      .callNamedOperation<Reply>(operation, body)
      .then((r) => current && setReply(r))
      .catch(() => current && setReply({ count: 0, selectAll: [], partSelect: [] }));
    return () => {
      current = false;
    };
    // The target is compared by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, allowed, targetKey, runtime]);

  useEffect(() => {
    if (maps.length > 0 && !maps.some((m) => m.id === activeId)) setActiveId(maps[0]!.id);
  }, [maps, activeId]);

  const initial = useMemo(() => initialStates(reply ?? { selectAll: [], partSelect: [] }), [reply]);
  const active = maps.find((m) => m.id === activeId) ?? null;

  // The server refuses what the role may not do; say so at the click rather than on 确定.
  const toggle = (id: string) => {
    const next = toggleNode(lists, id, initial);
    if (next.add.length > lists.add.length && !canAdd) return runtime.notify('warning', '没有“添加标签”权限');
    if (next.del.length > lists.del.length && !canDelete) return runtime.notify('warning', '没有“删除标签”权限');
    setLists(next);
  };

  const close = () => {
    setLists(emptyLists());
    onClose();
  };

  const replaceMap = (map: BrandMap) => {
    void reload(
      (data) => (data ? { list: data.list.some((m) => m.id === map.id) ? data.list.map((m) => (m.id === map.id ? map : m)) : [...data.list, map] } : data),
      { revalidate: false },
    );
    setActiveId(map.id);
    // Nodes deleted from the tree can no longer be sent.
    const known = new Set<string>();
    for (const m of maps.filter((x) => x.id !== map.id).concat(map)) for (const id of m.map ? subtreeIds(m.map) : []) known.add(id);
    setLists((l) => ({ add: l.add.filter((id) => known.has(id)), del: l.del.filter((id) => known.has(id)) }));
  };

  const confirm = async () => {
    if (!hasChanges(lists)) {
      close();
      return;
    }
    setSubmitting(true);
    try {
      const [operation, body] = saving(target, lists);
      await runtime.callNamedOperation(operation, body);
      runtime.notify('success', '保存成功');
      onSaved();
      close();
    } catch {
      // Shown by the HTTP client; the lists stay for another try.
    } finally {
      setSubmitting(false);
    }
  };

  const count = reply?.count ?? 0;
  return (
    <Drawer
      title="新增标签"
      width={800}
      open={open}
      onClose={close}
      destroyOnHidden
      footer={
        allowed && (
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={close}>取消</Button>
            <Button type="primary" loading={submitting} disabled={count === 0} onClick={() => void confirm()}>
              确定
            </Button>
          </Space>
        )
      }
    >
      {!allowed ? (
        <Empty description="暂无商标列表权限" />
      ) : (
        <div className="ipm-tag-drawer">
          <Typography.Paragraph type="secondary" className="ipm-tag-scope">
            {reply === null ? '正在读取所选商标的标签…' : target.kind === 'filter' ? `按筛选条件：共 ${count} 个商标` : `已选 ${count} 个商标`}
            {hasChanges(lists) && `，新增 ${lists.add.length} 个、删除 ${lists.del.length} 个标签`}
          </Typography.Paragraph>
          {reply !== null && count === 0 && <Alert type="warning" showIcon message="没有可加标签的商标" style={{ marginBottom: 12 }} />}
          <div className="ipm-tag-columns">
            <MapList maps={maps} activeId={activeId} onSelect={setActiveId} editable={editable} onSaved={replaceMap} />
            <div className="ipm-tag-tree-pane">
              {isLoading || reply === null ? (
                <Spin />
              ) : active ? (
                <TagTree
                  key={active.id}
                  map={active}
                  stateOf={(id) => stateOf(id, initial, lists)}
                  onToggle={toggle}
                  editable={editable}
                  onEdited={replaceMap}
                />
              ) : (
                <Empty description="暂无图谱" />
              )}
            </div>
          </div>
        </div>
      )}
    </Drawer>
  );
}
