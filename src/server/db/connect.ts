import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { PGliteDialect } from './pgliteDialect.js';
import { nameRegisteredStatements } from './preparedStatements.js';
import { buildRowsFromArrays } from './arrayRows.js';
import { pipelineBegin } from './pipelinedBegin.js';
import type { Database } from './tables.js';

/** SQL `date` columns stay `YYYY-MM-DD` text: a calendar date has no time zone to shift it. */
const DATE_OID = 1082;
const keepDateText = (value: string) => value;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball, to start another database from (`pgliteDataDirArchive`). */
  dumpDataDir?(): Promise<Blob>;
}

export interface ConnectOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PGlite's shared_buffers; its 128MB default alone would take a third of the memory budget. */
  pgliteSharedBuffers?: string;
  /** A PGlite data directory to start from (a tarball written by `dumpDataDir`) instead of a new one. */
  pgliteDataDirArchive?: Blob;
}

/**
 * How the server talks over each new pool connection: rows built from arrays underneath, statements
 * named above them (the naming passes a config on to the array reader), the held BEGIN on top (it
 * recognises the registered statements by their text). The pool must be made with `pipeline: true`.
 */
export function wrapPoolClient(client: pg.PoolClient): void {
  buildRowsFromArrays(client);
  nameRegisteredStatements(client);
  pipelineBegin(client);
}

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory for `memory://`). */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Statements are written as soon as they are asked for, so a BEGIN travels with the statement after it (pipelinedBegin.ts).
      pipeline: true,
      types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === DATE_OID ? keepDateText : pg.types.getTypeParser(oid, format as 'text')) },
    });
    // An idle connection dropped by the server (restart, failover, shutdown) must not take the
    // process down; the pool replaces it on next use.
    pool.on('error', (err) => console.warn(`PostgreSQL 空闲连接已断开：${err.message}`));
    pool.on('connect', wrapPoolClient);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    parsers: { [DATE_OID]: keepDateText },
    loadDataDir: options.pgliteDataDirArchive,
    postgresqlconf: [
      `shared_buffers=${options.pgliteSharedBuffers ?? '32MB'}`,
      // PGlite runs its statements on the server's own thread, so a statement that stops to catch up
      // holds every request. A new WAL file zero-filled (16 MB, every few thousand marks written) took
      // ~85 ms; a GIN index's pending list merged at its default 4 MB ~100–130 ms (the archive has eight
      // such indexes). Files are created without the zeroes, and the lists merged at 64 kB, a little at a time.
      'wal_init_zero=off',
      'gin_pending_list_limit=64kB',
    ],
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy(), dumpDataDir: () => pglite.dumpDataDir('none') };
}
