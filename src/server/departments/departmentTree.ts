import type { Department } from '../../generated/types.js';

/** A department as it is read from its table, before it is placed in the tree. */
export type DepartmentRow = Omit<Department, 'children'>;

/** Rows of one organisation as a tree: siblings by their sort, then name; a row whose parent is missing becomes a root. */
export function departmentTree(rows: readonly DepartmentRow[]): Department[] {
  const nodes = new Map<number, Department>(rows.map((row) => [row.id, { ...row }]));
  const roots: Department[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    // A leaf has no children list: a table draws an expander for an empty one.
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const order = (list: Department[]) => {
    list.sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'zh-Hans-CN') || a.id - b.id);
    for (const node of list) if (node.children) order(node.children);
  };
  order(roots);
  return roots;
}

/** The department and every department below it. */
export function withDescendants(rows: readonly Pick<DepartmentRow, 'id' | 'parentId'>[], id: number): Set<number> {
  const below = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && below.has(row.parentId) && !below.has(row.id)) {
        below.add(row.id);
        grew = true;
      }
    }
  }
  return below;
}
