import { describe, expect, it } from 'vitest';
import { priceOn, type PricedEntry } from '../../src/server/fees/priceOn.js';

type Price = PricedEntry & { amount: number };

const price = (caseType: string, countryCode: string | null, feeItem: Price['feeItem'], effectiveFrom: string, amount: number): Price => ({
  caseType,
  countryCode,
  feeItem,
  effectiveFrom,
  amount,
});

const amounts = (chosen: Partial<Record<Price['feeItem'], Price>>) => Object.fromEntries(Object.entries(chosen).map(([item, p]) => [item, p.amount]));

describe('priceOn', () => {
  const list: Price[] = [
    price('renewal', 'CN', 'agency', '2025-01-01', 1000),
    price('renewal', 'CN', 'agency', '2027-01-01', 1100),
    price('renewal', 'CN', 'official', '2025-01-01', 450),
    price('overseasRegistration', null, 'agency', '2025-01-01', 3500),
    price('overseasRegistration', '*', 'official', '2025-01-01', 100),
    price('overseasRegistration', 'US', 'agency', '2024-06-01', 4500),
    price('overseasRegistration', 'US', 'official', '2026-07-01', 350),
    price('overseasRegistration', null, 'agency', '2026-01-01', 3800),
  ];

  it('takes the latest price in effect on the date, one per fee item', () => {
    expect(amounts(priceOn(list, 'renewal', 'CN', '2026-03-01'))).toEqual({ agency: 1000, official: 450 });
    expect(amounts(priceOn(list, 'renewal', 'CN', '2027-01-01'))).toEqual({ agency: 1100, official: 450 });
    expect(amounts(priceOn(list, 'renewal', 'CN', '2026-12-31'))).toEqual({ agency: 1000, official: 450 });
  });

  it('has nothing for an item before its first price, another case type, or another country', () => {
    expect(priceOn(list, 'renewal', 'CN', '2024-12-31')).toEqual({});
    expect(priceOn(list, 'transfer', 'CN', '2026-03-01')).toEqual({});
    expect(priceOn(list, 'renewal', 'US', '2026-03-01')).toEqual({});
  });

  it('prefers a price set for the country to one for every country, whatever their dates', () => {
    // The US agency fee of 2024 stands against the later one for every country.
    expect(amounts(priceOn(list, 'overseasRegistration', 'US', '2026-03-01'))).toEqual({ agency: 4500, official: 100 });
    // Once the US official fee applies, it takes the place of the one for every country ('*' is every country too).
    expect(amounts(priceOn(list, 'overseasRegistration', 'US', '2026-07-01'))).toEqual({ agency: 4500, official: 350 });
    // A country without prices of its own takes those for every country, the latest in effect.
    expect(amounts(priceOn(list, 'overseasRegistration', 'JP', '2025-06-01'))).toEqual({ agency: 3500, official: 100 });
    expect(amounts(priceOn(list, 'overseasRegistration', 'JP', '2026-01-01'))).toEqual({ agency: 3800, official: 100 });
  });

  it('hands back the price rows themselves', () => {
    const chosen = priceOn(list, 'renewal', 'CN', '2026-03-01');
    expect(chosen.agency).toBe(list[0]);
  });
});
