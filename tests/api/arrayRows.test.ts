import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/tables.js';
import { prepareOnEachConnection } from '../../src/server/db/preparedStatements.js';
import { createIsolatedDatabase, dbKind, skipThisDatabase } from './support/testServer.js';

/** On PostgreSQL the server reads rows as arrays and builds the objects itself (src/server/db/arrayRows.ts): the rows must be what pg gives. */
describe.skipIf(skipThisDatabase || dbKind !== 'postgres')('rows built from arrays (postgres)', () => {
  let isolated: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let plain: pg.Client;
  const statement = `select 1::int as id, 'a'::text as name, null::text as empty, '2026-01-02'::date as day,
    '{"k": [1, 2]}'::jsonb as doc, array[1, 2]::int[] as list, 2::int as id`;

  beforeAll(async () => {
    isolated = await createIsolatedDatabase();
    handle = await connectDatabase({ dataDir: 'memory://', databaseUrl: isolated.url });
    db = handle.db;
    plain = new pg.Client({ connectionString: isolated.url });
    await plain.connect();
  });
  afterAll(async () => {
    await plain?.end();
    await handle?.close();
    await isolated?.drop();
  });

  it('gives the same rows as pg: every column, a later column of the same name winning, values parsed', async () => {
    const built = (await sql.raw(statement).execute(db)).rows;
    const fromPg = (await plain.query(statement)).rows;
    // The server keeps dates as text; pg's own reader makes them Date objects.
    expect(built).toEqual(fromPg.map((row) => ({ ...row, day: '2026-01-02' })));
    expect(Object.keys(built[0]!)).toEqual(['id', 'name', 'empty', 'day', 'doc', 'list']);
    expect(built[0]).toMatchObject({ id: 2, doc: { k: [1, 2] }, list: [1, 2] });
  });

  it('builds rows for bound values, named statements and writes alike', async () => {
    const query = 'select $1::int + 1 as next, $2::text as label';
    prepareOnEachConnection(query);
    // Named and prepared on first use, bound again afterwards: both answers are built the same way.
    for (const n of [1, 2]) {
      const { rows } = await db.executeQuery(CompiledQuery.raw(query, [n, `第${n}次`]));
      expect(rows).toEqual([{ next: n + 1, label: `第${n}次` }]);
    }
    const inserted = await db.transaction().execute(async (trx) => {
      await sql`create temporary table t (id serial primary key, v text) on commit drop`.execute(trx);
      return sql<{ id: number; v: string }>`insert into t (v) values ('甲'), ('乙') returning id, v`.execute(trx);
    });
    expect(inserted.rows).toEqual([
      { id: 1, v: '甲' },
      { id: 2, v: '乙' },
    ]);
  });
});
