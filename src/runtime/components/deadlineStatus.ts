import dayjs from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';

/** Within this many days a deadline shows in the warning colour. */
export const DEADLINE_WARNING_DAYS = 7;

export type DeadlineTone = 'overdue' | 'today' | 'soon' | 'normal';

/** The tag colour of each tone, wherever a deadline's days left are shown. */
export const DEADLINE_TAG_COLOR: Record<DeadlineTone, string> = { overdue: 'error', today: 'warning', soon: 'warning', normal: 'default' };

export interface DeadlineStatus {
  /** Days from today to the deadline; negative once it has passed. */
  days: number;
  tone: DeadlineTone;
  /** 已逾期 N 天 · 今天到期 · 剩余 N 天 */
  text: string;
}

const parse = (date: string) => dayjs(date, DATE_FORMAT, true);

export function isValidDate(date: string | null | undefined): date is string {
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && parse(date).isValid() && parse(date).format(DATE_FORMAT) === date;
}

/** How a YYYY-MM-DD deadline stands on `today` (also YYYY-MM-DD); null for no or a malformed date. */
export function deadlineStatus(deadline: string | null | undefined, today: string): DeadlineStatus | null {
  if (!isValidDate(deadline) || !isValidDate(today)) return null;
  return deadlineStatusIn(parse(deadline).diff(parse(today), 'day'));
}

/** How a deadline `days` from today stands (negative: passed). */
export function deadlineStatusIn(days: number): DeadlineStatus {
  if (days < 0) return { days, tone: 'overdue', text: `已逾期 ${-days} 天` };
  if (days === 0) return { days, tone: 'today', text: '今天到期' };
  return { days, tone: days <= DEADLINE_WARNING_DAYS ? 'soon' : 'normal', text: `剩余 ${days} 天` };
}

/** The quick choices of the handling-deadline picker, counted from `today`. */
export function handlingDeadlineChoices(today: string): { label: string; value: string }[] {
  const from = parse(today);
  return [
    { label: '一周后', value: from.add(1, 'week').format(DATE_FORMAT) },
    { label: '两周后', value: from.add(2, 'week').format(DATE_FORMAT) },
    { label: '一个月后', value: from.add(1, 'month').format(DATE_FORMAT) },
  ];
}

/** A handling deadline may be today or later, never in the past. */
export function isPastDate(date: string, today: string): boolean {
  return isValidDate(date) && isValidDate(today) && date < today;
}
