import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Input, Select, Space, Tag, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import type { CountryTreeNode } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { askConfirm } from '../../runtime/confirmDialog.js';
import { useCountryList } from './useCountries.js';
import { addCountries, addGroup, findNode, isGroup, moveNode, placedCodes, removeNode, renameNode, type DropPosition } from './countryArrangement.js';

const NO_NODES: CountryTreeNode[] = [];

interface DisplayNode {
  key: string;
  title: React.ReactNode;
  children: DisplayNode[];
  isLeaf: boolean;
}

function countryCount(node: CountryTreeNode): number {
  return node.subList.reduce((n, child) => n + (isGroup(child) ? countryCount(child) : 1), 0);
}

function toDisplay(nodes: CountryTreeNode[]): DisplayNode[] {
  return nodes.map((node) => ({
    key: node.code,
    isLeaf: !isGroup(node),
    children: toDisplay(node.subList),
    title: isGroup(node) ? (
      <span>
        <Typography.Text strong>{node.name}</Typography.Text> <Typography.Text type="secondary">（{countryCount(node)}）</Typography.Text>
      </span>
    ) : (
      <span>
        {node.name} <Typography.Text type="secondary">{node.code}</Typography.Text>
      </span>
    ),
  }));
}

/**
 * The organisation's country arrangement (国家分组) as the country pickers show it: groups and
 * the countries in them, rearranged by dragging; edits stay a draft until 保存.
 */
export function CountryArrangementEditor() {
  const runtime = useRuntime();
  const { message, modal } = App.useApp();
  const saved = useOperation('country.treeList', {});
  const { countries } = useCountryList();
  const [draft, setDraft] = useState<CountryTreeNode[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [groupName, setGroupName] = useState('');
  const [rename, setRename] = useState('');
  const [adding, setAdding] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const tree = draft ?? saved.data ?? NO_NODES;
  const selectedNode = selected ? findNode(tree, selected) : null;
  const targetGroup = selectedNode && isGroup(selectedNode) ? selectedNode : null;
  const display = useMemo(() => toDisplay(tree), [tree]);
  const unplaced = useMemo(() => {
    const placed = placedCodes(tree);
    return countries.filter((c) => !placed.has(c.code)).map((c) => ({ value: c.code, label: `${c.name}（${c.code}）` }));
  }, [countries, tree]);

  const apply = (next: CountryTreeNode[] | null, refusal: string): boolean => {
    if (!next) {
      void message.warning(refusal);
      return false;
    }
    setDraft(next);
    return true;
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dropPos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(dropPos[dropPos.length - 1]);
    const position: DropPosition = !info.dropToGap ? 'inside' : relative < 0 ? 'before' : 'after';
    apply(moveNode(tree, String(info.dragNode.key), String(info.node.key), position), '不能这样移动：国家下不能再放内容，分组不能放进自己，最多 4 层');
  };

  const save = async () => {
    setSaving(true);
    try {
      const result = await runtime.callOperation('country.reSave', { tree });
      await saved.mutate(result, { revalidate: false });
      setDraft(null);
      void message.success('国家分组已保存');
    } finally {
      setSaving(false);
    }
  };

  const restore = async () => {
    if (!(await askConfirm(modal, { title: '恢复内置国家分组？', content: '本组织保存的国家分组将被删除，国家选择恢复为内置分组。' }))) return;
    const result = await runtime.callOperation('country.restoreDefault', {});
    await saved.mutate(result, { revalidate: false });
    setDraft(null);
    setSelected(null);
    void message.success('已恢复内置国家分组');
  };

  const remove = async () => {
    if (!selectedNode) return;
    const what = isGroup(selectedNode) ? `分组“${selectedNode.name}”及其下的 ${countryCount(selectedNode)} 个国家或地区` : `“${selectedNode.name}”`;
    if (
      !(await askConfirm(modal, { variant: 'delete', title: `确定移除${what}吗？`, content: '移除后它们不再出现在国家选择中，可在下方重新添加；保存后生效。' }))
    )
      return;
    setDraft(removeNode(tree, selectedNode.code));
    setSelected(null);
  };

  return (
    <Card
      title="国家分组"
      extra={
        <Space>
          {draft && <Tag color="orange">有未保存的修改</Tag>}
          <Button onClick={() => setDraft(null)} disabled={!draft}>
            撤销修改
          </Button>
          <Button onClick={() => void restore()}>恢复内置分组</Button>
          <Button type="primary" loading={saving} disabled={!draft} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        国家选择按这里的分组显示。拖动可调整顺序或移入分组；选中一个分组后，新增的分组与国家放在它下面，否则放在最外层。最多 4 层。
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div
          style={{
            flex: '1 1 360px',
            minWidth: 320,
            maxHeight: 560,
            overflow: 'auto',
            border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
            borderRadius: 6,
            padding: 8,
          }}
        >
          {display.length === 0 && !saved.isLoading ? (
            <Empty description="暂无分组" />
          ) : (
            <Tree
              aria-label="国家分组"
              treeData={display}
              draggable={{ icon: false }}
              blockNode
              showLine
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => {
                const key = keys[0] === undefined ? null : String(keys[0]);
                setSelected(key);
                setRename(key ? (findNode(tree, key)?.name ?? '') : '');
              }}
              allowDrop={({ dropNode, dropPosition }) => dropPosition !== 0 || !dropNode.isLeaf}
              onDrop={onDrop}
            />
          )}
        </div>
        <Space direction="vertical" size="middle" style={{ flex: '0 1 360px', minWidth: 300 }}>
          <Typography.Text>当前位置：{targetGroup ? `分组“${targetGroup.name}”内` : '最外层'}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input placeholder="新分组名称" maxLength={50} value={groupName} onChange={(e) => setGroupName(e.target.value)} aria-label="新分组名称" />
            <Button
              onClick={() => {
                if (!groupName.trim()) return void message.warning('请输入分组名称');
                if (apply(addGroup(tree, groupName, targetGroup?.code ?? null), '分组最多 4 层')) setGroupName('');
              }}
            >
              新增分组
            </Button>
          </Space.Compact>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              placeholder="选择要添加的国家或地区"
              style={{ width: '100%' }}
              options={unplaced}
              value={adding}
              onChange={setAdding}
              maxTagCount="responsive"
              aria-label="要添加的国家或地区"
            />
            <Button
              disabled={adding.length === 0}
              onClick={() => {
                const chosen = countries.filter((c) => adding.includes(c.code));
                if (apply(addCountries(tree, targetGroup?.code ?? null, chosen), '分组最多 4 层')) setAdding([]);
              }}
            >
              添加
            </Button>
          </Space.Compact>
          {selectedNode && (
            <Card size="small" title={`选中：${selectedNode.name}`}>
              <Space direction="vertical" style={{ width: '100%' }}>
                {isGroup(selectedNode) && (
                  <Space.Compact style={{ width: '100%' }}>
                    <Input maxLength={50} value={rename} onChange={(e) => setRename(e.target.value)} aria-label="分组名称" />
                    <Button onClick={() => apply(renameNode(tree, selectedNode.code, rename), '请输入分组名称')}>重命名</Button>
                  </Space.Compact>
                )}
                <Button danger onClick={() => void remove()}>
                  {isGroup(selectedNode) ? '移除分组' : '移除'}
                </Button>
              </Space>
            </Card>
          )}
        </Space>
      </div>
    </Card>
  );
}
