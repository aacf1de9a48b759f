import { addDays, addMonths } from '../trademarkDates.js';
import { countPeriod, holidayShift, type CountedDeadline } from './countedDeadline.js';
import { termEnd } from './deadlineRule.js';
import type { WorkCalendar } from './workCalendar.js';

/** The last day of a registration's 10-year term from its registration date, or of a renewed term from the day after the old one ends (商标法 §39, §40; 条例 §12 ¶2). */
export function registrationTermEnd(start: string, years = 10): string {
  return termEnd(start, { amount: years, unit: 'y' });
}

/** The term that follows a renewal: from the day after `oldEnd`, 10 years. */
export function renewedTermEnd(oldEnd: string): string {
  return registrationTermEnd(addDays(oldEnd, 1));
}

/** When a renewal may be filed: from 12 months before the term ends, and within the 6-month grace after it (商标法 §40). */
export interface RenewalWindow {
  opens: string;
  termEnds: string;
  graceEnds: CountedDeadline;
}

export function renewalWindow(termEnds: string, calendar: WorkCalendar): RenewalWindow {
  const graceEnd = addMonths(termEnds, 6);
  const steps: CountedDeadline['steps'] = [
    { kind: 'base', date: termEnds, text: `注册商标有效期满 ${termEnds}` },
    { kind: 'period', date: graceEnd, text: `期满后 6 个月宽展期届满（商标法第四十条）` },
  ];
  const shift = holidayShift(graceEnd, calendar);
  if (shift) steps.push(shift);
  return { opens: addDays(addMonths(termEnds, -12), 1), termEnds, graceEnds: { date: shift?.date ?? graceEnd, steps } };
}

/**
 * The clock our own filing starts: evidence may be supplemented within 3 months of filing an
 * opposition answer (条例 §27) or a review request or answer (条例 §59).
 */
export function evidenceSupplementDeadline(
  filedOn: string,
  article: '商标法实施条例第二十七条' | '商标法实施条例第五十九条',
  calendar: WorkCalendar,
): CountedDeadline {
  const counted = countPeriod(filedOn, { amount: 3, unit: 'm' }, calendar, '递交后补充证据的期限', article);
  return { date: counted.date, steps: [{ kind: 'base', date: filedOn, text: `递交日 ${filedOn}` }, ...counted.steps] };
}
