import { useMemo, useState, type ReactNode } from 'react';
import { Space, TreeSelect, Typography } from 'antd';
import type { TreeSelectAllProps as DescribedProps } from '../../../generated/types.js';
import { useNamedOperation } from '../../useOperation.js';
import { useDebounced } from '../../useDebounced.js';
import { usePublishLabels } from '../../fieldLabels.js';
import {
  cancelAllUnder,
  DEFAULT_FIELD_NAMES,
  filterTree,
  indexTree,
  readTree,
  selectAllUnder,
  selectionUnder,
  type SelectableNode,
  type TreeValue,
} from './treeSelection.js';
import './treeSelectAll.css';

/** Spec 001 §9: the tree filter waits 500 ms after the last keystroke. */
const FILTER_DEBOUNCE_MS = 500;

export type TreeSelectAllProps = DescribedProps & {
  value?: TreeValue[];
  onChange?: (value: TreeValue[]) => void;
  disabled?: boolean;
  /** For widgets built on this one: a tree already in hand instead of operation or treeData. */
  nodes?: SelectableNode[];
  loading?: boolean;
  /** Called with the values a change added, before onChange. */
  onAdded?: (added: TreeValue[]) => void;
  /** For widgets built on this one that close the dropdown themselves. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

interface AntNode {
  value: TreeValue;
  key: TreeValue;
  /** The line in the tree: the name, and 全选 / 取消全选 for a node with children. */
  title: ReactNode;
  /** The name on the tag once chosen. */
  label: string;
  checkable: boolean;
  selectable: boolean;
  children: AntNode[];
}

const groupValues = (nodes: SelectableNode[]): TreeValue[] => nodes.flatMap((n) => (n.children.length > 0 ? [n.value, ...groupValues(n.children)] : []));

/**
 * Tree-select with 全选 and 取消全选 beside every node that has children. Checks are independent
 * (a group's own check does not pull in its children); the two actions are how a whole branch
 * is chosen or dropped.
 */
export function TreeSelectAll({
  operation,
  body,
  treeData,
  fieldNames,
  groupsSelectable = true,
  placeholder = '请选择',
  maxTagCount,
  value,
  onChange,
  disabled,
  nodes: givenNodes,
  loading: givenLoading,
  onAdded,
  open,
  onOpenChange,
}: TreeSelectAllProps) {
  const remote = useNamedOperation<unknown>(operation ?? '', operation && !givenNodes ? (body ?? {}) : null);
  const names = useMemo(() => ({ ...DEFAULT_FIELD_NAMES, ...fieldNames }), [fieldNames]);
  const nodes = useMemo(
    () => givenNodes ?? readTree(operation ? remote.data : treeData, names, groupsSelectable),
    [givenNodes, operation, remote.data, treeData, names, groupsSelectable],
  );
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const selected = useMemo(() => value ?? [], [value]);

  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, FILTER_DEBOUNCE_MS);
  const [expanded, setExpanded] = useState<TreeValue[]>([]);

  usePublishLabels(useMemo(() => [...index.values()].map((n) => ({ label: n.label, value: n.value })), [index]));

  const commit = (next: TreeValue[]) => {
    const had = new Set(selected);
    const added = next.filter((v) => !had.has(v));
    if (added.length > 0) onAdded?.(added);
    onChange?.(next);
  };

  const actions = (node: SelectableNode) => {
    const state = selectionUnder(selected, node);
    return (
      <span className="ipm-tree-select-all-node">
        <span>{node.label}</span>
        <Space size={8} className="ipm-tree-select-all-actions">
          <Typography.Link
            disabled={state === 'all' || disabled}
            onClick={(e) => {
              e.stopPropagation();
              commit(selectAllUnder(selected, node));
            }}
          >
            全选
          </Typography.Link>
          <Typography.Link
            disabled={state === 'none' || disabled}
            onClick={(e) => {
              e.stopPropagation();
              commit(cancelAllUnder(selected, node));
            }}
          >
            取消全选
          </Typography.Link>
        </Space>
      </span>
    );
  };
  const toAnt = (list: SelectableNode[]): AntNode[] =>
    list.map((n) => ({
      value: n.value,
      key: n.value,
      title: n.children.length > 0 ? actions(n) : n.label,
      label: n.label,
      checkable: n.selectable,
      selectable: n.selectable,
      children: toAnt(n.children),
    }));
  const filtered = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);

  return (
    <TreeSelect
      className="ipm-tree-select-all"
      style={{ width: '100%' }}
      treeData={toAnt(filtered)}
      treeNodeLabelProp="label"
      treeCheckable
      treeCheckStrictly
      // Values are shown with their labels; the field keeps plain values.
      value={selected.map((v) => ({ value: v, label: index.get(v)?.label ?? String(v) }))}
      onChange={(next: { value: TreeValue }[]) => commit(next.map((n) => n.value))}
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      showSearch
      searchValue={typed}
      onSearch={setTyped}
      filterTreeNode={false}
      // The filter stays while a branch is chosen, and goes when the dropdown closes.
      autoClearSearchValue={false}
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange?.(next);
      }}
      treeExpandedKeys={keyword.trim() ? groupValues(filtered) : expanded}
      onTreeExpand={(keys) => setExpanded(keys as TreeValue[])}
      placeholder={placeholder}
      maxTagCount={maxTagCount ?? 'responsive'}
      allowClear
      disabled={disabled}
      loading={givenLoading ?? remote.isLoading}
      notFoundContent={(givenLoading ?? remote.isLoading) ? '加载中…' : '暂无数据'}
      listHeight={320}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { minWidth: 320 } } }}
    />
  );
}
