/** Months of grace after the exclusive-use period ends, during which a renewal may still be filed. */
export const GRACE_MONTHS = 6;

/** `YYYY-MM-DD` plus whole months, clamped to the month's last day (08-31 + 6 → 02-28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The grace-period end: 6 months after the exclusive-use end date. */
export function graceEndDate(privateEndDate: string | null | undefined): string | null {
  return privateEndDate ? addMonths(privateEndDate, GRACE_MONTHS) : null;
}

/** `YYYY-MM-DD` plus whole days (negative: earlier). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`): positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today's date in China (UTC+8, no daylight saving): the day the register's dates and the product's users count in. */
export function chinaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
