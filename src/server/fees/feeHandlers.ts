import { sql, type Selectable } from 'kysely';
import type { FeePrice, FeeSaveRequest } from '../../generated/types.js';
import { FIELD_ENUM_TITLES } from '../../generated/fieldFormats.js';
import type { FeePricesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { countRows, pageWindow } from '../db/paging.js';
import { badRequest, notFound } from '../http/apiError.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { logOperation } from '../accounts/operationLog.js';
import { countryCatalog } from '../countries/countryCatalog.js';
import { caseTypes } from './caseTypes.js';
import { deleteOfficialFee, listOfficialFees, saveOfficialFee } from './officialFees.js';
import { officialFeeItemOptions } from './officialFeeTable.js';

const FEE_ITEMS = FIELD_ENUM_TITLES.FeePrice.feeItem;
const CURRENCIES = FIELD_ENUM_TITLES.FeePrice.currency;
const EVERY_COUNTRY = '全部国家/地区';

type PriceRow = Selectable<FeePricesTable> & { createdByName: string | null };

const countryName = (code: string | null) => (code === null ? EVERY_COUNTRY : (countryCatalog().get(code)?.name ?? code));

function toFeePrice(row: PriceRow, names: ReadonlyMap<string, string>): FeePrice {
  return {
    id: row.id,
    caseType: row.case_type,
    caseTypeName: names.get(row.case_type) ?? row.case_type,
    countryCode: row.country_code,
    countryName: countryName(row.country_code),
    feeItem: row.fee_item,
    amount: Number(row.amount),
    currency: row.currency,
    effectiveFrom: row.effective_from,
    note: row.note,
    createdByName: row.createdByName,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function priceRows(db: ScopedDb) {
  return db.selectFrom('fee_prices as p').leftJoin('users as u', 'u.id', 'p.created_by').selectAll('p').select('u.display_name as createdByName');
}

/** `*`, empty (a cleared field) and null all mean every country; undefined leaves the country as it is. */
const storedCountry = (code: string | null | undefined) => (code === undefined ? undefined : !code || code === '*' ? null : code);

/** The request's own checks of what it names: a known case type and country, an amount in fen. */
function checkValues(ctx: TenantContext, body: FeeSaveRequest, country: string | null | undefined): void {
  if (body.caseType !== undefined && !caseTypes(ctx.schemas).names.has(body.caseType)) throw badRequest(`案件类型“${body.caseType}”不存在`);
  if (country && !countryCatalog().has(country)) throw badRequest(`国家/地区“${country}”不存在`);
  if (body.amount !== undefined && Math.abs(Math.round(body.amount * 100) - body.amount * 100) > 1e-6) throw badRequest('金额最多两位小数');
}

interface PriceKey {
  case_type: string;
  country_code: string | null;
  fee_item: FeePrice['feeItem'];
  effective_from: string;
}

/** One price per case type, country, fee item and effective date (the table's unique index says the same). */
async function refuseDuplicate(ctx: TenantContext, key: PriceKey, except: number | null): Promise<void> {
  const same = await ctx.db
    .selectFrom('fee_prices')
    .select('id')
    .where('case_type', '=', key.case_type)
    .where((eb) => (key.country_code === null ? eb('country_code', 'is', null) : eb('country_code', '=', key.country_code)))
    .where('fee_item', '=', key.fee_item)
    .where('effective_from', '=', key.effective_from)
    .$if(except !== null, (q) => q.where('id', '!=', except!))
    .executeTakeFirst();
  if (same) throw badRequest(duplicateMessage(ctx, key));
}

const duplicateMessage = (ctx: TenantContext, key: PriceKey) =>
  `${caseTypes(ctx.schemas).names.get(key.case_type)}在${countryName(key.country_code)}的${FEE_ITEMS[key.fee_item]}已有自 ${key.effective_from} 起生效的价格，请修改那一条或换一个生效日期`;

/** What the log keeps of a price: the names as they read today, so the entry says what was priced. */
const logged = (ctx: TenantContext, row: Pick<PriceKey, 'case_type' | 'country_code' | 'fee_item'>) => ({
  caseType: caseTypes(ctx.schemas).names.get(row.case_type) ?? row.case_type,
  countryCode: countryName(row.country_code),
  feeItem: FEE_ITEMS[row.fee_item],
});

async function savedPrice(ctx: TenantContext, id: number): Promise<FeePrice> {
  const row = await priceRows(ctx.db).where('p.id', '=', id).executeTakeFirstOrThrow();
  return toFeePrice(row, caseTypes(ctx.schemas).names);
}

export const feeHandlers: HandlersOf<'fee'> = {
  'fee.list': async (body, ctx) => {
    const { limit, offset } = pageWindow(body, 20);
    const known = caseTypes(ctx.schemas);
    const country = storedCountry(body.countryCode);
    const base = priceRows(ctx.db)
      .$if(body.caseType !== undefined, (q) => q.where('p.case_type', '=', body.caseType!))
      .$if(country !== undefined, (q) => q.where((eb) => (country === null ? eb('p.country_code', 'is', null) : eb('p.country_code', '=', country!))))
      .$if(body.currency !== undefined, (q) => q.where('p.currency', '=', body.currency!))
      .$if(body.feeItem !== undefined, (q) => q.where('p.fee_item', '=', body.feeItem!));
    const order = known.list.map((t) => t.value);
    const [rows, count] = await Promise.all([
      base
        .orderBy(sql`coalesce(array_position(${sql.val(order)}::text[], p.case_type), ${order.length + 1})`)
        .orderBy('p.case_type')
        .orderBy(sql`p.country_code nulls first`)
        .orderBy('p.fee_item')
        .orderBy('p.effective_from', 'desc')
        .orderBy('p.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(base),
    ]);
    return { list: rows.map((r) => toFeePrice(r, known.names)), count };
  },

  'fee.save': async (body, ctx) => {
    // The price named is looked for first: a request about another organisation's price is told so whatever else it holds.
    const current = body.id === undefined ? null : await ctx.db.selectFrom('fee_prices').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (body.id !== undefined && !current) throw notFound('价格不存在');
    const country = storedCountry(body.countryCode);
    checkValues(ctx, body, country);
    const note = body.note === undefined ? undefined : body.note?.trim() || null;

    if (!current) {
      if (body.caseType === undefined) throw badRequest('请选择案件类型');
      if (body.feeItem === undefined) throw badRequest('请选择费用项');
      if (body.amount === undefined) throw badRequest('请输入金额');
      if (body.currency === undefined) throw badRequest('请选择币种');
      if (body.effectiveFrom === undefined) throw badRequest('请选择生效日期');
      const key = { case_type: body.caseType, country_code: country ?? null, fee_item: body.feeItem, effective_from: body.effectiveFrom };
      await refuseDuplicate(ctx, key, null);
      const created = await ctx.db
        .insertInto('fee_prices')
        .values({ ...key, org_id: ctx.session.orgId, amount: body.amount, currency: body.currency, note: note ?? null, created_by: ctx.session.userId })
        // Saved at the same moment by someone else: refused like any duplicate rather than failing.
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!created) throw badRequest(duplicateMessage(ctx, key));
      await logOperation(ctx, 'fee.save', {
        id: created.id,
        ...logged(ctx, key),
        amount: body.amount,
        currency: body.currency,
        effectiveFrom: body.effectiveFrom,
        ...(note ? { note } : {}),
        created: true,
      });
      return savedPrice(ctx, created.id);
    }

    const changes = {
      ...(body.caseType !== undefined ? { case_type: body.caseType } : {}),
      ...(country !== undefined ? { country_code: country } : {}),
      ...(body.feeItem !== undefined ? { fee_item: body.feeItem } : {}),
      ...(body.amount !== undefined ? { amount: body.amount } : {}),
      ...(body.currency !== undefined ? { currency: body.currency } : {}),
      ...(body.effectiveFrom !== undefined ? { effective_from: body.effectiveFrom } : {}),
      ...(note !== undefined ? { note } : {}),
    };
    if (Object.keys(changes).length === 0) throw badRequest('没有要修改的内容');
    const key = { ...current, ...changes };
    await refuseDuplicate(ctx, key, current.id);
    await ctx.db.updateTable('fee_prices').set(changes).where('id', '=', current.id).execute();
    const { id: _id, ...fields } = body;
    void _id;
    await logOperation(ctx, 'fee.save', { id: current.id, ...fields, ...logged(ctx, key) });
    return savedPrice(ctx, current.id);
  },

  'fee.delete': async (body, ctx) => {
    const row = await ctx.db.selectFrom('fee_prices').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!row) throw notFound('价格不存在');
    await ctx.db.deleteFrom('fee_prices').where('id', '=', row.id).execute();
    await logOperation(ctx, 'fee.delete', {
      id: row.id,
      ...logged(ctx, row),
      amount: Number(row.amount),
      currency: row.currency,
      effectiveFrom: row.effective_from,
    });
    return null;
  },

  'fee.options': async (_body, ctx) => ({
    caseTypes: caseTypes(ctx.schemas).list,
    feeItems: Object.entries(FEE_ITEMS).map(([value, label]) => ({ value, label })),
    currencies: Object.entries(CURRENCIES).map(([value, label]) => ({ value, label })),
    officialItems: officialFeeItemOptions(ctx.schemas),
  }),

  'fee.officialList': listOfficialFees,

  'fee.officialSave': saveOfficialFee,

  'fee.officialDelete': deleteOfficialFee,
};
