import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Input, Skeleton, Space, Tree, Typography } from 'antd';
import type { PermissionNode, PermissionTreeProps as DescribedProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { checkNode, checkState, filterPermissions, indexPermissions, keysOf, uncheckNode } from './permissionSelection.js';

export type PermissionTreeProps = DescribedProps & {
  /** The keys; a role's roleAuth text (a table row's value) is read as its keys. */
  value?: string[] | string;
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

interface TreeItem {
  key: string;
  title: string;
  node: PermissionNode;
  disableCheckbox: boolean;
  children: TreeItem[];
}

const allNodeKeys = (nodes: readonly PermissionNode[]): string[] => nodes.flatMap((n) => [n.key, ...allNodeKeys(n.children)]);

/**
 * A role's keys ticked on the permission tree (role.permissionTree): ticking a node takes what is
 * below and above it, a node holding only part of what is below it is half-checked; a search box,
 * 全选 and 全不选 above it.
 */
export function PermissionTree({ height = 420, showKeys = true, value, onChange, disabled, readOnly }: PermissionTreeProps) {
  const { data, error, isLoading } = useOperation('role.permissionTree', {});
  const tree = useMemo(() => data?.tree ?? [], [data]);
  const index = useMemo(() => indexPermissions(tree), [tree]);
  const held = useMemo(() => keysOf(value), [value]);
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const locked = Boolean(disabled || readOnly);

  // A row's roleAuth text becomes the list of keys the form submits.
  useEffect(() => {
    if (typeof value === 'string') onChange?.(keysOf(value));
  }, [value, onChange]);

  const shown = useMemo(() => filterPermissions(tree, keyword), [tree, keyword]);
  const items = useMemo(
    () =>
      shown.map(function item(node): TreeItem {
        return { key: node.key, title: node.title, node, disableCheckbox: locked, children: node.children.map(item) };
      }),
    [shown, locked],
  );
  const expanded = useMemo(() => {
    const all = allNodeKeys(shown);
    // While searching every match shows with the nodes above it.
    return keyword.trim() ? all : all.filter((k) => !collapsed.includes(k));
  }, [shown, keyword, collapsed]);
  const state = useMemo(() => checkState(index, held), [index, held]);

  if (error) return <Alert type="error" showIcon message="权限列表加载失败，请稍后重试" />;
  if (isLoading && !data) return <Skeleton active paragraph={{ rows: 6 }} />;

  const known = held.filter((k) => index.below.has(k)).length;
  return (
    <div className="ipm-permission-tree">
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          aria-label="搜索权限"
          placeholder="搜索权限名称或键"
          style={{ width: 220 }}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={setKeyword}
        />
        <Button size="small" disabled={locked} onClick={() => onChange?.([...index.keys])}>
          全选
        </Button>
        <Button size="small" disabled={locked} onClick={() => onChange?.([])}>
          全不选
        </Button>
        <Typography.Text type="secondary">
          已选 {known} / {index.keys.length} 项
        </Typography.Text>
      </Space>
      {items.length === 0 ? (
        <Typography.Paragraph type="secondary">没有匹配的权限</Typography.Paragraph>
      ) : (
        // Some forty nodes: all rendered (no virtual list), scrolled within the box.
        <div style={{ maxHeight: height, overflow: 'auto' }}>
          <Tree<TreeItem>
            checkable
            checkStrictly
            selectable={false}
            blockNode
            treeData={items}
            checkedKeys={state}
            expandedKeys={expanded}
            onExpand={(_, info) => {
              const key = String(info.node.key);
              setCollapsed((was) => (info.expanded ? was.filter((k) => k !== key) : [...was, key]));
            }}
            onCheck={(_, info) => {
              if (locked) return;
              const key = String(info.node.key);
              onChange?.(info.checked ? checkNode(index, held, key) : uncheckNode(index, held, key));
            }}
            titleRender={(item) => (
              <span>
                {item.title}
                {showKeys && item.node.kind !== 'group' && (
                  <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                    {item.key}
                  </Typography.Text>
                )}
              </span>
            )}
          />
        </div>
      )}
    </div>
  );
}
