import { sql, type Kysely } from 'kysely';
import type { Database } from './tables.js';
import type { DatabaseKind } from './connect.js';

/** What the database counts of one table since it was last vacuumed and analysed. */
export interface TableActivity {
  table: string;
  /** The planner's row count as of the last vacuum or analyse; -1 when never analysed. */
  reltuples: number;
  modifiedSinceAnalyze: number;
  deadRows: number;
  insertedSinceVacuum: number;
}

export type Upkeep = 'vacuum' | 'analyze' | null;

/** What one pass did to one table. */
export interface UpkeepDone {
  table: string;
  upkeep: Exclude<Upkeep, null>;
}

/**
 * What a table needs, by PostgreSQL's own autovacuum thresholds at their defaults: vacuum (with
 * analyse) when its dead rows pass 50 + 20 % of its rows, or the rows inserted since its last vacuum
 * pass 1,000 + 20 % (so index-only scans find the new pages all-visible); analyse when the rows changed
 * since its last analyse pass 50 + 10 %.
 */
export function upkeepDue(activity: TableActivity): Upkeep {
  const rows = Math.max(0, activity.reltuples);
  if (activity.deadRows > 50 + 0.2 * rows || activity.insertedSinceVacuum > 1000 + 0.2 * rows) return 'vacuum';
  if (activity.modifiedSinceAnalyze > 50 + 0.1 * rows) return 'analyze';
  return null;
}

/** The activity counters of the project's tables. */
export async function tableActivity(db: Kysely<Database>): Promise<TableActivity[]> {
  const { rows } = await sql<{ table: string; reltuples: number; modified: string; dead: string; inserted: string }>`
    select s.relname as "table", c.reltuples::float8 as reltuples, s.n_mod_since_analyze as modified, s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
    order by s.relname
  `.execute(db);
  return rows.map((r) => ({
    table: r.table,
    reltuples: Number(r.reltuples),
    modifiedSinceAnalyze: Number(r.modified),
    deadRows: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
  }));
}

/**
 * Whether the database keeps its tables' statistics itself. PGlite runs no autovacuum (it is one
 * process with no background workers, though its setting says on); PostgreSQL does unless its
 * administrator turned autovacuum or the activity counters off.
 */
export async function keepsOwnStatistics(db: Kysely<Database>, kind: DatabaseKind): Promise<boolean> {
  if (kind === 'pglite') return false;
  const { rows } = await sql<{ on: boolean }>`select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as "on"`.execute(db);
  return rows[0]?.on === true;
}

/**
 * Vacuums or analyses, one after the other, the tables whose counters say they need it (`upkeepDue`).
 * Without it a database that does not do this itself plans on statistics from when a table was small
 * or empty: with 180,000 tags and none analysed, the archive's first page read the tag index
 * of the whole organisation for each of its rows (44 ms instead of 3 ms). Returns what it did.
 */
export async function runStatisticsUpkeep(db: Kysely<Database>): Promise<UpkeepDone[]> {
  const done: UpkeepDone[] = [];
  for (const activity of await tableActivity(db)) {
    const upkeep = upkeepDue(activity);
    if (!upkeep) continue;
    // Outside any transaction: VACUUM may not run in one.
    await (upkeep === 'vacuum' ? sql`vacuum (analyze) ${sql.table(activity.table)}` : sql`analyze ${sql.table(activity.table)}`).execute(db);
    done.push({ table: activity.table, upkeep });
  }
  return done;
}
