import { describe, expect, it } from 'vitest';
import { addDays, addMonths, chinaToday, daysBetween, graceEndDate, GRACE_MONTHS } from '../../src/shared/trademarkDates.js';
import { groupGoods, splitGoodsGroup } from '../../src/shared/goodsGroups.js';
import { generateMark, randomApplicant, randomSource, registrationEnding } from '../../src/server/seed/trademarkGenerator.js';
import { namePinyin } from '../../src/server/trademarks/namePinyin.js';
import { splitNumbers } from '../../src/server/trademarks/archiveFilter.js';
import { renewalPlan } from '../../src/server/seed/trademarks.js';

describe('trademark dates', () => {
  it('puts the grace end six months after the exclusive-use end, clamped to the month', () => {
    expect(graceEndDate('2030-01-15')).toBe('2030-07-15');
    expect(graceEndDate('2029-08-31')).toBe('2030-02-28');
    expect(graceEndDate('2031-08-31')).toBe('2032-02-29');
    expect(graceEndDate(null)).toBeNull();
    expect(addMonths('2024-11-30', 120)).toBe('2034-11-30');
  });
  it('counts days across months and years, and takes today as a day in China', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-11-22', '2027-05-22')).toBe(181);
    expect(daysBetween('2026-11-22', '2026-11-12')).toBe(-10);
    // 16:30 UTC is half past midnight in Beijing: already the next day.
    expect(chinaToday(new Date('2026-11-22T16:30:00Z'))).toBe('2026-11-23');
    expect(chinaToday(new Date('2026-11-22T15:59:00Z'))).toBe('2026-11-22');
  });
});

describe('goods groups', () => {
  const items = [
    { code: '0301', name: '洗发液' },
    { code: '0306', name: '化妆品' },
    { code: '0301', name: '香皂', mark: 2 },
  ];
  it('joins the items of a group with the full-width semicolon and lists the deleted ones', () => {
    expect(groupGoods(items)).toEqual([
      { code: '0301', name: '洗发液；香皂', deleted: ['香皂'] },
      { code: '0306', name: '化妆品' },
    ]);
  });
  it('splits a group back into the same items', () => {
    expect(groupGoods(items).flatMap(splitGoodsGroup)).toEqual([items[0], items[2], items[1]]);
  });
});

describe('searchable names', () => {
  it('spells Chinese names in toneless pinyin and keeps Latin letters', () => {
    expect(namePinyin('星辰')).toBe('xingchen');
    expect(namePinyin('星晨 Star')).toBe('xingchenstar');
    expect(namePinyin('')).toBe('');
  });
  it('splits pasted application numbers on commas of either width, spaces and new lines', () => {
    expect(splitNumbers('123，456, 789\n123 ;  42')).toEqual(['123', '456', '789', '42']);
  });
});

describe('the register generator', () => {
  const pool = new Map([
    [
      3,
      [
        { code: '0301', name: '洗发液' },
        { code: '0306', name: '化妆品' },
        { code: '0302', name: '香皂' },
      ],
    ],
  ]);
  const today = '2026-11-22';
  const graceStart = addMonths(today, -GRACE_MONTHS);
  const marks = (seed: number) => {
    const random = randomSource(seed);
    const applicant = randomApplicant(random);
    return Array.from({ length: 400 }, (_, i) => generateMark(random, i, pool, applicant, today));
  };

  it('is deterministic for a seed', () => {
    expect(marks(5)).toEqual(marks(5));
    expect(marks(5)).not.toEqual(marks(6));
  });

  it('follows the procedure: approval after filing, registration after approval, ten years of use', () => {
    for (const m of marks(9)) {
      expect(m.int_cls).toBeGreaterThanOrEqual(1);
      expect(m.int_cls).toBeLessThanOrEqual(45);
      expect(m.app_date <= today).toBe(true);
      if (m.prelim_date) expect(m.prelim_date > m.app_date).toBe(true);
      if (m.reg_date) {
        expect(m.reg_date > m.prelim_date!).toBe(true);
        expect(m.reg_no).toBe(m.app_no);
        expect(m.private_end_date! > m.reg_date).toBe(true);
      }
      // In force, or ended but still in its grace period; lapsed once that is over too.
      if (m.tm_status === '已注册' || m.tm_status === '续展') expect(m.private_end_date! >= graceStart).toBe(true);
      if (m.tm_status === '已销亡') expect(m.private_end_date! < graceStart).toBe(true);
      if (m.tm_status === '申请中') expect(m.reg_date).toBeNull();
    }
  });

  it('re-dates a registration to end on a given day: ten or twenty years after registration, its status as of today', () => {
    expect(registrationEnding('2027-03-09', today)).toEqual({
      app_date: '2016-04-14',
      prelim_date: '2016-12-10',
      announcement_issue: expect.any(String),
      reg_date: '2017-03-10',
      reg_issue: expect.any(String),
      private_end_date: '2027-03-09',
      tm_status: '已注册',
      ori_tm_status: '商标注册申请---注册证发文',
    });
    expect(registrationEnding('2027-03-09', today, true)).toMatchObject({ reg_date: '2007-03-10', tm_status: '续展' });
    expect(registrationEnding('2026-10-01', today)).toMatchObject({ private_end_date: '2026-10-01', tm_status: '已注册' });
    expect(registrationEnding('2026-05-21', today).tm_status).toBe('已销亡');
  });

  it('deals the demo’s renewals due to the owners in turn, each some expiring and some in grace, both first', () => {
    const plan = renewalPlan([1, 2]);
    expect(plan.slice(0, 4)).toEqual([
      { owner: 1, days: 6 },
      { owner: 2, days: 25 },
      { owner: 1, days: -9 },
      { owner: 2, days: -41 },
    ]);
    for (const owner of [1, 2]) {
      const theirs = plan.filter((p) => p.owner === owner).map((p) => p.days);
      expect(theirs.filter((d) => d > 0).length).toBeGreaterThanOrEqual(2);
      expect(theirs.filter((d) => d < 0).length).toBeGreaterThanOrEqual(2);
    }
    expect(renewalPlan([null]).map((p) => p.days)).toEqual([6, -9, 25, -41, 47, -88, 96, -150, 130, 171]);
  });

  it('takes goods only from the given class and marks a few as deleted', () => {
    const withGoods = marks(3).filter((m) => m.int_cls === 3);
    expect(withGoods.length).toBeGreaterThan(0);
    for (const m of withGoods) expect(m.goods.every((g) => g.code.startsWith('03'))).toBe(true);
    expect(
      marks(3)
        .filter((m) => m.int_cls !== 3)
        .every((m) => m.goods.length === 0),
    ).toBe(true);
  });
});
