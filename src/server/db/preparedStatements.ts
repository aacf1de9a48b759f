import type pg from 'pg';

/**
 * Statements sent on almost every request whose SQL text never changes (the session check, the
 * archive settings read). On PostgreSQL each connection prepares them once, under a name, and
 * afterwards only binds new values: parsing and planning them again on every request took about
 * 0.25 ms of each call. The set is fixed by the code that registers, so the statements a
 * connection keeps stay few. PGlite runs in the process and has no connection to keep them on.
 */
const names = new Map<string, string>();

/** Sends `sql` as a named statement from now on. */
export function prepareOnEachConnection(sql: string): void {
  if (!names.has(sql)) names.set(sql, `ipm_prepared_${names.size + 1}`);
}

/** The name `sql` is prepared under, if it is one of those statements. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/** pg's `client.query` as the connection wrappers here and in arrayRows.ts see it. */
export type ClientQuery = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes a pool's new connection send the registered statements by name. Kysely calls
 * `query(text, values)`; pg prepares a named statement on a connection the first time and then
 * reuses it there.
 */
export function nameRegisteredStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as ClientQuery;
  const named: ClientQuery = (text, values, callback) => {
    const name = typeof text === 'string' ? names.get(text) : undefined;
    return name ? query({ name, text, values }, callback) : query(text, values, callback);
  };
  (client as unknown as { query: ClientQuery }).query = named;
}
