import type { FeePrice } from '../../generated/types.js';

export type FeeItem = FeePrice['feeItem'];

/** What choosing a price looks at; a price row of the list (FeePrice) or of the table, in these names, will do. */
export interface PricedEntry {
  caseType: string;
  /** `null` or `*`: every country. */
  countryCode: string | null;
  feeItem: FeeItem;
  /** `YYYY-MM-DD`. */
  effectiveFrom: string;
}

const forEveryCountry = (code: string | null) => code === null || code === '*';

/**
 * The prices of the price list that apply to a case of `caseType` for `country` on `date`
 * (`YYYY-MM-DD`), one per fee item (代理费, 官费, 杂费): for each item, among the prices in effect
 * by then (effective date not after `date`), the latest one set for that country, or when there
 * is none the latest one set for every country. An item with no price in effect is absent.
 */
export function priceOn<P extends PricedEntry>(prices: readonly P[], caseType: string, country: string | null, date: string): Partial<Record<FeeItem, P>> {
  const chosen: Partial<Record<FeeItem, P>> = {};
  const rank = (p: P) => (forEveryCountry(p.countryCode) ? 0 : 1);
  for (const price of prices) {
    if (price.caseType !== caseType || price.effectiveFrom > date) continue;
    if (!forEveryCountry(price.countryCode) && price.countryCode !== country) continue;
    const held = chosen[price.feeItem];
    if (!held || rank(price) > rank(held) || (rank(price) === rank(held) && price.effectiveFrom > held.effectiveFrom)) chosen[price.feeItem] = price;
  }
  return chosen;
}
