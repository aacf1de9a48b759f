import { ClassificationFormatError, parseClassification, type ClassificationTable } from './parseClassification.js';

/**
 * The project's own form of the classification, as shipped in assets/classification: rows as
 * arrays, positions given by order, no repeated keys. Read back through the same checks as a
 * source file, so a damaged file is refused by name.
 */
export interface CompactClassification {
  format: 1;
  /** [class number, name, remark] */
  classes: [number, string, string][];
  /** [group number, name, remark], in class order */
  groups: [string, string, string][];
  /** [item code, group number, name, remark], in group order */
  items: [string, string, string, string][];
}

export function compactOf(table: ClassificationTable): CompactClassification {
  return {
    format: 1,
    classes: table.classes.map((c) => [c.classNo, c.name, c.remark]),
    groups: table.groups.map((g) => [g.groupNo, g.name, g.remark]),
    items: table.items.map((i) => [i.code, i.groupNo, i.name, i.remark]),
  };
}

/** The table a compact file holds, checked as parseClassification checks a source tree. */
export function tableOfCompact(value: unknown): ClassificationTable {
  const compact = value as Partial<CompactClassification> | null;
  if (!compact || compact.format !== 1 || !Array.isArray(compact.classes) || !Array.isArray(compact.groups) || !Array.isArray(compact.items)) {
    throw new ClassificationFormatError('分类表格式有误：不是本产品的分类表文件');
  }
  const itemsOf = new Map<string, { id: string; name: string; type: 'item'; remark: string }[]>();
  for (const [code, groupNo, name, remark] of compact.items) {
    const list = itemsOf.get(groupNo) ?? [];
    list.push({ id: code, name, type: 'item', remark });
    itemsOf.set(groupNo, list);
  }
  const groupsOf = new Map<string, { id: string; name: string; type: 'group'; remark: string; children: unknown[] }[]>();
  for (const [groupNo, name, remark] of compact.groups) {
    const classId = String(groupNo).slice(0, 2);
    const list = groupsOf.get(classId) ?? [];
    list.push({ id: groupNo, name, type: 'group', remark, children: itemsOf.get(groupNo) ?? [] });
    groupsOf.set(classId, list);
  }
  const tree = compact.classes.map(([classNo, name, remark]) => {
    const id = String(classNo).padStart(2, '0');
    return { id, name, type: 'class', remark, children: groupsOf.get(id) ?? [] };
  });
  const table = parseClassification(tree);
  // Rows whose group or class is missing would otherwise drop out silently.
  if (table.groups.length !== compact.groups.length || table.items.length !== compact.items.length) {
    throw new ClassificationFormatError('分类表格式有误：有类似群或商品不属于任何分类');
  }
  return table;
}
