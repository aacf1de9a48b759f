import { describe, expect, it } from 'vitest';
import type { PermissionNode } from '../../src/generated/types.js';
import { checkNode, checkState, filterPermissions, indexPermissions, keysOf, uncheckNode } from '../../src/widgets/accounts/permissionSelection.js';

const n = (key: string, kind: PermissionNode['kind'], children: PermissionNode[] = [], title = key): PermissionNode => ({ key, title, kind, children });

const tree: PermissionNode[] = [
  n('workbench', 'menu', [], '工作台'),
  n(
    'trademark',
    'menu',
    [n('addTags', 'button', [], '添加标签'), n('delTags', 'button', [], '删除标签'), n('exportRecords', 'menu', [], '导出记录')],
    '商标档案',
  ),
  n('$other', 'group', [n('lonely', 'button', [], '孤立的键')], '其他权限'),
];
const index = indexPermissions(tree);

describe('choosing a role’s keys on the permission tree', () => {
  it('knows every key in tree order, groups left out', () => {
    expect(index.keys).toEqual(['workbench', 'trademark', 'addTags', 'delTags', 'exportRecords', 'lonely']);
  });

  it('checking a node takes everything below it and the keys above it', () => {
    expect(checkNode(index, [], 'trademark')).toEqual(['trademark', 'addTags', 'delTags', 'exportRecords']);
    expect(checkNode(index, ['workbench'], 'addTags')).toEqual(['workbench', 'trademark', 'addTags']);
    expect(checkNode(index, [], '$other')).toEqual(['lonely']);
  });

  it('unchecking drops the node and what is below it, and keeps what is above', () => {
    const all = [...index.keys];
    expect(uncheckNode(index, all, 'addTags')).toEqual(['workbench', 'trademark', 'delTags', 'exportRecords', 'lonely']);
    expect(uncheckNode(index, all, 'trademark')).toEqual(['workbench', 'lonely']);
    expect(uncheckNode(index, all, '$other')).toEqual(['workbench', 'trademark', 'addTags', 'delTags', 'exportRecords']);
  });

  it('shows a node checked when it holds all below it, half-checked when only part', () => {
    expect(checkState(index, ['trademark'])).toEqual({ checked: [], halfChecked: ['trademark'] });
    expect(checkState(index, ['trademark', 'addTags', 'delTags', 'exportRecords', 'lonely'])).toEqual({
      checked: ['trademark', 'addTags', 'delTags', 'exportRecords', '$other', 'lonely'],
      halfChecked: [],
    });
    expect(checkState(index, ['workbench', 'addTags'])).toEqual({ checked: ['workbench', 'addTags'], halfChecked: ['trademark'] });
  });

  it('reads a role’s roleAuth text as keys', () => {
    expect(keysOf('workbench, trademark,,addTags')).toEqual(['workbench', 'trademark', 'addTags']);
    expect(keysOf(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(keysOf(undefined)).toEqual([]);
  });

  it('finds nodes by title or key, with the nodes above them', () => {
    expect(filterPermissions(tree, '标签')).toEqual([n('trademark', 'menu', [tree[1]!.children[0]!, tree[1]!.children[1]!], '商标档案')]);
    expect(filterPermissions(tree, 'EXPORT').map((x) => x.children.map((c) => c.key))).toEqual([['exportRecords']]);
    expect(filterPermissions(tree, '商标档案')).toEqual([tree[1]]);
    expect(filterPermissions(tree, '  ')).toEqual(tree);
    expect(filterPermissions(tree, 'other')).toEqual([]);
  });
});
