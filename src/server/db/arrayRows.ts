import type pg from 'pg';
import type { ClientQuery } from './preparedStatements.js';

/*
 * pg builds each row object by copying a template made with `Object.create(null)`, so every row
 * is a dictionary-mode object: about 10–15 µs per row of the archive's 41 columns on the server,
 * and slow to read afterwards. Asked for arrays instead, pg only parses the values; the objects
 * are then built here by adding the columns in order, so all rows of a statement share one shape.
 * For a page of 20 marks that is about a fifth of a millisecond less per call.
 */

type ArrayResult = pg.QueryResult<unknown[]>;

function toObjects(result: ArrayResult): pg.QueryResult {
  const names = result.fields.map((f) => f.name);
  const rows = result.rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  });
  return Object.assign(result, { rows });
}

/** Whether `text` is a query config pg reads fields from, not a submittable (a cursor) that reads its own rows. */
const isConfig = (text: unknown): text is pg.QueryConfig =>
  typeof text === 'object' && text !== null && typeof (text as { submit?: unknown }).submit !== 'function';

/** Makes a pool's new connection answer Kysely's queries with rows built from arrays (see above). */
export function buildRowsFromArrays(client: pg.PoolClient): void {
  const query = client.query.bind(client) as ClientQuery;
  const fromArrays: ClientQuery = (text, values, callback) => {
    if (callback !== undefined || typeof values === 'function') return query(text, values, callback);
    const config = typeof text === 'string' ? { text, values } : isConfig(text) ? text : null;
    if (!config) return query(text, values);
    const answer = query({ ...config, rowMode: 'array' }) as Promise<ArrayResult | ArrayResult[]>;
    return answer.then((result) => (Array.isArray(result) ? result.map(toObjects) : toObjects(result)));
  };
  (client as unknown as { query: ClientQuery }).query = fromArrays;
}
