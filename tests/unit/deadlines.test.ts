import { describe, expect, it } from 'vitest';
import { createWorkCalendar } from '../../src/shared/deadlines/workCalendar.js';
import { deadlineRuleProblem, describeDeadlineRule, parseDeadlineRule } from '../../src/shared/deadlines/deadlineRule.js';
import { LetterDatesProblem, officialDeadline, type LetterDates } from '../../src/shared/deadlines/officialDeadline.js';
import { evidenceSupplementDeadline, registrationTermEnd, renewalWindow, renewedTermEnd } from '../../src/shared/deadlines/terms.js';

const calendar = createWorkCalendar();
const refusal = { electronicDelivery: '15d,15d', paperDelivery: '15d', article: '商标法第三十四条', action: '提出驳回复审' };
const answer = { electronicDelivery: '15d,30d', paperDelivery: '30d', article: '商标法实施条例第五十八条' };
const nonUse = { electronicDelivery: '15d,2m', paperDelivery: '2m', article: '商标法实施条例第六十六条' };
const paper = (receiveDate: string): LetterDates => ({ deliveryMethod: '纸质', sendDate: null, receiveDate, receiptProven: false });
const electronic = (sendDate: string, receiveDate = sendDate): LetterDates => ({ deliveryMethod: '电子', sendDate, receiveDate, receiptProven: false });

describe('deadline rules', () => {
  it('reads one or two parts and refuses anything else in Chinese', () => {
    expect(parseDeadlineRule('')).toBeNull();
    expect(parseDeadlineRule('30d')).toEqual({ presumption: null, period: { amount: 30, unit: 'd' } });
    expect(parseDeadlineRule('15d，3m')).toEqual({ presumption: { amount: 15, unit: 'd' }, period: { amount: 3, unit: 'm' } });
    expect(deadlineRuleProblem('15天')).toContain('不是“数字+单位”');
    expect(deadlineRuleProblem('1m,15d')).toContain('第一段是推定送达的天数');
    expect(deadlineRuleProblem('1d,2d,3d')).toContain('最多两段');
    expect(describeDeadlineRule('15d,30d')).toBe('发文日起满 15 日推定送达，送达后 30 日');
    expect(describeDeadlineRule('')).toBe('无答复期限');
  });
});

// Each row worked out by hand from 条例 §10 and §12 and the State Council's holiday schedule.
describe('official deadlines', () => {
  const cases: [string, Parameters<typeof officialDeadline>[0], LetterDates, string][] = [
    ['the worked example: electronic refusal sent 2024-03-01, served 03-16, 15 days end on Sunday 03-31', refusal, electronic('2024-03-01'), '2024-04-01'],
    ['春节 2026: 15 days from 01-31 end 02-15, holidays to 02-23', refusal, paper('2026-01-31'), '2026-02-24'],
    ['春节 2026: Saturday 02-28 is a make-up workday and stays', refusal, paper('2026-02-13'), '2026-02-28'],
    ['清明 2026: 30 days from 03-06 end 04-05, holidays 04-04 to 04-06', answer, paper('2026-03-06'), '2026-04-07'],
    ['劳动节 2026: 15 days from 04-16 end 05-01, holidays to 05-05', refusal, paper('2026-04-16'), '2026-05-06'],
    ['劳动节 2026: Saturday 05-09 is a make-up workday and stays', refusal, paper('2026-04-24'), '2026-05-09'],
    ['端午 2026: 30 days from 05-20 end 06-19, holidays to 06-21', answer, paper('2026-05-20'), '2026-06-22'],
    ['中秋 2026: electronic sent 08-26, served 09-10, 15 days end 09-25, holidays to 09-27', refusal, electronic('2026-08-26', '2026-08-30'), '2026-09-28'],
    ['国庆 2026: 30 days from 09-01 end 10-01, holidays to 10-07', answer, paper('2026-09-01'), '2026-10-08'],
    ['国庆 2026: Sunday 09-20 is a make-up workday and stays', refusal, paper('2026-09-05'), '2026-09-20'],
    ['month end: 2 months from 2024-12-31 end on the last day of February', nonUse, paper('2024-12-31'), '2025-02-28'],
    ['month end in a leap year: 2 months from 2023-12-31 end on 2024-02-29', nonUse, paper('2023-12-31'), '2024-02-29'],
    [
      'electronic with proven receipt counts from the receive date',
      refusal,
      { deliveryMethod: '电子', sendDate: '2025-06-01', receiveDate: '2025-06-10', receiptProven: true },
      '2025-06-25',
    ],
    [
      'public notice 2025-03-03 served 04-02, 30 days end 05-02 in 劳动节 2025',
      answer,
      { deliveryMethod: '公告', sendDate: '2025-03-03', receiveDate: '2025-03-20', receiptProven: false },
      '2025-05-06',
    ],
  ];
  it.each(cases)('%s', (_name, entry, letter, expected) => {
    expect(officialDeadline(entry, letter, calendar)?.date).toBe(expected);
  });

  it('says how the deadline was reached', () => {
    const { steps } = officialDeadline(refusal, electronic('2024-03-01', '2024-03-20'), calendar)!;
    expect(steps.map((s) => [s.kind, s.date])).toEqual([
      ['base', '2024-03-01'],
      ['presumption', '2024-03-16'],
      ['period', '2024-03-31'],
      ['shift', '2024-04-01'],
    ]);
    expect(steps[1]!.text).toContain('商标法实施条例第十条');
    expect(steps[2]!.text).toContain('商标法第三十四条');
    expect(steps[3]!.text).toContain('星期日');
  });

  it('names the holiday a deadline is moved past', () => {
    const { steps } = officialDeadline(answer, paper('2026-09-01'), calendar)!;
    expect(steps.at(-1)!.text).toContain('国庆');
  });

  it('asks for the send date an electronic letter is counted from', () => {
    expect(() => officialDeadline(refusal, { deliveryMethod: '电子', sendDate: null, receiveDate: '2025-01-02', receiptProven: false }, calendar)).toThrow(
      LetterDatesProblem,
    );
  });

  it('gives no deadline for a letter that asks no answer', () => {
    expect(officialDeadline({ electronicDelivery: '', paperDelivery: '', article: '' }, paper('2025-01-02'), calendar)).toBeNull();
  });

  it('counts the opposition period from the gazette with a zero presumption', () => {
    const gazette = { electronicDelivery: '0d,3m', paperDelivery: '0d,3m', article: '商标法第三十三条' };
    expect(officialDeadline(gazette, electronic('2025-11-27'), calendar)?.date).toBe('2026-02-27');
  });

  it('uses corrections for a year the shipped table does not know', () => {
    const letter = paper('2026-12-20');
    const unknown = officialDeadline(refusal, letter, calendar)!;
    expect(unknown.date).toBe('2027-01-04');
    const corrected = createWorkCalendar([{ day: '2027-01-04', kind: 'holiday', name: '元旦' }]);
    expect(corrected.knowsYear(2027)).toBe(true);
    expect(officialDeadline(refusal, letter, corrected)?.date).toBe('2027-01-05');
    const workday = createWorkCalendar([{ day: '2026-04-05', kind: 'workday', name: '' }]);
    expect(officialDeadline(answer, paper('2026-03-06'), workday)?.date).toBe('2026-04-05');
  });
});

describe('registration terms', () => {
  it('end on the day before the corresponding day, ten years on', () => {
    expect(registrationTermEnd('2014-05-07')).toBe('2024-05-06');
    expect(registrationTermEnd('2016-02-29')).toBe('2026-02-28');
    expect(renewedTermEnd('2024-05-06')).toBe('2034-05-06');
  });

  it('open for renewal 12 months before and allow 6 months of grace', () => {
    const window = renewalWindow('2024-05-06', calendar);
    expect(window.opens).toBe('2023-05-07');
    expect(window.graceEnds.date).toBe('2024-11-06');
    expect(renewalWindow('2026-04-01', calendar).graceEnds.date).toBe('2026-10-08');
  });

  it('start the evidence clock from our own filing', () => {
    expect(evidenceSupplementDeadline('2026-07-01', '商标法实施条例第五十九条', calendar).date).toBe('2026-10-08');
  });
});
