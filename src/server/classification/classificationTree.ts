import type { Kysely } from 'kysely';
import type { ClassificationNode } from '../../generated/types.js';
import type { Database } from '../db/tables.js';
import { ApiError } from '../http/apiError.js';
import { containsPattern } from '../db/likePattern.js';

export const NOT_IMPORTED = '商品和服务分类表尚未导入，请管理员执行 npm run import:classification';

export interface TreeQuery {
  parentNum?: string;
  maxLevel?: 0 | 1 | 2;
  keyword?: string;
}

/** The classification as the tree of spec 001 §3 (cgId, cgName, cgNum, dirLevel, cgList, count). */
export async function classificationTree(db: Kysely<Database>, query: TreeQuery): Promise<ClassificationNode[]> {
  const maxLevel = query.maxLevel ?? 2;
  const parent = query.parentNum;
  const classNo = parent ? Number(parent.length === 4 ? parent.slice(0, 2) : parent) : undefined;
  const keyword = query.keyword?.trim();

  let classes = db.selectFrom('classification_classes').selectAll().orderBy('class_no');
  if (classNo !== undefined) classes = classes.where('class_no', '=', classNo);
  const classRows = await classes.execute();
  if (classRows.length === 0) {
    const any = await db.selectFrom('classification_classes').select('class_no').limit(1).executeTakeFirst();
    if (!any) throw new ApiError(503, 50301, NOT_IMPORTED);
    return [];
  }

  let groups = db.selectFrom('classification_groups').selectAll().orderBy('class_no').orderBy('position');
  if (classNo !== undefined) groups = groups.where('class_no', '=', classNo);
  if (parent?.length === 4) groups = groups.where('group_no', '=', parent);
  const groupRows = await groups.execute();

  let items = db.selectFrom('classification_items').select(['id', 'code', 'group_no', 'name', 'remark']).orderBy('group_no').orderBy('position');
  if (classNo !== undefined) items = items.where('class_no', '=', classNo);
  if (parent?.length === 4) items = items.where('group_no', '=', parent);
  if (keyword) items = items.where((eb) => eb.or([eb('name', 'like', containsPattern(keyword)), eb('code', '=', keyword)]));
  const itemRows = maxLevel >= 2 || keyword ? await items.execute() : [];

  const itemsByGroup = new Map<string, ClassificationNode[]>();
  for (const it of itemRows) {
    const list = itemsByGroup.get(it.group_no) ?? [];
    list.push({ cgId: `i${it.id}`, cgName: it.name, cgNum: it.code, dirLevel: 2, remark: it.remark, count: 0, cgList: [] });
    itemsByGroup.set(it.group_no, list);
  }
  const groupCounts = new Map<string, number>();
  if (!keyword && maxLevel < 2) {
    const counts = await db
      .selectFrom('classification_items')
      .select(['group_no', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('group_no')
      .execute();
    for (const c of counts) groupCounts.set(c.group_no, Number(c.n));
  }

  const groupsByClass = new Map<number, ClassificationNode[]>();
  for (const g of groupRows) {
    const children = itemsByGroup.get(g.group_no) ?? [];
    if (keyword && children.length === 0) continue;
    const list = groupsByClass.get(g.class_no) ?? [];
    list.push({
      cgId: `g${g.group_no}`,
      cgName: g.name,
      cgNum: g.group_no,
      dirLevel: 1,
      remark: g.remark,
      count: groupCounts.get(g.group_no) ?? children.length,
      cgList: maxLevel >= 2 ? children : [],
    });
    groupsByClass.set(g.class_no, list);
  }

  const tree: ClassificationNode[] = [];
  for (const c of classRows) {
    const children = groupsByClass.get(c.class_no) ?? [];
    if (keyword && children.length === 0) continue;
    tree.push({
      cgId: `c${c.class_no}`,
      cgName: c.name,
      cgNum: String(c.class_no),
      dirLevel: 0,
      remark: c.remark,
      count: children.length,
      cgList: maxLevel >= 1 ? children : [],
    });
  }
  // A query below a group answers with that group's items only.
  if (parent?.length === 4) return tree[0]?.cgList[0]?.cgList ?? [];
  if (parent) return tree[0]?.cgList ?? [];
  return tree;
}
