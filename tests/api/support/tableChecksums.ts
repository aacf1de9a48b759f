import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/tables.js';

/** Per table of the database: its row count and a checksum of its rows, to tell whether a call changed anything. */
export type TableChecksums = ReadonlyMap<string, string>;

/** Reads every table's checksum in one statement; `except` are tables left out. */
export async function tableChecksums(db: Kysely<Database>, except: readonly string[]): Promise<TableChecksums> {
  const tables = (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db)).rows
    .map((r) => r.name)
    .filter((name) => !except.includes(name));
  const parts = tables.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as sum from ${sql.table(name)} t`,
  );
  const rows = (await sql<{ name: string; sum: string }>`${sql.join(parts, sql` union all `)}`.execute(db)).rows;
  return new Map(rows.map((r) => [r.name, r.sum]));
}

/**
 * Reads the checksums again only when some transaction has written since the last reading: every write
 * takes a transaction id, so when the next id handed out follows the one taken at the last reading,
 * nothing can have changed (a rolled-back write still takes one, and is then checked in full).
 */
export function checksumWatch(db: Kysely<Database>, except: readonly string[]): () => Promise<TableChecksums> {
  let last: { xid: bigint; sums: TableChecksums } | undefined;
  const nextXid = async () => BigInt((await sql<{ id: string }>`select pg_current_xact_id()::text as id`.execute(db)).rows[0]!.id);
  return async () => {
    const xid = await nextXid();
    if (last && xid === last.xid + 1n) {
      last = { xid, sums: last.sums };
      return last.sums;
    }
    // The id taken before reading: a write that lands while the sums are read shows at the next call.
    const sums = await tableChecksums(db, except);
    last = { xid, sums };
    return sums;
  };
}

/** The tables whose checksum differs. */
export function changedTables(before: TableChecksums, after: TableChecksums): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

/** Whether some row of the table holds `text` (as it prints, so in a text column and in JSON alike). */
export async function tableHolds(db: Kysely<Database>, table: string, text: string): Promise<boolean> {
  const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} t where strpos(t::text, ${text}) > 0`.execute(db);
  return row.rows[0]!.n > 0;
}
