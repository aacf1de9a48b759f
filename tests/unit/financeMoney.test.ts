import { describe, expect, it } from 'vitest';
import { feeBills, fromCents, isOverdue, payStateOf, toCents } from '../../src/shared/financeMoney.js';

describe('the arithmetic of fee records', () => {
  it('counts in whole cents, so decimal sums do not drift', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(toCents('1350.05')).toBe(135005);
    expect(fromCents(toCents(0.1) + toCents(0.2))).toBe(0.3);
  });

  it('tells unpaid, part paid and paid, and overdue only for a published record still owed after its due date', () => {
    expect(payStateOf(1000, 0)).toBe('unpaid');
    expect(payStateOf(1000, 1)).toBe('partial');
    expect(payStateOf(1000, 1000)).toBe('paid');
    const owed = { state: 'published' as const, dueDate: '2026-11-26', outstandingCents: 100 };
    expect(isOverdue(owed, '2026-11-27')).toBe(true);
    expect(isOverdue(owed, '2026-11-26')).toBe(false);
    expect(isOverdue({ ...owed, outstandingCents: 0 }, '2026-12-31')).toBe(false);
    expect(isOverdue({ ...owed, state: 'draft' }, '2026-12-31')).toBe(false);
    expect(isOverdue({ ...owed, dueDate: null }, '2026-12-31')).toBe(false);
  });

  it('bills a case per country and currency, leaving out a country that bills nothing', () => {
    const bills = feeBills([
      { appCountry: 'US', kind: 'official', amount: 350, currency: 'USD' },
      { appCountry: 'US', kind: 'agency', amount: 4500, currency: 'CNY' },
      { appCountry: 'US', kind: 'sundry', amount: 0.1, currency: 'CNY' },
      { appCountry: 'CN', kind: 'official', amount: 270, currency: 'CNY' },
      { appCountry: 'CN', kind: 'official', amount: 270.2, currency: 'CNY' },
      { appCountry: 'JP', kind: 'agency', amount: 0, currency: 'CNY' },
    ]);
    expect(bills).toEqual([
      { countryCode: 'US', currency: 'USD', officialCents: 35000, agencyCents: 0, sundryCents: 0 },
      { countryCode: 'US', currency: 'CNY', officialCents: 0, agencyCents: 450000, sundryCents: 10 },
      { countryCode: 'CN', currency: 'CNY', officialCents: 54020, agencyCents: 0, sundryCents: 0 },
    ]);
  });
});
