import { useMemo, useRef, useState } from 'react';
import { Button, Input, Popconfirm, Tooltip, Tree, Typography } from 'antd';
import { CaretDownFilled, DeleteOutlined, EditOutlined, PlusCircleOutlined, SubnodeOutlined } from '@ant-design/icons';
import type { BrandMap } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { subtreeIds } from '../../shared/brandMapTree.js';
import type { TagState } from '../../shared/tagSelection.js';
import { toTreeItems, type TreeItem } from './tagCalls.js';

interface Props {
  map: BrandMap;
  /** Each node's checkbox, or no checkboxes at all when absent (a tree only being edited). */
  stateOf?: (nodeId: string) => TagState;
  onToggle?: (nodeId: string) => void;
  editable: boolean;
  /** After an edit the server saved: the map as it now is. */
  onEdited(map: BrandMap): void;
}

type Action = 'rename' | 'addSibling' | 'addChild' | 'delete';

/**
 * One map's node tree. Checkboxes are tri-state and independent per node (a tag is one node, not
 * its subtree). With 编辑标签树 each node offers rename, a sibling, a child and delete, each saved
 * at once; the root, which stands for the map, has neither sibling nor delete.
 */
export function TagTree({ map, stateOf, onToggle, editable, onEdited }: Props) {
  const runtime = useRuntime();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = useMemo(() => (map.map ? toTreeItems(map.map) : []), [map.map]);
  const allKeys = useMemo(() => (map.map ? subtreeIds(map.map) : []), [map.map]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  // Enter saves, and the box then loses focus: one rename, not two.
  const renameSent = useRef<string | null>(null);

  const checked = stateOf ? allKeys.filter((k) => stateOf(k) === 'checked') : [];
  const halfChecked = stateOf ? allKeys.filter((k) => stateOf(k) === 'partial') : [];

  const edit = async (action: Action, nodeId: string, label?: string) => {
    setBusy(true);
    try {
      const reply = await runtime.callOperation('brandLabels.editNode', {
        mapId: map.id,
        action,
        nodeId,
        ...(label !== undefined ? { label } : {}),
      });
      onEdited(reply.map);
      if (action === 'addSibling' || action === 'addChild') {
        setExpanded((keys) => [...(keys ?? allKeys), nodeId]);
        setRenaming(reply.nodeId);
      }
      if (action === 'delete') runtime.notify('success', '删除成功！');
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const finishRename = async (item: TreeItem, value: string) => {
    const label = value.trim();
    if (!label || label === item.title) {
      setRenaming(null);
      return;
    }
    if (renameSent.current === item.key) return;
    renameSent.current = item.key;
    if (await edit('rename', item.key, label)) setRenaming(null);
    renameSent.current = null;
  };

  const title = (item: TreeItem) => {
    if (renaming === item.key) {
      return (
        <Input
          size="small"
          autoFocus
          aria-label="节点名称"
          defaultValue={item.title}
          maxLength={30}
          style={{ width: 180 }}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
          onPressEnter={(e) => void finishRename(item, e.currentTarget.value)}
          onBlur={(e) => void finishRename(item, e.currentTarget.value)}
        />
      );
    }
    return (
      <span className="ipm-tag-node">
        <span className="ipm-tag-node-label">{item.title}</span>
        {editable && (
          <span className="ipm-tag-node-actions" onClick={(e) => e.stopPropagation()}>
            <Tooltip title="重命名">
              <Button
                type="text"
                size="small"
                aria-label={`重命名 ${item.title}`}
                icon={<EditOutlined />}
                disabled={busy}
                onClick={() => setRenaming(item.key)}
              />
            </Tooltip>
            {!item.isRoot && (
              <Tooltip title="新增同级节点">
                <Button
                  type="text"
                  size="small"
                  aria-label={`新增同级节点 ${item.title}`}
                  icon={<PlusCircleOutlined />}
                  disabled={busy}
                  onClick={() => void edit('addSibling', item.key, '新节点')}
                />
              </Tooltip>
            )}
            <Tooltip title="新增子节点">
              <Button
                type="text"
                size="small"
                aria-label={`新增子节点 ${item.title}`}
                icon={<SubnodeOutlined />}
                disabled={busy}
                onClick={() => void edit('addChild', item.key, '新节点')}
              />
            </Tooltip>
            {!item.isRoot && (
              <Popconfirm title="确定删除该节点吗？" okText="确定" cancelText="取消" onConfirm={() => edit('delete', item.key)}>
                <Tooltip title="删除节点">
                  <Button type="text" size="small" danger aria-label={`删除 ${item.title}`} icon={<DeleteOutlined />} disabled={busy} />
                </Tooltip>
              </Popconfirm>
            )}
          </span>
        )}
      </span>
    );
  };

  const empty = map.map !== undefined && map.map.children.length === 0;
  return (
    <>
      <Tree<TreeItem>
        className="ipm-tag-tree"
        treeData={items.map(function mark(i): TreeItem & { disableCheckbox: boolean; checkable: boolean } {
          return { ...i, disableCheckbox: i.isRoot, checkable: Boolean(stateOf) && !i.isRoot, children: i.children.map(mark) };
        })}
        checkable={Boolean(stateOf)}
        checkStrictly
        selectable={false}
        blockNode
        expandedKeys={expanded ?? allKeys}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={{ checked, halfChecked }}
        onCheck={(_, info) => onToggle?.(String(info.node.key))}
        titleRender={title}
        switcherIcon={(node) => {
          const item = (node as { data?: TreeItem }).data;
          const action = node.expanded ? '收起' : '展开';
          // The switcher of a node with children: named and explained like the other icons.
          return (
            <span>
              <Tooltip title={`${action}下级`}>
                <CaretDownFilled role="button" aria-label={`${action}“${item?.title ?? ''}”的下级`} aria-expanded={Boolean(node.expanded)} />
              </Tooltip>
            </span>
          );
        }}
      />
      {empty && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {editable ? '该图谱还没有标签：点根节点旁的“新增子节点”添加' : '该图谱还没有标签'}
        </Typography.Paragraph>
      )}
    </>
  );
}
