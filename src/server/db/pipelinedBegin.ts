import type { Writable } from 'node:stream';
import type pg from 'pg';
import { preparedName, type ClientQuery } from './preparedStatements.js';

/*
 * Kysely opens a transaction by sending BEGIN (or START TRANSACTION …) and waiting for its answer
 * before the first statement: a whole round trip that carries nothing. On a connection in pg's
 * pipeline mode the BEGIN is held instead and written together with the statement that follows,
 * when that statement is one of the registered reads (preparedStatements.ts): the session check
 * every request starts with. Any other statement Kysely sends waits for the BEGIN's answer first, as
 * before, so nothing that writes could run outside the transaction should the BEGIN fail; the
 * registered reads are answered with the BEGIN's error in that case.
 */

const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;

/** What Kysely reads of a BEGIN's result. */
const begun = { command: 'BEGIN', rowCount: null, rows: [], fields: [] } as const;

/** Makes a pool's new connection (created with `pipeline: true`) write a transaction's BEGIN together with its first registered read. */
export function pipelineBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as ClientQuery;
  let heldBegin: string | null = null;
  const withBegin: ClientQuery = (text, values, callback) => {
    const submittable = typeof text === 'object' && text !== null && typeof (text as { submit?: unknown }).submit === 'function';
    const promised = !submittable && callback === undefined && typeof values !== 'function';
    if (promised && typeof text === 'string' && OPENS_TRANSACTION.test(text) && heldBegin === null) {
      heldBegin = text;
      return Promise.resolve(begun);
    }
    if (heldBegin === null) return query(text, values, callback);
    const begin = heldBegin;
    heldBegin = null;
    if (promised && typeof text === 'string' && preparedName(text) !== undefined) {
      // Both leave in one write, before either is answered; the read's answer counts only if the BEGIN succeeded.
      const stream = (client as unknown as { connection: { stream: Writable } }).connection.stream;
      stream.cork();
      const beginning = query(begin) as Promise<unknown>;
      const reading = query(text, values) as Promise<unknown>;
      stream.uncork();
      reading.catch(() => undefined);
      return beginning.then(() => reading);
    }
    const beginning = query(begin) as Promise<unknown>;
    if (promised) return beginning.then(() => query(text, values));
    // Not Kysely's way of asking (a callback, a cursor): written behind the BEGIN, as pg's own queue would.
    beginning.catch(() => undefined);
    return query(text, values, callback);
  };
  (client as unknown as { query: ClientQuery }).query = withBegin;
}
