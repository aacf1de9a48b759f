import type { CaseFeeLine, CaseTmItem } from '../../generated/types.js';
import { DOMESTIC_COUNTRY, officialFeesByCountry, type FilingChannel } from '../../shared/officialFees.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest } from '../http/apiError.js';
import { priceOn } from '../fees/priceOn.js';
import { officialFeeTable } from '../fees/officialFeeTable.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import type { CaseFeeItem, CaseType } from './caseTypes.js';

type Price = {
  caseType: string;
  countryCode: string | null;
  feeItem: 'agency' | 'official' | 'sundry';
  effectiveFrom: string;
  amount: number;
  currency: string;
};

/** The organisation's price list for one case type, in the names priceOn reads. */
async function priceList(db: ScopedDb, caseType: string): Promise<Price[]> {
  const rows = await db
    .selectFrom('fee_prices')
    .select(['case_type', 'country_code', 'fee_item', 'effective_from', 'amount', 'currency'])
    .where('case_type', '=', caseType)
    .execute();
  return rows.map((r) => ({
    caseType: r.case_type,
    countryCode: r.country_code,
    feeItem: r.fee_item,
    effectiveFrom: r.effective_from,
    amount: Number(r.amount),
    currency: r.currency,
  }));
}

/** CNIPA's fee for a domestic item of the official fee table, by the case's classes, goods and filing channel. */
function cnipaFee(schemas: SchemaLibrary, fee: CaseFeeItem, item: CaseTmItem, date: string, channel: FilingChannel): number {
  const perClass = item.tmCl.map((tmCl) => ({ appCountry: DOMESTIC_COUNTRY, tmCl, goodsCount: item.goodsItem.filter((g) => g.tmCl === tmCl).length }));
  // A procedure on a mark without classes in its form is still one request.
  const items = perClass.length > 0 ? perClass : [{ appCountry: DOMESTIC_COUNTRY, tmCl: 0, goodsCount: 0 }];
  try {
    return officialFeesByCountry(officialFeeTable(schemas), fee.officialFeeItem!, date, channel, items)[0]?.officialFees ?? 0;
  } catch (err) {
    throw badRequest(`费用项“${fee.name}”：${(err as Error).message}`);
  }
}

/**
 * The fee lines of a case, per country, from its type's fee items: CNIPA's official fee from the
 * fee table for the domestic country (officialFeeItem), a fixed amount, or the price the
 * organisation's price list sets for the type and country on `date` (caseTypePrice). Counted per
 * case (charged once, to the first country), per country, per class or per mark.
 */
export async function caseFeeLines(
  db: ScopedDb,
  schemas: SchemaLibrary,
  type: CaseType,
  items: CaseTmItem[],
  markCount: number,
  date: string,
  channel: FilingChannel,
): Promise<CaseFeeLine[]> {
  if (type.feeItems.length === 0 || items.length === 0) return [];
  const prices = type.feeItems.some((f) => f.caseTypePrice || f.officialFeeItem) ? await priceList(db, type.name) : [];
  const lines: CaseFeeLine[] = [];
  items.forEach((item, index) => {
    const chosen = priceOn(prices, type.name, item.appCountry, date);
    for (const fee of type.feeItems) {
      const per = fee.per ?? 'case';
      const quantity = per === 'class' ? Math.max(1, item.tmCl.length) : per === 'mark' ? Math.max(1, markCount) : per === 'case' ? (index === 0 ? 1 : 0) : 1;
      if (quantity === 0) continue;
      if (fee.officialFeeItem && item.appCountry === DOMESTIC_COUNTRY) {
        const amount = cnipaFee(schemas, fee, item, date, channel) * (per === 'mark' ? quantity : 1);
        lines.push({ appCountry: item.appCountry, name: fee.name, kind: fee.kind, quantity, amount: Math.round(amount * 100) / 100, currency: 'CNY' });
        continue;
      }
      // Abroad, an official fee comes from the price list like any other.
      const price = fee.caseTypePrice || fee.officialFeeItem ? chosen[fee.kind] : undefined;
      const unit = price ? price.amount : (fee.amount ?? 0);
      lines.push({
        appCountry: item.appCountry,
        name: fee.name,
        kind: fee.kind,
        quantity,
        amount: Math.round(unit * quantity * 100) / 100,
        currency: price?.currency ?? fee.currency ?? 'CNY',
      });
    }
  });
  return lines;
}

/** tmItems with their officialFees, agencyFees and sundryFees totalled from the lines. */
export function withFeeTotals(items: CaseTmItem[], lines: CaseFeeLine[]): CaseTmItem[] {
  return items.map((item) => {
    const own = lines.filter((l) => l.appCountry === item.appCountry);
    const total = (kind: CaseFeeLine['kind']) => Math.round(own.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.amount, 0) * 100) / 100;
    return { ...item, officialFees: total('official'), agencyFees: total('agency'), sundryFees: total('sundry') };
  });
}
