import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/** The kinds of text the archive looks up (migrations 0025–0027: `archive_text_query`), by their id function. */
export const TEXT_KINDS = {
  archive_ids_name_contains: 'name',
  archive_ids_applicant_contains: 'applicant',
  archive_ids_keyword: 'keyword',
  archive_ids_app_no_contains: 'app_no',
  archive_ids_reg_no_contains: 'reg_no',
} as const;

export type IdFunction = keyof typeof TEXT_KINDS;

/** The planner's estimates for a text: how many marks contain it, and how many the organisation has. */
export interface TextEstimate {
  matches: number;
  marks: number;
}

/**
 * When a text is common enough to read a page in sort order, checking each mark's text, rather than
 * looking up every match first. Looking up reads and sorts every match (about 20 µs each at half a million
 * marks); reading in sort order reads about `marks / matches` marks for each row of the page and the ones
 * before it. The estimates can be several times off, so the rule keeps well inside both: only texts the
 * planner expects in at least `denseMatches` marks, and only while the read stays under `readBudget` marks.
 */
export interface TextPlanLimits {
  denseMatches: number;
  readBudget: number;
}

export const TEXT_PLAN_LIMITS: TextPlanLimits = { denseMatches: 10_000, readBudget: 20_000 };

/** Whether a page that needs `rowsNeeded` matches (its offset and its size) is read in sort order. */
export function readsInSortOrder(estimate: TextEstimate, rowsNeeded: number, limits: TextPlanLimits = TEXT_PLAN_LIMITS): boolean {
  if (estimate.matches < limits.denseMatches || estimate.matches <= 0) return false;
  return (rowsNeeded * estimate.marks) / estimate.matches <= limits.readBudget;
}

/** The estimates' statement, in the transaction's organisation (only the planner works: nothing is read). */
export function textEstimateQuery(db: Kysely<Database>, fn: IdFunction, needle: string): CompiledQuery<{ estimate: number[] }> {
  return sql<{ estimate: number[] }>`select archive_text_estimate(${TEXT_KINDS[fn]}, ${needle}) as estimate`.compile(db);
}

export async function estimateText(db: Kysely<Database>, statement: CompiledQuery<{ estimate: number[] }>): Promise<TextEstimate> {
  const [matches = 0, marks = 0] = (await db.executeQuery(statement)).rows[0]?.estimate ?? [];
  return { matches: Number(matches), marks: Number(marks) };
}

/** How many marks contain the text, counted up to `cap`, as a value of one statement (evaluated once). */
export const cappedTextCount = (fn: IdFunction, needle: unknown, cap: number) => sql<number>`(select archive_text_count(${TEXT_KINDS[fn]}, ${needle}, ${cap}))`;
