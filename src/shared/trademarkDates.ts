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
