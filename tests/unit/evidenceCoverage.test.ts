import { describe, expect, it } from 'vitest';
import { coveragePeriods, evidenceCoverage, liveGoodsNames } from '../../src/shared/evidenceCoverage.js';

describe('evidence coverage of the three years before a reference date', () => {
  it('cuts the three years into six half-years ending the day before the reference date', () => {
    const periods = coveragePeriods('2026-11-27');
    expect(periods.map((p) => [p.from, p.to])).toEqual([
      ['2023-11-27', '2024-05-26'],
      ['2024-05-27', '2024-11-26'],
      ['2024-11-27', '2025-05-26'],
      ['2025-05-27', '2025-11-26'],
      ['2025-11-27', '2026-05-26'],
      ['2026-05-27', '2026-11-26'],
    ]);
    // A month end clamps rather than spilling into the next month.
    expect(coveragePeriods('2026-08-31')[1]).toEqual({ label: '2024-02-29 至 2024-08-30', from: '2024-02-29', to: '2024-08-30' });
  });

  it('marks the goods × half-years no evidence shows as gaps', () => {
    const coverage = evidenceCoverage(
      ['洗发水', '沐浴露'],
      [
        { id: 1, dateFrom: '2024-01-10', dateTo: null, goods: ['洗发水'] },
        { id: 2, dateFrom: '2025-06-01', dateTo: '2026-11-01', goods: ['洗发水', '沐浴露', '牙膏'] },
      ],
      '2026-11-27',
    );
    expect(coverage.goods.map((g) => g.cells.map((c) => c.covered))).toEqual([
      [true, false, false, true, true, true],
      [false, false, false, true, true, true],
    ]);
    expect(coverage.goods[0]!.cells[3]!.evidenceIds).toEqual([2]);
    expect(coverage.gapCount).toBe(5);
    expect(coverage.state).toBe('gaps');
  });

  it('counts nothing on or after the reference date nor before the three years', () => {
    const coverage = evidenceCoverage(
      ['洗发水'],
      [
        { id: 1, dateFrom: '2026-11-27', dateTo: '2026-12-31', goods: ['洗发水'] },
        { id: 2, dateFrom: '2020-01-01', dateTo: '2023-11-26', goods: ['洗发水'] },
      ],
      '2026-11-27',
    );
    expect(coverage.gapCount).toBe(6);
    expect(coverage.state).toBe('gaps');
  });

  it('is complete when every goods item is shown in every half-year, and none without evidence', () => {
    const evidence = [0, 1, 2, 3, 4, 5].map((k) => ({ id: k + 1, dateFrom: coveragePeriods('2026-11-27')[k]!.to, dateTo: null, goods: ['洗发水', '沐浴露'] }));
    expect(evidenceCoverage(['洗发水', '沐浴露'], evidence, '2026-11-27')).toMatchObject({ gapCount: 0, state: 'complete' });
    expect(evidenceCoverage(['洗发水'], [], '2026-11-27')).toMatchObject({ gapCount: 6, state: 'none' });
  });

  it('leaves deleted goods items out of what must be covered', () => {
    expect(liveGoodsNames([{ name: '洗发水' }, { name: '香皂', mark: 2 }, { name: '洗发水', mark: 1 }])).toEqual(['洗发水']);
  });
});
