import type { CaseFeeLine, CaseTmItem } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { priceOn } from '../fees/priceOn.js';
import type { CaseType } from './caseTypes.js';

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

/**
 * The fee lines of a case, per country, from its type's fee items: a fixed amount, or the price
 * the organisation's price list sets for the type and country on `date` (caseTypePrice). Counted
 * per case (charged once, to the first country), per country, per class or per mark.
 */
export async function caseFeeLines(db: ScopedDb, type: CaseType, items: CaseTmItem[], markCount: number, date: string): Promise<CaseFeeLine[]> {
  if (type.feeItems.length === 0 || items.length === 0) return [];
  const prices = type.feeItems.some((f) => f.caseTypePrice) ? await priceList(db, type.name) : [];
  const lines: CaseFeeLine[] = [];
  items.forEach((item, index) => {
    const chosen = priceOn(prices, type.name, item.appCountry, date);
    for (const fee of type.feeItems) {
      const per = fee.per ?? 'case';
      const quantity = per === 'class' ? item.tmCl.length : per === 'mark' ? Math.max(1, markCount) : per === 'case' ? (index === 0 ? 1 : 0) : 1;
      if (quantity === 0) continue;
      const price = fee.caseTypePrice ? chosen[fee.kind] : undefined;
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
