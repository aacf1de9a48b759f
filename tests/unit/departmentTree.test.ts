import { describe, expect, it } from 'vitest';
import { departmentTree, withDescendants, type DepartmentRow } from '../../src/server/departments/departmentTree.js';

const row = (id: number, name: string, parentId: number | null, sort = 0): DepartmentRow => ({
  id,
  name,
  parentId,
  headUserId: null,
  headName: null,
  sort,
  memberCount: 0,
});

describe('department tree', () => {
  const rows = [row(1, '法务部', null, 2), row(2, '商标组', 1, 1), row(3, '版权组', 1, 1), row(4, '市场部', null, 1), row(5, '华东组', 2)];

  it('nests children under their parent, siblings by sort then name, leaves without a children list', () => {
    const tree = departmentTree(rows);
    expect(tree.map((d) => d.name)).toEqual(['市场部', '法务部']);
    expect(tree[0]!.children).toBeUndefined();
    expect(tree[1]!.children!.map((d) => d.name)).toEqual(['版权组', '商标组']);
    expect(tree[1]!.children![1]!.children!.map((d) => d.name)).toEqual(['华东组']);
  });

  it('puts a row whose parent is missing at the top rather than losing it', () => {
    expect(departmentTree([row(7, '孤立组', 99)]).map((d) => d.name)).toEqual(['孤立组']);
  });

  it('finds a department with everything below it, and nothing above or beside', () => {
    expect([...withDescendants(rows, 1)].sort()).toEqual([1, 2, 3, 5]);
    expect([...withDescendants(rows, 2)].sort()).toEqual([2, 5]);
    expect([...withDescendants(rows, 4)]).toEqual([4]);
  });
});
