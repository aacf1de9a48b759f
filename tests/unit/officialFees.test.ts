import { describe, expect, it } from 'vitest';
import table from '../../schemas/dicts/official-fees.json';
import {
  NoOfficialPrice,
  officialFeeEntryOn,
  officialFeesByCountry,
  officialPriceOn,
  registrationOfficialFee,
  type OfficialFeeEntry,
} from '../../src/shared/officialFees.js';

const fees = table.items as OfficialFeeEntry[];

describe('the official fee table', () => {
  it('has the figures in force since 2019-07-01, paper and online', () => {
    const on = (key: string) => [officialPriceOn(fees, key, '2026-03-01', 'paper'), officialPriceOn(fees, key, '2026-03-01', 'online')];
    expect(on('registration')).toEqual([300, 270]);
    expect(on('renewal')).toEqual([500, 450]);
    expect(on('lateRenewal')).toEqual([250, 225]);
    expect(on('transfer')).toEqual([500, 450]);
    expect(on('change')).toEqual([150, 0]);
    expect(on('licenseRecord')).toEqual([150, 135]);
    expect(on('objection')).toEqual([500, 450]);
    expect(on('review')).toEqual([750, 675]);
    expect(on('invalidation')).toEqual([750, 675]);
    expect(on('cancellation')).toEqual([500, 450]);
    expect(on('certificateReissue')).toEqual([500, 450]);
    expect(on('correction')).toEqual([0, 0]);
  });

  it('gives every entry a unit, a date and a cited source', () => {
    for (const entry of fees) {
      expect(['class', 'mark', 'case']).toContain(entry.unit);
      expect(entry.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.source.length).toBeGreaterThan(10);
    }
  });
});

describe('officialPriceOn', () => {
  it('takes the latest entry on or before the date', () => {
    expect(officialPriceOn(fees, 'renewal', '2019-06-30', 'paper')).toBe(1000);
    expect(officialPriceOn(fees, 'renewal', '2019-07-01', 'paper')).toBe(500);
    expect(officialPriceOn(fees, 'change', '2018-05-10', 'paper')).toBe(250);
    expect(officialFeeEntryOn(fees, 'change', '2019-07-01T08:00:00+08:00')?.from).toBe('2019-07-01');
  });

  it('charges the paper amount online where an entry has no online figure', () => {
    expect(officialPriceOn(fees, 'renewal', '2018-01-01', 'online')).toBe(1000);
  });

  it('has no price before the first entry or for an unknown item', () => {
    expect(officialPriceOn(fees, 'renewal', '2017-03-31', 'paper')).toBeUndefined();
    expect(officialPriceOn(fees, 'madrid', '2026-01-01', 'paper')).toBeUndefined();
  });

  it('lets a later entry with a new date replace the price from that day', () => {
    const edited: OfficialFeeEntry[] = [
      ...fees,
      { value: 'review', label: '受理商标评审费', unit: 'case', from: '2027-01-01', paper: 700, online: 630, source: '假设的调整' },
    ];
    expect(officialPriceOn(edited, 'review', '2026-12-31', 'online')).toBe(675);
    expect(officialPriceOn(edited, 'review', '2027-01-01', 'online')).toBe(630);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => officialPriceOn(fees, 'renewal', '2026/01/01', 'paper')).toThrow('日期格式');
  });
});

describe('registrationOfficialFee', () => {
  it('charges each class and each goods item over ten', () => {
    expect(registrationOfficialFee(fees, '2026-03-01', 'online', [10, 12, 8])).toBe(270 * 3 + 27 * 2);
    expect(registrationOfficialFee(fees, '2026-03-01', 'paper', [10, 12, 8])).toBe(300 * 3 + 30 * 2);
    expect(registrationOfficialFee(fees, '2026-03-01', 'paper', [25])).toBe(300 + 30 * 15);
    expect(registrationOfficialFee(fees, '2026-03-01', 'online', [])).toBe(0);
  });

  it('refuses a negative goods count', () => {
    expect(() => registrationOfficialFee(fees, '2026-03-01', 'online', [-1])).toThrow('商品项数');
  });

  it('throws when the table has no registration price on the date', () => {
    expect(() => registrationOfficialFee(fees, '2010-01-01', 'online', [3])).toThrow(NoOfficialPrice);
  });
});

describe('officialFeesByCountry', () => {
  it('totals a domestic registration per class and leaves overseas countries to the price list', () => {
    const items = [
      { appCountry: 'CN', tmCl: 9, goodsCount: 10 },
      { appCountry: 'US', tmCl: 9, goodsCount: 4 },
      { appCountry: 'CN', tmCl: 35, goodsCount: 12 },
      { appCountry: 'CN', tmCl: 42, goodsCount: 8 },
    ];
    expect(officialFeesByCountry(fees, 'registration', '2026-03-01', 'online', items)).toEqual([
      { appCountry: 'CN', officialFees: 864 },
      { appCountry: 'US', officialFees: null },
    ]);
  });

  it('adds up the goods of a class listed twice before counting those over ten', () => {
    const items = [
      { appCountry: 'CN', tmCl: 9, goodsCount: 7 },
      { appCountry: 'CN', tmCl: 9, goodsCount: 6 },
    ];
    expect(officialFeesByCountry(fees, 'registration', '2026-03-01', 'paper', items)).toEqual([{ appCountry: 'CN', officialFees: 300 + 30 * 3 }]);
  });

  it('charges a renewal per class and a transfer once per mark', () => {
    const items = [
      { appCountry: 'CN', tmCl: 3, goodsCount: 15 },
      { appCountry: 'CN', tmCl: 5, goodsCount: 2 },
    ];
    expect(officialFeesByCountry(fees, 'renewal', '2026-03-01', 'online', items)).toEqual([{ appCountry: 'CN', officialFees: 900 }]);
    expect(officialFeesByCountry(fees, 'transfer', '2026-03-01', 'paper', items)).toEqual([{ appCountry: 'CN', officialFees: 500 }]);
    expect(officialFeesByCountry(fees, 'change', '2026-03-01', 'online', items)).toEqual([{ appCountry: 'CN', officialFees: 0 }]);
  });

  it('names the item and date when the table has no price', () => {
    expect(() => officialFeesByCountry(fees, 'renewal', '2016-01-01', 'paper', [{ appCountry: 'CN', tmCl: 1, goodsCount: 1 }])).toThrow(
      '官费表中没有“renewal”在 2016-01-01 适用的价格',
    );
  });
});
