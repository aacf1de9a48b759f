import type { DeadlineStep, OfficialTypeCatalogEntry } from '../../generated/types.js';
import { LetterDatesProblem, officialDeadline, type DeliveryMethod } from '../../shared/deadlines/officialDeadline.js';
import type { WorkCalendar } from '../../shared/deadlines/workCalendar.js';

export interface PreviewDates {
  deliveryMethod: DeliveryMethod;
  sendDate: string | null;
  receiveDate: string | null;
  receiptProven: boolean;
}

/** What the form shows: the deadline and its steps, or why the dates do not give one yet. */
export type DeadlinePreview = { date: string; steps: DeadlineStep[] } | { problem: string } | null;

/**
 * The deadline the form shows, by the engine the server counts with, on the same calendar: the
 * shipped holiday table with the platform's corrections (`useWorkCalendar`).
 */
export function previewDeadline(entry: OfficialTypeCatalogEntry, dates: PreviewDates, calendar: WorkCalendar): DeadlinePreview {
  if (!dates.receiveDate) return { problem: '请填写收文日期' };
  try {
    return officialDeadline(entry, { ...dates, receiveDate: dates.receiveDate }, calendar);
  } catch (err) {
    if (err instanceof LetterDatesProblem) return { problem: err.message };
    throw err;
  }
}
