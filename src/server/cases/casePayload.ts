import type { CaseBizParam, CaseGoodsItem, CaseTmItem } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest } from '../http/apiError.js';
import { countryCatalog } from '../countries/countryCatalog.js';
import type { CaseType } from './caseTypes.js';

/** The rows a save names, checked before anything else: each must be the organisation's own. */
export interface CaseReferences {
  brandId?: number | null;
  relatedBrandIds?: number[];
  enterpriseId?: number | null;
  handlerId?: number | null;
  filePaths: string[];
}

export function referencesOf(body: { enterpriseId?: number | null; handlerId?: number | null; bizParam: CaseBizParam }): CaseReferences {
  return {
    brandId: body.bizParam.brandId,
    relatedBrandIds: body.bizParam.relatedBrandIds,
    enterpriseId: body.enterpriseId,
    handlerId: body.handlerId,
    filePaths: (body.bizParam.officialSubmitFiles ?? []).flatMap((group) => group.files.map((f) => f.filePath)),
  };
}

/** Refuses a mark, enterprise, handler or file that is not the organisation's (the tenant scope hides another's rows). */
export async function checkReferences(db: ScopedDb, refs: CaseReferences): Promise<void> {
  const markIds = [...new Set([...(refs.brandId ? [refs.brandId] : []), ...(refs.relatedBrandIds ?? [])])];
  if (markIds.length > 0) {
    const found = new Set((await db.selectFrom('brand_archives').select('id').where('id', 'in', markIds).execute()).map((r) => r.id));
    if (refs.brandId && !found.has(refs.brandId)) throw badRequest(`商标（编号 ${refs.brandId}）不存在或不属于本组织`);
    const missing = markIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw badRequest(`涉及的商标（编号 ${missing.join('、')}）不存在或不属于本组织`);
  }
  if (refs.enterpriseId) {
    const enterprise = await db.selectFrom('enterprises').select('id').where('id', '=', refs.enterpriseId).executeTakeFirst();
    if (!enterprise) throw badRequest(`申请人企业（编号 ${refs.enterpriseId}）不存在或不属于本组织`);
  }
  if (refs.handlerId) {
    const user = await db.selectFrom('users').select('id').where('id', '=', refs.handlerId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user) throw badRequest(`承办人（编号 ${refs.handlerId}）不存在或已删除`);
  }
  const paths = [...new Set(refs.filePaths)];
  if (paths.length > 0) {
    const found = new Set((await db.selectFrom('files').select('path').where('path', 'in', paths).execute()).map((r) => r.path));
    const missing = paths.find((p) => !found.has(p));
    if (missing !== undefined) throw badRequest(`递交文件“${missing}”不存在，请重新上传`);
  }
}

interface PriorityClaim {
  priorityType?: string;
  priorityCountry?: string;
  priorityDate?: string;
  priorityNo?: string;
}

function parseJsonList(text: string, title: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(`${title}不是有效的 JSON 文本`);
  }
  if (!Array.isArray(parsed)) throw badRequest(`${title}应为列表`);
  return parsed;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The priority claims: none when not claimed; each with a date and a number when claimed. */
export function priorityClaims(bizParam: CaseBizParam): PriorityClaim[] {
  if (bizParam.priorityRadio !== 'yes') return [];
  const list = parseJsonList(bizParam.dplPriorityTm ?? '[]', '优先权');
  if (list.length === 0) throw badRequest('要求优先权时请填写优先权日期与优先权申请号');
  return list.map((raw, index) => {
    const claim = (typeof raw === 'object' && raw !== null ? raw : {}) as PriorityClaim;
    const which = list.length > 1 ? `第 ${index + 1} 项` : '';
    if (!claim.priorityDate || !DATE.test(claim.priorityDate) || Number.isNaN(Date.parse(claim.priorityDate)))
      throw badRequest(`${which}优先权日期不能为空，格式为 YYYY-MM-DD`);
    if (!claim.priorityNo || !String(claim.priorityNo).trim()) throw badRequest(`${which}优先权申请号不能为空`);
    return claim;
  });
}

/** The co-owners as JSON text: a list of {name, address…}, each with a name. */
export function checkCoOwners(text: string | undefined): void {
  if (text === undefined || text.trim() === '') return;
  parseJsonList(text, '共有人').forEach((raw, index) => {
    const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
    if (typeof name !== 'string' || !name.trim()) throw badRequest(`第 ${index + 1} 位共有人的名称不能为空`);
  });
}

/**
 * The tmItems as they are kept: one per country, a country the catalogue knows (only CN for a
 * domestic type), its classes the union of those chosen and those of its goods, every goods item
 * in a chosen class and, where the classification knows the item, in that class.
 */
export async function normalisedTmItems(db: ScopedDb, type: CaseType, items: CaseTmItem[]): Promise<CaseTmItem[]> {
  const catalog = countryCatalog();
  const seen = new Set<string>();
  const out: CaseTmItem[] = [];
  for (const item of items) {
    const country = catalog.get(item.appCountry);
    if (!country) throw badRequest(`申请国家/地区 ${item.appCountry} 不存在`);
    if (type.scope === 'domestic' && item.appCountry !== 'CN') throw badRequest(`${type.title}只向中国申请，申请国家/地区应为 CN`);
    if (seen.has(item.appCountry)) throw badRequest(`申请国家/地区 ${country.name} 重复，每个国家只填一项`);
    seen.add(item.appCountry);
    const chosen = [...new Set(item.tmCl)];
    for (const goods of item.goodsItem) {
      if (chosen.length > 0 && !chosen.includes(goods.tmCl))
        throw badRequest(`商品/服务项目“${goods.name}”属于第 ${goods.tmCl} 类，不在所选类别（${chosen.join('、')}）中`);
    }
    await checkGoodsInClass(db, item.goodsItem);
    const classes = [...new Set([...chosen, ...item.goodsItem.map((g) => g.tmCl)])].sort((a, b) => a - b);
    out.push({ ...item, countryName: item.countryName?.trim() || country.name, tmCl: classes });
  }
  return out;
}

/** Goods whose similar group, or whose standard name, the classification places in another class. */
async function checkGoodsInClass(db: ScopedDb, goods: CaseGoodsItem[]): Promise<void> {
  const codes = [...new Set(goods.map((g) => g.code).filter((c): c is string => !!c))];
  if (codes.length > 0) {
    const groups = new Map(
      (await db.selectFrom('classification_groups').select(['group_no', 'class_no']).where('group_no', 'in', codes).execute()).map((g) => [
        g.group_no,
        g.class_no,
      ]),
    );
    for (const item of goods) {
      if (!item.code) continue;
      const classNo = groups.get(item.code);
      if (classNo !== undefined && classNo !== item.tmCl)
        throw badRequest(`商品/服务项目“${item.name}”的类似群 ${item.code} 属于第 ${classNo} 类，不属于第 ${item.tmCl} 类`);
    }
  }
  const names = [...new Set(goods.map((g) => g.name))];
  if (names.length === 0) return;
  const known = await db.selectFrom('classification_items').select(['name', 'class_no']).where('name', 'in', names).execute();
  const classesOf = new Map<string, Set<number>>();
  for (const row of known) classesOf.set(row.name, (classesOf.get(row.name) ?? new Set()).add(row.class_no));
  for (const item of goods) {
    const classes = classesOf.get(item.name);
    if (classes && !classes.has(item.tmCl)) throw badRequest(`商品/服务项目“${item.name}”属于第 ${[...classes].join('、')} 类，不在第 ${item.tmCl} 类中`);
  }
}

/** The attachments the type requires that no submitted file is for. */
export function missingAttachments(type: CaseType, attachmentKeys: ReadonlySet<string>): string[] {
  return type.attachments.filter((a) => a.required && !attachmentKeys.has(a.key)).map((a) => a.title);
}
