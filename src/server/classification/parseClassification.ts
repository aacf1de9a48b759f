/** One node of the classification file (see the data's README): class → group → item. */
interface SourceNode {
  id: string;
  name: string;
  type: 'class' | 'group' | 'item';
  remark?: string;
  children?: SourceNode[];
}

export interface ClassificationTable {
  classes: { classNo: number; name: string; remark: string }[];
  groups: { groupNo: string; classNo: number; name: string; remark: string; position: number }[];
  items: { code: string; groupNo: string; classNo: number; name: string; remark: string; position: number }[];
}

export class ClassificationFormatError extends Error {}

function fail(where: string, what: string): never {
  throw new ClassificationFormatError(`分类表格式有误（${where}）：${what}`);
}

function text(value: unknown, where: string, field: string): string {
  if (typeof value !== 'string') fail(where, `${field} 应为文本`);
  return value.trim();
}

/**
 * Checks and flattens the classification tree: 45 classes numbered 01–45, four-digit groups that
 * start with their class, six-digit item codes unique within a group. Any flaw names its place.
 */
export function parseClassification(source: unknown): ClassificationTable {
  if (!Array.isArray(source)) fail('根', '应为分类的列表');
  const table: ClassificationTable = { classes: [], groups: [], items: [] };
  const seenGroups = new Set<string>();
  (source as SourceNode[]).forEach((cls, ci) => {
    const at = `第 ${ci + 1} 个分类`;
    if (cls?.type !== 'class') fail(at, 'type 应为 class');
    const id = text(cls.id, at, 'id');
    if (!/^\d{2}$/.test(id) || Number(id) < 1 || Number(id) > 45) fail(at, `类号 ${id} 应为 01–45`);
    const classNo = Number(id);
    if (table.classes.some((c) => c.classNo === classNo)) fail(at, `第 ${classNo} 类重复`);
    table.classes.push({ classNo, name: text(cls.name, at, 'name'), remark: text(cls.remark ?? '', at, 'remark') });
    (cls.children ?? []).forEach((group, gi) => {
      const gat = `第 ${classNo} 类第 ${gi + 1} 个类似群`;
      if (group?.type !== 'group') fail(gat, 'type 应为 group');
      const groupNo = text(group.id, gat, 'id');
      if (!/^\d{4}$/.test(groupNo) || !groupNo.startsWith(id)) fail(gat, `类似群号 ${groupNo} 应为以 ${id} 开头的四位数字`);
      if (seenGroups.has(groupNo)) fail(gat, `类似群 ${groupNo} 重复`);
      seenGroups.add(groupNo);
      table.groups.push({ groupNo, classNo, name: text(group.name, gat, 'name'), remark: text(group.remark ?? '', gat, 'remark'), position: gi });
      const codes = new Set<string>();
      (group.children ?? []).forEach((item, ii) => {
        const iat = `类似群 ${groupNo} 第 ${ii + 1} 个商品`;
        if (item?.type !== 'item') fail(iat, 'type 应为 item');
        const code = text(item.id, iat, 'id');
        if (!/^[0-9A-Za-z]{6}$/.test(code)) fail(iat, `商品编码 ${code} 应为六位`);
        if (codes.has(code)) fail(iat, `商品编码 ${code} 在同一类似群中重复`);
        codes.add(code);
        table.items.push({ code, groupNo, classNo, name: text(item.name, iat, 'name'), remark: text(item.remark ?? '', iat, 'remark'), position: ii });
      });
    });
  });
  if (table.classes.length !== 45) fail('根', `应有 45 个分类，实际 ${table.classes.length} 个`);
  return table;
}
