import { describe, expect, it } from 'vitest';
import { caseStagesOption, deadlinesOption, feesOption } from '../../src/widgets/reports/chartOptions.js';
import { comingMonths } from '../../src/server/reports/reportReads.js';

type Series = { name: string; data: number[]; stack?: string }[];
const seriesOf = (option: Record<string, unknown>) => option.series as Series;

describe('report charts', () => {
  it('draws fees one series per currency, never adding currencies together', () => {
    const total = (label: string, currency: string, amount: number) => ({
      key: label,
      label,
      currency,
      count: 1,
      total: amount,
      received: 0,
      outstanding: amount,
      overdue: 0,
    });
    const option = feesOption([total('甲公司', 'CNY', 100), total('甲公司', 'USD', 20), total('乙公司', 'CNY', 50)]);
    expect(seriesOf(option).map((s) => [s.name, s.data])).toEqual([
      ['应收合计（CNY）', [100, 50]],
      ['应收合计（USD）', [20, 0]],
    ]);
    expect(seriesOf(feesOption([total('甲', 'CNY', 1), total('乙', 'CNY', 2), total('丙', 'CNY', 3)], 2))[0]!.data).toEqual([1, 2]);
  });

  it('leaves out the deadlines a role may not see, and stacks case stages by title under each type', () => {
    const months = [
      { month: '2026-11', label: '2026 年 11 月', letters: null, cases: 2 },
      { month: '2026-12', label: '2026 年 12 月', letters: null, cases: 0 },
    ];
    expect(seriesOf(deadlinesOption(months)).map((s) => s.name)).toEqual(['案件期限']);
    const types = [
      { key: 'renewal', label: '续展', count: 3 },
      { key: 'transfer', label: '转让', count: 1 },
    ];
    const stages = [
      { caseType: 'renewal', typeTitle: '续展', stage: 'prepare', stageTitle: '准备材料', count: 2 },
      { caseType: 'renewal', typeTitle: '续展', stage: 'filed', stageTitle: '已递交', count: 1 },
      { caseType: 'transfer', typeTitle: '转让', stage: 'prepare', stageTitle: '准备材料', count: 1 },
    ];
    expect(seriesOf(caseStagesOption(types, stages)).map((s) => [s.name, s.data])).toEqual([
      ['准备材料', [2, 1]],
      ['已递交', [1, 0]],
    ]);
  });

  it('counts the coming twelve months from today to the end of the eleventh month after this one', () => {
    expect(comingMonths('2026-11-27')).toEqual({
      months: ['2026-11', '2026-12', '2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06', '2027-07', '2027-08', '2027-09', '2027-10'],
      from: '2026-11-27',
      to: '2027-10-31',
    });
    expect(comingMonths('2027-01-31').to).toBe('2027-12-31');
  });
});
