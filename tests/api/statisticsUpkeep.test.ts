import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables.js';
import { keepsOwnStatistics, runStatisticsUpkeep, tableActivity, type TableActivity } from '../../src/server/db/statisticsUpkeep.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

/**
 * A table of the test's own: no seed, reminder or other connection writes to it, so its counters
 * move only with what the test writes (the seed's late-reported writes to a shared table made
 * counts drift on a busy machine).
 */
const PROBE = 'upkeep_probe';

async function createProbe(db: Kysely<Database>): Promise<void> {
  await sql`create table ${sql.table(PROBE)} (id serial primary key, title text not null)`.execute(db);
}

/** Writes `count` rows in one transaction on one connection, which reports its counters to the statistics when it goes idle. */
async function writeRows(db: Kysely<Database>, count: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`insert into ${sql.table(PROBE)} (title) select '统计信息测试 ' || n from generate_series(1, ${count}) as n`.execute(trx);
    await sql`select pg_stat_force_next_flush()`.execute(trx);
  });
}

/** The probe table's counters, once they pass `test` (the statistics take a moment to show a transaction's writes). */
async function probeActivity(db: Kysely<Database>, test: (activity: TableActivity) => boolean): Promise<TableActivity> {
  for (let i = 0; i < 200; i++) {
    const activity = (await tableActivity(db)).find((t) => t.table === PROBE);
    if (activity && test(activity)) return activity;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${PROBE} 表的计数没有变化`);
}

describe.skipIf(skipThisDatabase)(`statistics upkeep (${dbKind})`, () => {
  it('knows whether the database keeps its statistics itself', async () => {
    server = await startTestServer();
    const db = server.database.db;
    if (dbKind === 'pglite') {
      expect(await keepsOwnStatistics(db, 'pglite')).toBe(false);
      return;
    }
    const { rows } = await sql<{
      autovacuum: string;
      track_counts: string;
    }>`select current_setting('autovacuum') as autovacuum, current_setting('track_counts') as track_counts`.execute(db);
    expect(await keepsOwnStatistics(db, 'postgres')).toBe(rows[0]!.autovacuum === 'on' && rows[0]!.track_counts === 'on');
  });

  it('analyses a table with many changed rows and vacuums one with many inserted rows, and then leaves both alone', async () => {
    server = await startTestServer();
    const db = server.database.db;
    // The demo data was written and never analysed: settled first, so only the probe has work.
    await runStatisticsUpkeep(db);
    await createProbe(db);
    await sql`analyze ${sql.table(PROBE)}`.execute(db);
    const before = await probeActivity(db, () => true);
    expect(before.modifiedSinceAnalyze).toBe(0);

    await writeRows(db, 60 + Math.ceil(0.1 * Math.max(0, before.reltuples)));
    const changed = await probeActivity(db, (a) => a.modifiedSinceAnalyze > before.modifiedSinceAnalyze);
    let done = await runStatisticsUpkeep(db);
    expect(done).toContainEqual({ table: PROBE, upkeep: 'analyze' });
    const analysed = await probeActivity(db, () => true);
    expect(analysed.modifiedSinceAnalyze).toBe(0);
    expect(analysed.reltuples).toBeGreaterThanOrEqual(changed.modifiedSinceAnalyze);

    await writeRows(db, 1_100 + Math.ceil(0.2 * analysed.reltuples));
    await probeActivity(db, (a) => a.insertedSinceVacuum > 1_000);
    done = await runStatisticsUpkeep(db);
    expect(done).toContainEqual({ table: PROBE, upkeep: 'vacuum' });
    const vacuumed = await probeActivity(db, () => true);
    expect(vacuumed).toMatchObject({ insertedSinceVacuum: 0, modifiedSinceAnalyze: 0 });

    expect(await runStatisticsUpkeep(db)).not.toContainEqual(expect.objectContaining({ table: PROBE }));
  });

  it.runIf(dbKind === 'pglite')('runs in the server on PGlite, which keeps no statistics itself', async () => {
    server = await startTestServer({ statisticsUpkeepMs: 50 });
    const db = server.database.db;
    await createProbe(db);
    await writeRows(db, 2_000);
    // The server's own pass vacuums and analyses the table: the planner then knows its rows.
    const activity = await probeActivity(db, (a) => a.reltuples >= 2_000);
    expect(activity.insertedSinceVacuum).toBeLessThan(2_000);
  });
});
