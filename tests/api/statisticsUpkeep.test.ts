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

/** Writes `count` messages in one transaction on one connection, which reports its counters to the statistics when it goes idle. */
async function writeMessages(db: Kysely<Database>, count: number): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'org_id']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('messages')
      .values(Array.from({ length: count }, (_, i) => ({ org_id: user.org_id, user_id: user.id, title: `统计信息测试 ${i}` })))
      .execute();
    await sql`select pg_stat_force_next_flush()`.execute(trx);
  });
}

/** The messages table's counters, once they pass `test` (the statistics take a moment to show a transaction's writes). */
async function messagesActivity(db: Kysely<Database>, test: (activity: TableActivity) => boolean): Promise<TableActivity> {
  for (let i = 0; i < 200; i++) {
    const activity = (await tableActivity(db)).find((t) => t.table === 'messages');
    if (activity && test(activity)) return activity;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('messages 表的计数没有变化');
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
    // The demo data was written and never analysed; a few rows are below any threshold, so the table is settled by hand.
    await runStatisticsUpkeep(db);
    await sql`analyze messages`.execute(db);
    const before = await messagesActivity(db, () => true);
    expect(before.modifiedSinceAnalyze).toBe(0);

    await writeMessages(db, 60 + Math.ceil(0.1 * Math.max(0, before.reltuples)));
    const changed = await messagesActivity(db, (a) => a.modifiedSinceAnalyze > before.modifiedSinceAnalyze);
    let done = await runStatisticsUpkeep(db);
    expect(done).toContainEqual({ table: 'messages', upkeep: 'analyze' });
    const analysed = await messagesActivity(db, () => true);
    expect(analysed.modifiedSinceAnalyze).toBe(0);
    expect(analysed.reltuples).toBeGreaterThanOrEqual(changed.modifiedSinceAnalyze);

    await writeMessages(db, 1_100 + Math.ceil(0.2 * analysed.reltuples));
    await messagesActivity(db, (a) => a.insertedSinceVacuum > 1_000);
    done = await runStatisticsUpkeep(db);
    expect(done).toContainEqual({ table: 'messages', upkeep: 'vacuum' });
    const vacuumed = await messagesActivity(db, () => true);
    expect(vacuumed).toMatchObject({ insertedSinceVacuum: 0, modifiedSinceAnalyze: 0 });

    expect(await runStatisticsUpkeep(db)).not.toContainEqual(expect.objectContaining({ table: 'messages' }));
  });

  it.runIf(dbKind === 'pglite')('runs in the server on PGlite, which keeps no statistics itself', async () => {
    server = await startTestServer({ statisticsUpkeepMs: 50 });
    const db = server.database.db;
    await writeMessages(db, 2_000);
    // The server's own pass vacuums and analyses the table: the planner then knows its rows.
    const activity = await messagesActivity(db, (a) => a.reltuples >= 2_000);
    expect(activity.insertedSinceVacuum).toBeLessThan(2_000);
  });
});
