import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { BrandArchiveQuery } from '../../generated/types.js';
import { addDays, addMonths, chinaToday, GRACE_MONTHS } from '../../shared/trademarkDates.js';
import { DEFAULT_ARCHIVE_SETTINGS } from './archiveSettings.js';

/** The archive's two reminders: exclusive use ending soon, and ended but still renewable. */
export type Expiry = NonNullable<BrandArchiveQuery['expiry']>;

/** Each reminder as the archive's filter bar names it. */
export const EXPIRY_LABELS: Record<Expiry, string> = { expiring: '即将到期', grace: '宽展期内' };

/** Dates of exclusive-use end, both days included. */
export interface EndDateRange {
  from: string;
  to: string;
}

export interface ExpiryWindow {
  today: string;
  /** How far ahead "expiring" looks: the organisation's archive setting. */
  months: number;
  ranges: Record<Expiry, EndDateRange>;
}

/**
 * Which exclusive-use end dates each reminder covers as of `today`: expiring, from today to `months`
 * ahead; in grace, ended before today but within the grace period (spec 000 §3), so renewal is still open.
 */
export function expiryWindow(today: string, months: number): ExpiryWindow {
  return {
    today,
    months,
    ranges: {
      expiring: { from: today, to: addMonths(today, months) },
      grace: { from: addMonths(today, -GRACE_MONTHS), to: addDays(today, -1) },
    },
  };
}

/**
 * The window of the organisation the transaction is scoped to (its archive setting's months), as of
 * today in China.
 */
export async function readExpiryWindow(db: Kysely<Database>, now: Date = new Date()): Promise<ExpiryWindow> {
  const row = await db.selectFrom('archive_settings').select('expiry_reminder_months').executeTakeFirst();
  return expiryWindow(chinaToday(now), row?.expiry_reminder_months ?? DEFAULT_ARCHIVE_SETTINGS.expiryReminderMonths);
}
