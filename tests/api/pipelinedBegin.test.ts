import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { connectDatabase, wrapPoolClient, type DatabaseHandle } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/tables.js';
import { prepareOnEachConnection } from '../../src/server/db/preparedStatements.js';
import { createIsolatedDatabase, dbKind, skipThisDatabase } from './support/testServer.js';

const REGISTERED = `select $1::text as token, current_setting('transaction_read_only') as read_only, set_config('app.pipelined', $1, true) as bound`;

/**
 * What a client writes and reads, in order: each protocol message by its type ('Q' a simple query; 'P', 'B', 'D',
 * 'E', 'S' the parts of an extended one), 'sent' when the socket hands what it has gathered to the system, '<' an answer read.
 */
function watchWire(client: pg.PoolClient): string[] {
  type Socket = NodeJS.ReadableStream & {
    write: (chunk: Buffer, ...rest: unknown[]) => boolean;
    _write: (...args: unknown[]) => void;
    _writev?: (...args: unknown[]) => void;
  };
  const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  const events: string[] = [];
  const write = stream.write.bind(stream);
  stream.write = (chunk, ...rest) => {
    events.push(String.fromCharCode(chunk[0]!));
    return write(chunk, ...rest);
  };
  for (const method of ['_write', '_writev'] as const) {
    const original = stream[method]?.bind(stream);
    if (original)
      stream[method] = (...args: unknown[]) => {
        events.push('sent');
        original(...args);
      };
  }
  stream.on('data', () => events.push('<'));
  return events;
}

/** The events before the first answer. */
const beforeFirstAnswer = (events: string[]) => events.slice(0, events.indexOf('<'));

/** A transaction's BEGIN is written together with the registered read after it (src/server/db/pipelinedBegin.ts). */
describe.skipIf(skipThisDatabase || dbKind !== 'postgres')('BEGIN pipelined with the first read (postgres)', () => {
  let isolated: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let pool: pg.Pool;

  beforeAll(async () => {
    isolated = await createIsolatedDatabase();
    prepareOnEachConnection(REGISTERED);
    handle = await connectDatabase({ dataDir: 'memory://', databaseUrl: isolated.url });
    db = handle.db;
    // A pool made as the server makes its own, seen from below Kysely so the wire can be watched.
    pool = new pg.Pool({ connectionString: isolated.url, max: 1, pipeline: true });
    pool.on('connect', wrapPoolClient);
  });
  afterAll(async () => {
    await pool?.end();
    await handle?.close();
    await isolated?.drop();
  });

  it('writes BEGIN and the registered read before the first answer; the read runs inside the transaction', async () => {
    const client = await pool.connect();
    try {
      const events = watchWire(client);
      await client.query('start transaction read only');
      const { rows } = await client.query(REGISTERED, ['甲']);
      // Prepared on its first use: parse, bind, describe, execute and sync, all sent with the BEGIN at once.
      expect(beforeFirstAnswer(events)).toEqual(['Q', 'P', 'B', 'D', 'E', 'S', 'sent']);
      expect(rows).toEqual([{ token: '甲', read_only: 'on', bound: '甲' }]);
      // Set locally by the read, so seen only inside the same transaction.
      expect((await client.query(`select current_setting('app.pipelined', true) as v`)).rows).toEqual([{ v: '甲' }]);
      await client.query('commit');
      expect((await client.query(`select coalesce(current_setting('app.pipelined', true), '') as v`)).rows).toEqual([{ v: '' }]);
    } finally {
      client.release();
    }
  });

  it('sends any other statement only after the BEGIN is answered', async () => {
    const client = await pool.connect();
    try {
      const events = watchWire(client);
      await client.query('begin');
      await client.query(`select 1`);
      expect(events.slice(0, 5)).toEqual(['Q', 'sent', '<', 'Q', 'sent']);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('answers the registered read with the BEGIN’s error when the BEGIN fails', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin isolation level nonsense');
      await expect(client.query(REGISTERED, ['乙'])).rejects.toThrow(/syntax error/);
      // The connection stays usable and outside any transaction.
      expect((await client.query(`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });

  it('keeps a Kysely transaction whole: a rolled-back write leaves nothing, a committed one stays', async () => {
    await sql`create table pipelined_marks (id serial primary key, name text not null)`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(REGISTERED, ['丙']));
        await sql`insert into pipelined_marks (name) values ('丙')`.execute(trx);
        throw new Error('中途失败');
      }),
    ).rejects.toThrow('中途失败');
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw(REGISTERED, ['丁']));
      await sql`insert into pipelined_marks (name) values ('丁')`.execute(trx);
    });
    expect((await sql<{ name: string }>`select name from pipelined_marks`.execute(db)).rows).toEqual([{ name: '丁' }]);
  });
});
