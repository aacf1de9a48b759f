import type { DeadlineStep } from '../../generated/types.js';
import { periodEnd, periodText, type Period } from './deadlineRule.js';
import type { WorkCalendar } from './workCalendar.js';

/** A deadline and how it was reached, step by step, for the page to show and the server to keep. */
export interface CountedDeadline {
  date: string;
  steps: DeadlineStep[];
}

const SHIFT_ARTICLE = '商标法实施条例第十二条';

/**
 * The step that moves a period's last day off a weekend or public holiday to the next working day
 * (official make-up workdays count as working days); null when the day is a working day.
 */
export function holidayShift(end: string, calendar: WorkCalendar): DeadlineStep | null {
  const shifted = calendar.firstWorkingDayFrom(end);
  if (shifted === end) return null;
  const why = calendar.day(end).name || '休息日';
  const unknownYear = calendar.knowsYear(Number(end.slice(0, 4))) ? '' : `（${end.slice(0, 4)} 年的节假日安排尚未录入，仅按周末计）`;
  return { kind: 'shift', date: shifted, text: `${end} 是${why}，期限届满日顺延至其后第一个工作日 ${shifted}（${SHIFT_ARTICLE}）${unknownYear}` };
}

/**
 * A period counted from `start` to its last day, moved to a working day: the steps after the base.
 * `periodWords` says what the period is (送达后、提交答辩后…), `article` where it comes from.
 */
export function countPeriod(start: string, period: Period, calendar: WorkCalendar, periodWords: string, article: string): CountedDeadline {
  const end = periodEnd(start, period);
  const steps: DeadlineStep[] = [
    { kind: 'period', date: end, text: `${periodWords} ${periodText(period)}届满，起算当日不计${article ? `（${article}）` : ''}` },
  ];
  const shift = holidayShift(end, calendar);
  if (shift) steps.push(shift);
  return { date: shift?.date ?? end, steps };
}
