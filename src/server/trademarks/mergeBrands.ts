import { sql, type Kysely, type Selectable } from 'kysely';
import type { BrandArchivesTable, Database } from '../db/tables.js';
import { badRequest } from '../http/apiError.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { moveReferences } from './mergeRegistry.js';

export interface MergeGroup {
  targetBrandId: number;
  mergedBrandIds: number[];
}

type ArchiveRow = Selectable<BrandArchivesTable>;

/**
 * Columns filled from the merged marks when the kept mark's is empty. Columns listed together
 * travel together (a name with its pinyin, a logo with its hash), so a mark never ends up with
 * one mark's name and another's pinyin.
 */
const FILLED: readonly (readonly (keyof ArchiveRow)[])[] = [
  ['register_id'],
  ['owner_user_id'],
  ['app_no'],
  ['reg_no'],
  ['int_cls'],
  ['tm_name', 'tm_name_pinyin'],
  ['new_tm_name'],
  ['tm_status'],
  ['ori_tm_status'],
  ['applicant_cn'],
  ['applicant_en'],
  ['applicant_address'],
  ['applicant_address_en'],
  ['agent'],
  ['agent_en'],
  ['agent_address'],
  ['agent_address_en'],
  ['app_date'],
  ['prelim_date'],
  ['announcement_issue'],
  ['reg_date'],
  ['reg_issue'],
  ['private_end_date'],
  ['goods'],
  ['goods_en'],
  ['logo_path', 'logo_hash'],
  ['remark'],
];
const JSON_COLUMNS = new Set<keyof ArchiveRow>(['goods', 'goods_en']);

/** Empty as a person sees it: nothing, blank text, an empty list or object. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && !(value instanceof Date)) return Object.keys(value).length === 0;
  return false;
}

const newestFirst = (a: ArchiveRow, b: ArchiveRow) => {
  const time = (r: ArchiveRow) => new Date(r.updated_at ?? r.created_at).getTime();
  return time(b) - time(a) || new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id;
};

/**
 * The kept mark after the merge rule: its own values win; each empty one is taken from the merged
 * marks, newest first; custom values merge key by key the same way. Only changed columns return.
 */
export function mergedValues(target: ArchiveRow, merged: readonly ArchiveRow[]): Record<string, unknown> {
  const donors = [...merged].sort(newestFirst);
  const changes: Record<string, unknown> = {};
  for (const columns of FILLED) {
    if (!isEmptyValue(target[columns[0]!])) continue;
    const donor = donors.find((d) => !isEmptyValue(d[columns[0]!]));
    if (!donor) continue;
    for (const column of columns) changes[column] = JSON_COLUMNS.has(column) ? JSON.stringify(donor[column]) : donor[column];
  }
  const custom: Record<string, unknown> = { ...target.custom_values };
  let customChanged = false;
  for (const donor of donors) {
    for (const [fieldId, value] of Object.entries(donor.custom_values ?? {})) {
      if (isEmptyValue(custom[fieldId]) && !isEmptyValue(value)) {
        custom[fieldId] = value;
        customChanged = true;
      }
    }
  }
  if (customChanged) changes.custom_values = JSON.stringify(custom);
  return changes;
}

/**
 * Checks a merge request against what the viewer may touch; any problem refuses the whole request.
 * In `lenient` mode (a batch task, where time has passed since the groups were found) marks that
 * have gone since are dropped instead, and a group left with nothing to merge is skipped.
 */
async function checkedGroups(trx: Kysely<Database>, groups: readonly MergeGroup[], viewer: ArchiveViewer, lenient: boolean): Promise<MergeGroup[]> {
  const seen = new Set<number>();
  for (const g of groups) {
    if (g.mergedBrandIds.includes(g.targetBrandId)) throw badRequest(`保留的商标（编号 ${g.targetBrandId}）不能同时作为被合并的商标`);
    for (const id of [g.targetBrandId, ...g.mergedBrandIds]) {
      if (seen.has(id)) throw badRequest(`商标（编号 ${id}）在合并请求中出现了不止一次`);
      seen.add(id);
    }
  }
  const ids = [...seen];
  // Locked now, in id order: a concurrent merge of the same marks waits here (no deadlock), and a
  // mark it deleted meanwhile counts as gone.
  let visible = trx.selectFrom('brand_archives').select('id').where('id', 'in', ids).orderBy('id').forUpdate();
  if (viewer.ownMarksOnly) visible = visible.where('owner_user_id', '=', viewer.userId);
  const found = new Set((await visible.execute()).map((r) => r.id));
  if (!lenient) {
    const gone = (role: string, named: number[]) => {
      const missing = named.filter((id) => !found.has(id));
      if (missing.length > 0) throw badRequest(`${role}不存在、已删除或无权操作：编号 ${missing.join('、')}`);
    };
    gone(
      '保留的商标',
      groups.map((g) => g.targetBrandId),
    );
    gone(
      '被合并的商标',
      groups.flatMap((g) => g.mergedBrandIds),
    );
    return groups.map((g) => ({ targetBrandId: g.targetBrandId, mergedBrandIds: [...g.mergedBrandIds] }));
  }
  return groups
    .filter((g) => found.has(g.targetBrandId))
    .map((g) => ({ targetBrandId: g.targetBrandId, mergedBrandIds: g.mergedBrandIds.filter((id) => found.has(id)) }))
    .filter((g) => g.mergedBrandIds.length > 0);
}

export interface MergeOptions {
  viewer: ArchiveViewer;
  orgId: number;
  /** The batch task doing the merge, for the log. */
  taskId?: number;
  lenient?: boolean;
}

/**
 * The merge rule (spec 001 §7), inside the caller's transaction: for each group the kept mark's
 * data wins and its empty fields are filled from the merged marks, newest first; every row of a
 * registered table that points at a merged mark moves to the kept mark; the merged marks are
 * deleted; the merge is logged. Returns the groups actually merged.
 */
export async function mergeBrands(trx: Kysely<Database>, groups: readonly MergeGroup[], options: MergeOptions): Promise<MergeGroup[]> {
  const checked = await checkedGroups(trx, groups, options.viewer, options.lenient ?? false);
  for (const group of checked) {
    const ids = [group.targetBrandId, ...group.mergedBrandIds];
    // Already locked by the check above.
    const rows = await trx
      .selectFrom('brand_archives')
      .selectAll()
      .select(sql<string | null>`logo_hash::text`.as('logo_hash'))
      .where('id', 'in', ids)
      .execute();
    const target = rows.find((r) => r.id === group.targetBrandId)!;
    const merged = rows.filter((r) => r.id !== group.targetBrandId);
    const changes = mergedValues(target, merged);
    await moveReferences(trx, group.targetBrandId, group.mergedBrandIds);
    await trx.deleteFrom('brand_archives').where('id', 'in', group.mergedBrandIds).execute();
    await trx
      .updateTable('brand_archives')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', group.targetBrandId)
      .execute();
    await trx
      .insertInto('brand_merge_log')
      .values({
        org_id: options.orgId,
        task_id: options.taskId ?? null,
        target_id: group.targetBrandId,
        merged_ids: group.mergedBrandIds,
        merged_by: options.viewer.userId,
      })
      .execute();
  }
  return checked;
}
