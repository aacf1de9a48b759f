import { addDays, addMonths } from '../trademarkDates.js';

/** d days, m months, y years. */
export type PeriodUnit = 'd' | 'm' | 'y';

export interface Period {
  amount: number;
  unit: PeriodUnit;
}

/**
 * A catalogue rule: the period that runs once the letter is served, and, when the rule says so,
 * how many days after its send date a letter is presumed served (the first of two parts).
 */
export interface DeadlineRule {
  presumption: Period | null;
  period: Period;
}

const PART = /^(\d{1,3})([dmy])$/;
const UNIT_TEXT: Record<PeriodUnit, string> = { d: '日', m: '个月', y: '年' };

/** Why a rule text cannot be read, in words an administrator acts on; null when it reads. */
export function deadlineRuleProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = trimmed.split(/[,，]/).map((p) => p.trim());
  if (parts.length > 2) return `期限规则“${trimmed}”最多两段（推定送达天数,期间），用逗号分隔`;
  for (const part of parts) {
    if (!PART.test(part)) return `期限规则“${trimmed}”中的“${part}”不是“数字+单位”（d 日、m 月、y 年），例如 15d 或 3m`;
  }
  if (parts.length === 2 && !parts[0]!.endsWith('d')) return `期限规则“${trimmed}”的第一段是推定送达的天数，须以 d 结尾，例如 15d,30d`;
  return null;
}

/** The rule a catalogue text states; null for an empty text (the letter asks no answer). Throws on a text `deadlineRuleProblem` refuses. */
export function parseDeadlineRule(text: string): DeadlineRule | null {
  const problem = deadlineRuleProblem(text);
  if (problem) throw new Error(problem);
  const parts = text
    .trim()
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map(readPart);
  if (parts.length === 0) return null;
  return parts.length === 2 ? { presumption: parts[0]!, period: parts[1]! } : { presumption: null, period: parts[0]! };
}

function readPart(part: string): Period {
  const [, amount, unit] = PART.exec(part)!;
  return { amount: Number(amount), unit: unit as PeriodUnit };
}

/** 15 日, 3 个月, 10 年. */
export function periodText(period: Period): string {
  return `${period.amount} ${UNIT_TEXT[period.unit]}`;
}

/** A rule in words, as the catalogue editor shows it. */
export function describeDeadlineRule(text: string): string {
  const rule = parseDeadlineRule(text);
  if (!rule) return '无答复期限';
  return rule.presumption ? `发文日起满 ${periodText(rule.presumption)}推定送达，送达后 ${periodText(rule.period)}` : `送达后 ${periodText(rule.period)}`;
}

/**
 * The day a period ends (商标法实施条例 §12 ¶1): the start day is not counted, so n days after `start`
 * is start + n; a period of months or years ends on the same-numbered day of its last month, or on
 * that month's last day when it has none. Working days are not considered here.
 */
export function periodEnd(start: string, period: Period): string {
  if (period.unit === 'd') return addDays(start, period.amount);
  return addMonths(start, period.unit === 'm' ? period.amount : period.amount * 12);
}

/**
 * The last day of a registration term (§12 ¶2): the day before the corresponding day of the last
 * month; when that month has no corresponding day (a term from 29 February), its last day.
 */
export function termEnd(start: string, period: Period): string {
  const corresponding = periodEnd(start, period);
  const clamped = period.unit !== 'd' && corresponding.slice(8) !== start.slice(8);
  return clamped ? corresponding : addDays(corresponding, -1);
}
