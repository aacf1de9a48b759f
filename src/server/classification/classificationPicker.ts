import type { Kysely } from 'kysely';
import type { ClassificationEntry } from '../../generated/types.js';
import type { Database } from '../db/tables.js';
import { ApiError } from '../http/apiError.js';
import { containsPattern } from '../db/likePattern.js';
import { countRows, pageWindow } from '../db/paging.js';
import { NOT_IMPORTED } from './classificationTree.js';

export interface EntryPage {
  list: ClassificationEntry[];
  count: number;
}

interface PageRequest {
  pageNo?: number;
  pageSize?: number;
}

const PICKER_PAGE_SIZE = 50;

async function ensureImported(db: Kysely<Database>): Promise<void> {
  const any = await db.selectFrom('classification_classes').select('class_no').limit(1).executeTakeFirst();
  if (!any) throw new ApiError(503, 50301, NOT_IMPORTED);
}

const classEntry = (c: { class_no: number; name: string; groups: number | string | null }): ClassificationEntry => ({
  cgId: `c${c.class_no}`,
  cgName: c.name,
  cgNum: String(c.class_no),
  dirLevel: 0,
  count: Number(c.groups),
  classNum: String(c.class_no),
  groupNum: null,
  groupName: null,
});

const groupEntry = (g: { group_no: string; class_no: number; name: string; items: number | string | null }): ClassificationEntry => ({
  cgId: `g${g.group_no}`,
  cgName: g.name,
  cgNum: g.group_no,
  dirLevel: 1,
  count: Number(g.items),
  classNum: String(g.class_no),
  groupNum: null,
  groupName: null,
});

const itemEntry = (i: { id: number; code: string; name: string; class_no: number; group_no: string; group_name: string }): ClassificationEntry => ({
  cgId: `i${i.id}`,
  cgName: i.name,
  cgNum: i.code,
  dirLevel: 2,
  count: 0,
  classNum: String(i.class_no),
  groupNum: i.group_no,
  groupName: i.group_name,
});

function classQuery(db: Kysely<Database>) {
  return db
    .selectFrom('classification_classes as c')
    .select([
      'c.class_no',
      'c.name',
      (eb) => eb.selectFrom('classification_groups as g').select(eb.fn.countAll<number>().as('n')).whereRef('g.class_no', '=', 'c.class_no').as('groups'),
    ]);
}

function groupQuery(db: Kysely<Database>) {
  return db
    .selectFrom('classification_groups as g')
    .select([
      'g.group_no',
      'g.class_no',
      'g.name',
      (eb) => eb.selectFrom('classification_items as i').select(eb.fn.countAll<number>().as('n')).whereRef('i.group_no', '=', 'g.group_no').as('items'),
    ]);
}

function itemQuery(db: Kysely<Database>) {
  return db
    .selectFrom('classification_items as i')
    .innerJoin('classification_groups as g', 'g.group_no', 'i.group_no')
    .select(['i.id', 'i.code', 'i.name', 'i.class_no', 'i.group_no', 'g.name as group_name']);
}

/**
 * One page of a node's children: the 45 classes, a class's similar groups, or a group's goods
 * and services, so the picker never receives the whole 10,000-item classification at once.
 */
export async function classificationChildren(db: Kysely<Database>, request: PageRequest & { parentNum?: string }): Promise<EntryPage> {
  await ensureImported(db);
  const { limit, offset } = pageWindow(request, PICKER_PAGE_SIZE);
  const parent = request.parentNum;
  if (!parent) {
    const [rows, total] = await Promise.all([
      classQuery(db).orderBy('c.class_no').limit(limit).offset(offset).execute(),
      db
        .selectFrom('classification_classes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(classEntry), count: Number(total.n) };
  }
  if (parent.length <= 2) {
    const classNo = Number(parent);
    const [rows, total] = await Promise.all([
      groupQuery(db).where('g.class_no', '=', classNo).orderBy('g.position').limit(limit).offset(offset).execute(),
      db
        .selectFrom('classification_groups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('class_no', '=', classNo)
        .executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(groupEntry), count: Number(total.n) };
  }
  const [rows, total] = await Promise.all([
    itemQuery(db).where('i.group_no', '=', parent).orderBy('i.position').limit(limit).offset(offset).execute(),
    db
      .selectFrom('classification_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_no', '=', parent)
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(itemEntry), count: Number(total.n) };
}

/** The class a keyword names by number: "9", "09", "第9类". */
export function classNumberOf(keyword: string): number | null {
  const match = /^第?\s*(\d{1,2})\s*类?$/.exec(keyword);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= 45 ? n : null;
}

/**
 * Searches the three levels at once. Matches are ordered classes first, then groups, then
 * items, and paged across that order: each level is counted, and only the slice of each level
 * that falls into the requested page is read.
 */
export async function searchClassification(db: Kysely<Database>, request: PageRequest & { keyword: string }): Promise<EntryPage> {
  await ensureImported(db);
  const keyword = request.keyword.trim();
  if (!keyword) return { list: [], count: 0 };
  const { limit, offset } = pageWindow(request, PICKER_PAGE_SIZE);
  const pattern = containsPattern(keyword);
  const classNo = classNumberOf(keyword);
  const digits = /^\d+$/.test(keyword) ? `${keyword}%` : null;

  const classes = classQuery(db).where((eb) => eb.or([eb('c.name', 'ilike', pattern), ...(classNo ? [eb('c.class_no', '=', classNo)] : [])]));
  const groups = groupQuery(db).where((eb) => eb.or([eb('g.name', 'ilike', pattern), ...(digits ? [eb('g.group_no', 'like', digits)] : [])]));
  const items = itemQuery(db).where((eb) => eb.or([eb('i.name', 'ilike', pattern), ...(digits ? [eb('i.code', 'like', digits)] : [])]));

  const [classCount, groupCount, itemCount] = await Promise.all([countRows(classes), countRows(groups), countRows(items)]);

  // The page's window [offset, offset + limit) laid over classes, then groups, then items.
  const slice = (start: number, size: number) => {
    const from = Math.max(0, offset - start);
    const to = Math.min(size, offset + limit - start);
    return to > from ? { offset: from, limit: to - from } : null;
  };
  const classSlice = slice(0, classCount);
  const groupSlice = slice(classCount, groupCount);
  const itemSlice = slice(classCount + groupCount, itemCount);
  const [classRows, groupRows, itemRows] = await Promise.all([
    classSlice ? classes.orderBy('c.class_no').limit(classSlice.limit).offset(classSlice.offset).execute() : [],
    groupSlice ? groups.orderBy('g.group_no').limit(groupSlice.limit).offset(groupSlice.offset).execute() : [],
    itemSlice ? items.orderBy('i.group_no').orderBy('i.position').limit(itemSlice.limit).offset(itemSlice.offset).execute() : [],
  ]);
  return {
    list: [...classRows.map(classEntry), ...groupRows.map(groupEntry), ...itemRows.map(itemEntry)],
    count: classCount + groupCount + itemCount,
  };
}

/** The entries of chosen class and group numbers, for showing names of restored selections. */
export async function lookupClassification(db: Kysely<Database>, request: { categories?: string[]; groups?: string[] }): Promise<ClassificationEntry[]> {
  await ensureImported(db);
  const classNos = [...new Set((request.categories ?? []).map(Number))];
  const groupNos = [...new Set(request.groups ?? [])];
  const [classRows, groupRows] = await Promise.all([
    classNos.length ? classQuery(db).where('c.class_no', 'in', classNos).orderBy('c.class_no').execute() : [],
    groupNos.length ? groupQuery(db).where('g.group_no', 'in', groupNos).orderBy('g.group_no').execute() : [],
  ]);
  return [...classRows.map(classEntry), ...groupRows.map(groupEntry)];
}
