import type { Kysely } from 'kysely';
import type { Database } from '../../generated/tables.js';
import { createWorkCalendar, type WorkCalendar } from '../../shared/deadlines/workCalendar.js';

/** How long another process's change to the corrections may go unseen here. */
const REREAD_MS = 60_000;

let cached: { calendar: WorkCalendar; readAt: number } | undefined;

/**
 * The working-day calendar deadlines are counted on: the shipped holiday table with the platform's
 * corrections (table calendar_days), read once a minute at most.
 */
export async function workCalendar(db: Kysely<Database>): Promise<WorkCalendar> {
  if (cached && Date.now() - cached.readAt < REREAD_MS) return cached.calendar;
  const rows = await db.selectFrom('calendar_days').select(['day', 'kind', 'name']).orderBy('day').execute();
  cached = { calendar: createWorkCalendar(rows), readAt: Date.now() };
  return cached.calendar;
}

/** Forgets the calendar read, after the corrections changed in this process. */
export function forgetWorkCalendar(): void {
  cached = undefined;
}
