import type { DeadlineStep, OfficialTypeCatalogEntry } from '../../generated/types.js';

export interface PreviewDates {
  deliveryMethod: '电子' | '纸质' | '公告';
  sendDate: string | null;
  receiveDate: string | null;
  receiptProven: boolean;
}

/** The deadline the form shows, by the shared engine the server uses. */
export function previewDeadline(entry: OfficialTypeCatalogEntry, dates: PreviewDates): { date: string; steps: DeadlineStep[] } | null {
  void entry;
  void dates;
  return null;
}
