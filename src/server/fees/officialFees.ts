import type { Selectable } from 'kysely';
import type { FeeOfficialDeleteRequest, FeeOfficialListRequest, FeeOfficialListResponse, FeeOfficialSaveRequest, OfficialFee } from '../../generated/types.js';
import { officialFeeEntryOn, type OfficialFeeEntry } from '../../shared/officialFees.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { logOperation } from '../accounts/operationLog.js';
import type { OfficialFeePricesTable } from '../db/tables.js';
import { pageWindow } from '../db/paging.js';
import { badRequest, notFound } from '../http/apiError.js';
import type { TenantContext } from '../http/context.js';
import { addedEntry, officialFeeItems, officialFeeTable, type OfficialFeeItem } from './officialFeeTable.js';

type AddedRow = Selectable<OfficialFeePricesTable> & { createdByName: string | null };

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

function toOfficialFee(entry: OfficialFeeEntry, id: number, inForce: OfficialFeeEntry | undefined, added?: AddedRow): OfficialFee {
  return {
    id,
    builtIn: !added,
    item: entry.value,
    itemName: entry.label,
    unit: entry.unit,
    effectiveFrom: entry.from,
    paper: entry.paper,
    online: entry.online ?? entry.paper,
    goodsIncluded: entry.goodsIncluded ?? null,
    extraPaper: entry.extraPerItem?.paper ?? null,
    extraOnline: entry.extraPerItem ? (entry.extraPerItem.online ?? entry.extraPerItem.paper) : null,
    source: entry.source,
    inForce: entry === inForce,
    createdByName: added?.createdByName ?? null,
    createdAt: added ? new Date(added.created_at).toISOString() : null,
  };
}

/** Both kinds of entry, each item's newest first, items in the built-in table's order. */
async function officialFees(ctx: TenantContext, only?: string): Promise<OfficialFee[]> {
  const items = officialFeeItems(ctx.schemas);
  const rows: AddedRow[] = await ctx.db
    .selectFrom('official_fee_prices as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .selectAll('p')
    .select('u.display_name as createdByName')
    .$if(only !== undefined, (q) => q.where('p.item', '=', only!))
    .execute();
  const added = rows.flatMap((row) => {
    const item = items.get(row.item);
    return item ? [{ entry: addedEntry(row, item), row }] : [];
  });
  // A built-in entry is numbered by its place in the shipped table, below zero so no added price has its number.
  const builtIn = officialFeeTable(ctx.schemas).flatMap((entry, index) => (only === undefined || entry.value === only ? [{ entry, id: -(index + 1) }] : []));
  const table = [...builtIn.map((b) => b.entry), ...added.map((a) => a.entry)];
  const today = chinaToday();
  const rowOf = new Map(added.map((a) => [a.entry, a.row]));
  const idOf = new Map<OfficialFeeEntry, number>([...builtIn.map((b) => [b.entry, b.id] as const), ...added.map((a) => [a.entry, a.row.id] as const)]);
  const order = [...items.keys()];
  return table
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => order.indexOf(a.entry.value) - order.indexOf(b.entry.value) || b.entry.from.localeCompare(a.entry.from) || b.index - a.index)
    .map(({ entry }) => toOfficialFee(entry, idOf.get(entry)!, officialFeeEntryOn(table, entry.value, today), rowOf.get(entry)));
}

function knownItem(ctx: TenantContext, key: string): OfficialFeeItem {
  const item = officialFeeItems(ctx.schemas).get(key);
  if (!item) throw badRequest(`收费项目“${key}”不在官费表中`);
  return item;
}

/** fee.officialList: both kinds of entry, a page of them. */
export async function listOfficialFees(body: FeeOfficialListRequest, ctx: TenantContext): Promise<FeeOfficialListResponse> {
  if (body.item !== undefined) knownItem(ctx, body.item);
  const all = await officialFees(ctx, body.item);
  const { limit, offset } = pageWindow(body, 50);
  return { list: all.slice(offset, offset + limit), count: all.length };
}

/** fee.officialSave: a price for an item from a date, with its source; checked whole before anything is written. */
export async function saveOfficialFee(body: FeeOfficialSaveRequest, ctx: TenantContext): Promise<OfficialFee> {
  const item = knownItem(ctx, body.item);
  const source = body.source.trim();
  if (!source) throw badRequest('请填写依据：金额出自哪份文件（名称、文号）');
  const amounts = { 纸质申请金额: body.paper, 网上申请金额: body.online, 超出每项的纸质金额: body.extraPaper, 超出每项的网上金额: body.extraOnline };
  for (const [title, value] of Object.entries(amounts)) if (typeof value === 'number' && !twoDecimals(value)) throw badRequest(`${title}最多两位小数`);
  const countsGoods = item.goodsIncluded !== undefined;
  if (countsGoods && (body.extraPaper === undefined || body.extraPaper === null))
    throw badRequest(`“${item.label}”每类含 ${item.goodsIncluded} 项商品，请填写超出每项的纸质金额`);
  if (!countsGoods && ((body.extraPaper ?? null) !== null || (body.extraOnline ?? null) !== null))
    throw badRequest(`“${item.label}”不按商品项数加收，不要填写超出每项的金额`);

  const same = await ctx.db
    .selectFrom('official_fee_prices')
    .select('id')
    .where('item', '=', body.item)
    .where('effective_from', '=', body.effectiveFrom)
    .executeTakeFirst();
  const duplicate = `“${item.label}”已有本组织自 ${body.effectiveFrom} 起生效的价格，请先删除那一条或换一个生效日期`;
  if (same) throw badRequest(duplicate);
  const created = await ctx.db
    .insertInto('official_fee_prices')
    .values({
      org_id: ctx.session.orgId,
      item: body.item,
      effective_from: body.effectiveFrom,
      paper: body.paper,
      online: body.online ?? null,
      extra_paper: countsGoods ? (body.extraPaper ?? null) : null,
      extra_online: countsGoods ? (body.extraOnline ?? null) : null,
      source,
      created_by: ctx.session.userId,
    })
    // Saved at the same moment by someone else: refused like any duplicate rather than failing.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw badRequest(duplicate);
  await logOperation(ctx, 'fee.officialSave', {
    id: created.id,
    item: item.label,
    effectiveFrom: body.effectiveFrom,
    paper: body.paper,
    ...(body.online != null ? { online: body.online } : {}),
    ...(countsGoods ? { extraPaper: body.extraPaper, ...(body.extraOnline != null ? { extraOnline: body.extraOnline } : {}) } : {}),
    source,
  });
  const saved = (await officialFees(ctx, body.item)).find((f) => f.id === created.id);
  if (!saved) throw notFound('官费价格不存在');
  return saved;
}

/** fee.officialDelete: one of the organisation's own prices; built-in entries are not rows and so are not found. */
export async function deleteOfficialFee(body: FeeOfficialDeleteRequest, ctx: TenantContext): Promise<null> {
  const row = await ctx.db.selectFrom('official_fee_prices').selectAll().where('id', '=', body.id).executeTakeFirst();
  if (!row) throw notFound('官费价格不存在（内置条目不能删除）');
  await ctx.db.deleteFrom('official_fee_prices').where('id', '=', row.id).execute();
  const label = officialFeeItems(ctx.schemas).get(row.item)?.label ?? row.item;
  await logOperation(ctx, 'fee.officialDelete', { id: row.id, item: label, effectiveFrom: row.effective_from, paper: Number(row.paper), source: row.source });
  return null;
}
