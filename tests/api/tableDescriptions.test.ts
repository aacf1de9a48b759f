import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadSchemaFiles } from '../../src/schemaSource/schemaFiles.js';
import { tableDescriptions } from '../../src/schemaSource/tableDescriptions.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

/** One line per column, `table.column type [null]`, in a stable order. */
const lines = (columns: { table: string; column: string; sql: string; nullable: boolean }[]): string[] =>
  columns.map((c) => `${c.table}.${c.column} ${c.sql}${c.nullable ? ' null' : ''}`).sort();

let server: TestServer;
beforeAll(async () => {
  if (!skipThisDatabase) server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe.skipIf(skipThisDatabase)(`table descriptions (${dbKind})`, () => {
  it('describe the columns the migrations create: names, SQL types and nullability of every table', async () => {
    const { rows } = await sql<ColumnRow>`
      select table_name, column_name, data_type, udt_name, is_nullable from information_schema.columns
      where table_schema = 'public' and table_name not like 'kysely_migration%'`.execute(server.database.db);
    const inDatabase = lines(
      rows.map((r) => ({
        table: r.table_name,
        column: r.column_name,
        // information_schema says only ARRAY; the element type is in the udt name (`_int4`).
        sql: r.data_type === 'ARRAY' ? `${{ _int4: 'integer', _text: 'text' }[r.udt_name] ?? r.udt_name}[]` : r.data_type,
        nullable: r.is_nullable === 'YES',
      })),
    );
    const described = lines(
      tableDescriptions(loadSchemaFiles()).flatMap((t) => t.columns.map((c) => ({ table: t.table, column: c.name, sql: c.sql, nullable: c.nullable }))),
    );
    expect(described).toEqual(inDatabase);
  });
});
