import type { CaseFeeLine, CaseTmItem } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { priceOn } from '../fees/priceOn.js';
import { badRequest } from '../http/apiError.js';
import {
  DOMESTIC_COUNTRY,
  NoOfficialPrice,
  officialFeeEntryOn,
  officialFeesByCountry,
  type FilingChannel,
  type OfficialFeeEntry,
} from '../../shared/officialFees.js';
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

/** The day a case's fees are priced on: the day it was filed, else submitted, else today (China time). */
export function feeDay(row: { filed_at: Date | null; submitted_at: Date | null } | null | undefined): string {
  const at = row?.filed_at ?? row?.submitted_at ?? new Date();
  return new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** What official fees are read from: CNIPA's dated table and how the case is filed. */
export interface OfficialPricing {
  table: readonly OfficialFeeEntry[];
  channel: FilingChannel;
}

/**
 * One official fee item of the table for one country's item: per class (with each goods item over
 * the class's allowance for a registration), or per mark or request, for as many marks as the
 * type charges it per. Null when the item is not CNIPA's (another country).
 */
function tableFee(
  fee: CaseFeeItem,
  key: string,
  item: CaseTmItem,
  markCount: number,
  date: string,
  pricing: OfficialPricing,
): { quantity: number; amount: number } | null {
  if (item.appCountry !== DOMESTIC_COUNTRY) return null;
  const entry = officialFeeEntryOn(pricing.table, key, date);
  if (!entry) throw badRequest(new NoOfficialPrice(key, date).message);
  if (entry.unit === 'class') {
    const classes = item.tmCl.map((tmCl) => ({ appCountry: item.appCountry, tmCl, goodsCount: item.goodsItem.filter((g) => g.tmCl === tmCl).length }));
    const [fees] = officialFeesByCountry(pricing.table, key, date, pricing.channel, classes);
    return { quantity: item.tmCl.length, amount: fees?.officialFees ?? 0 };
  }
  const quantity = fee.per === 'mark' ? Math.max(1, markCount) : 1;
  const [fees] = officialFeesByCountry(pricing.table, key, date, pricing.channel, [{ appCountry: item.appCountry, tmCl: 0, goodsCount: 0 }]);
  return { quantity, amount: Math.round((fees?.officialFees ?? 0) * quantity * 100) / 100 };
}

/**
 * The fee lines of a case, per country, from its type's fee items. An official item that names
 * an `officialFeeItem` is priced from CNIPA's table for a Chinese application, on `date` and by
 * the case's channel (online or paper); otherwise a fixed amount, or the price the organisation's
 * price list sets for the type and country on `date` (caseTypePrice). Counted per case (charged
 * once, to the first country), per country, per class or per mark.
 */
export async function caseFeeLines(
  db: ScopedDb,
  type: CaseType,
  items: CaseTmItem[],
  markCount: number,
  date: string,
  pricing: OfficialPricing,
): Promise<CaseFeeLine[]> {
  if (type.feeItems.length === 0 || items.length === 0) return [];
  const listed = type.feeItems.some((f) => f.caseTypePrice || (f.officialFeeItem && items.some((i) => i.appCountry !== DOMESTIC_COUNTRY)));
  const prices = listed ? await priceList(db, type.name) : [];
  const lines: CaseFeeLine[] = [];
  items.forEach((item, index) => {
    const chosen = priceOn(prices, type.name, item.appCountry, date);
    for (const fee of type.feeItems) {
      const per = fee.per ?? 'case';
      if (per === 'case' && index > 0) continue;
      const fromTable = fee.officialFeeItem ? tableFee(fee, fee.officialFeeItem, item, markCount, date, pricing) : null;
      if (fromTable) {
        lines.push({ appCountry: item.appCountry, name: fee.name, kind: fee.kind, quantity: fromTable.quantity, amount: fromTable.amount, currency: 'CNY' });
        continue;
      }
      const quantity = per === 'class' ? item.tmCl.length : per === 'mark' ? Math.max(1, markCount) : 1;
      if (quantity === 0) continue;
      // Another country's official fee of a table item comes from the price list.
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
