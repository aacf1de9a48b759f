import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest } from '../http/apiError.js';
import { DELETED_MARK } from '../../shared/goodsGroups.js';
import { filterArchive } from './archiveFilter.js';
import type { ArchiveViewer } from './archiveViewer.js';

/** Items listed per similar group; a group may hold hundreds. */
const ITEMS_PER_GROUP = 60;

/** "注册号_类别" → its two parts. */
export function parseApplyNo(applyNo: string): { regNo: string; tmCl: number } {
  const at = applyNo.lastIndexOf('_');
  const regNo = applyNo.slice(0, at).trim();
  const tmCl = Number(applyNo.slice(at + 1));
  if (!regNo || !Number.isInteger(tmCl) || tmCl < 1 || tmCl > 45) throw badRequest('注册号与类别（applyNo）应写成“注册号_类别”，类别为 1 到 45');
  return { regNo, tmCl };
}

/**
 * Goods similar to a mark's: in Chinese practice goods in the same similar group (类似群) are
 * similar, so for each group the mark covers, the group's other items from the imported
 * classification. Null when the mark covers no group the classification knows.
 */
export async function similarGoods(db: ScopedDb, viewer: ArchiveViewer, applyNo: string): Promise<string | null> {
  const { regNo, tmCl } = parseApplyNo(applyNo);
  const mark = await (
    await filterArchive(db, db.selectFrom('brand_archives'), {}, viewer)
  )
    .where((eb) => eb.or([eb('brand_archives.reg_no', '=', regNo), eb('brand_archives.app_no', '=', regNo)]))
    .where('brand_archives.int_cls', '=', tmCl)
    .select('brand_archives.goods')
    .executeTakeFirst();
  if (!mark) return null;
  const live = mark.goods.filter((g) => g.mark !== DELETED_MARK);
  const codes = [...new Set(live.map((g) => g.code).filter((c) => /^\d{4}$/.test(c)))];
  if (codes.length === 0) return null;
  const own = new Set(live.map((g) => g.name));
  const [groups, items] = await Promise.all([
    db.selectFrom('classification_groups').select(['group_no', 'name']).where('group_no', 'in', codes).orderBy('group_no').execute(),
    db.selectFrom('classification_items').select(['group_no', 'name']).where('group_no', 'in', codes).orderBy('group_no').orderBy('position').execute(),
  ]);
  const lines: string[] = [];
  for (const group of groups) {
    const names = [...new Set(items.filter((i) => i.group_no === group.group_no && !own.has(i.name)).map((i) => i.name))];
    if (names.length === 0) continue;
    const shown = names.slice(0, ITEMS_PER_GROUP).join('；');
    lines.push(`${group.group_no} ${group.name}：${shown}${names.length > ITEMS_PER_GROUP ? `……（共 ${names.length} 项）` : ''}`);
  }
  return lines.length > 0 ? lines.join('\n') : null;
}
