import { describe, expect, it } from 'vitest';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import type { Database } from '../../src/server/db/tables.js';
import { statementsSent } from '../../src/server/db/statementsSent.js';

/** A driver whose one connection notes each statement it is handed and answers only when told. */
function recordingDb() {
  const handed: string[] = [];
  const waiting: (() => void)[] = [];
  const connection: DatabaseConnection = {
    executeQuery: <R>(query: { sql: string }) => {
      handed.push(query.sql);
      return new Promise<QueryResult<R>>((resolve) => waiting.push(() => resolve({ rows: [] })));
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: (_connection) => {
      handed.push('commit');
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, handed, answerAll: () => waiting.splice(0).forEach((answer) => answer()) };
}

/** Answers every statement handed so far until `done` settles. */
async function answerUntil(done: Promise<unknown>, answerAll: () => void): Promise<void> {
  let settled = false;
  void done.finally(() => (settled = true));
  while (!settled) {
    answerAll();
    await statementsSent();
  }
  await done;
}

describe('statementsSent', () => {
  it('resolves once the commit asked for by a finished transaction callback has reached the connection', async () => {
    const { db, handed, answerAll } = recordingDb();
    let handedWhenResolved: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('users').select('id').executeTakeFirst();
      // As the API does with its answer: work meant to overlap the commit, which Kysely asks for some microtasks later.
      void statementsSent().then(() => (handedWhenResolved = [...handed]));
      return row;
    });
    await answerUntil(transaction, answerAll);
    expect(handedWhenResolved).toEqual([expect.stringContaining('from "users"'), 'commit']);
  });
});
