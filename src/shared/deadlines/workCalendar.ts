import chineseDays from 'chinese-days';
import { addDays } from '../trademarkDates.js';

/** A working-day correction kept by the product: a public holiday or an official make-up workday (调休上班). */
export interface CalendarCorrection {
  day: string;
  kind: 'holiday' | 'workday';
  name: string;
}

/** What a day is for counting deadlines. */
export interface CalendarDay {
  working: boolean;
  /** The holiday's or make-up day's name, 星期六 / 星期日 for a weekend, '' for an ordinary weekday. */
  name: string;
}

export interface WorkCalendar {
  day(date: string): CalendarDay;
  /** `date` itself when it is a working day, else the first working day after it. */
  firstWorkingDayFrom(date: string): string;
  /** Whether the shipped holiday table or a correction covers the year: a deadline in an unknown year may move when its holidays are announced. */
  knowsYear(year: number): boolean;
  /** The years the shipped holiday table covers. */
  shippedYears: { first: number; last: number };
}

const WEEKEND = ['星期日', '', '', '', '', '', '星期六'];

/** The shipped table's name for a day, in Chinese: "Spring Festival,春节,4" → 春节. */
function shippedName(name: string): string {
  const parts = name.split(',');
  return parts.length >= 2 ? parts[1]! : name;
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

let shippedRange: { first: number; last: number } | undefined;

/** The years the chinese-days package has the State Council's schedule for. */
function shippedYearRange(): { first: number; last: number } {
  if (!shippedRange) {
    let last = new Date().getUTCFullYear() + 3;
    while (last > 2000 && chineseDays.getHolidaysInRange(`${last}-01-01`, `${last}-12-31`, false).length === 0) last -= 1;
    shippedRange = { first: 2004, last };
  }
  return shippedRange;
}

/**
 * The calendar deadlines are counted on: the State Council's holidays and make-up workdays as the
 * chinese-days package ships them, overridden day by day by the corrections (for years the package
 * does not know yet, or a schedule changed after it was published); otherwise Monday to Friday.
 */
export function createWorkCalendar(corrections: readonly CalendarCorrection[] = []): WorkCalendar {
  const corrected = new Map(corrections.map((c) => [c.day, c]));
  const correctedYears = new Set(corrections.map((c) => Number(c.day.slice(0, 4))));
  const shippedYears = shippedYearRange();
  const day = (date: string): CalendarDay => {
    const correction = corrected.get(date);
    if (correction) return { working: correction.kind === 'workday', name: correction.name || (correction.kind === 'workday' ? '调休上班' : '节假日') };
    const year = Number(date.slice(0, 4));
    if (year >= shippedYears.first && year <= shippedYears.last) {
      const detail = chineseDays.getDayDetail(date);
      const isWeekend = weekday(date) === 0 || weekday(date) === 6;
      if (detail.work) return { working: true, name: isWeekend ? `${shippedName(detail.name)}调休上班` : '' };
      return { working: false, name: detail.name.includes(',') ? shippedName(detail.name) : WEEKEND[weekday(date)]! };
    }
    const w = weekday(date);
    return w === 0 || w === 6 ? { working: false, name: WEEKEND[w]! } : { working: true, name: '' };
  };
  return {
    day,
    firstWorkingDayFrom(date) {
      let current = date;
      for (let i = 0; i < 60 && !day(current).working; i += 1) current = addDays(current, 1);
      return current;
    },
    knowsYear: (year) => (year >= shippedYears.first && year <= shippedYears.last) || correctedYears.has(year),
    shippedYears,
  };
}
