import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SessionExpiry } from '../../src/shared/envelope.js';
import { sessionQuery } from '../../src/server/auth/session.js';
import { hashToken } from '../../src/server/auth/tokens.js';
import { archiveSettingsQuery } from '../../src/server/trademarks/archiveSettings.js';
import { scopedTo } from '../../src/server/db/tenantScope.js';
import { preparedName } from '../../src/server/db/preparedStatements.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

describe.skipIf(skipThisDatabase || dbKind !== 'postgres')('statements every request sends, prepared once per connection (postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('sends the session check and the archive settings read by name, prepared on the connection once', async () => {
    const token = await server.signIn('admin');
    await server.call('brandArchives.queryBrandPage', { pageNo: 1, pageSize: 10 }, token);
    const db = server.database.db;
    const session = sessionQuery(db, hashToken(token), true).compile();
    const settings = await db.transaction().execute(async (trx) => archiveSettingsQuery(scopedTo(trx, 1), 1).compile());
    expect(preparedName(session.sql)).toBeDefined();
    expect(preparedName(settings.sql)).toBeDefined();
    // A statement nothing registered goes as before, unnamed.
    expect(preparedName('select 1')).toBeUndefined();

    const prepared = await db.connection().execute(async (connection) => {
      await connection.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++) {
          const [row] = (await trx.executeQuery(session)).rows as { username: string }[];
          expect(row?.username).toBe('admin');
        }
      });
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(connection);
      return rows;
    });
    const sessionStatements = prepared.filter((row) => row.statement === session.sql);
    expect(sessionStatements).toEqual([{ name: preparedName(session.sql), statement: session.sql }]);
  });

  it('refuses an unknown token through the prepared check as before', async () => {
    const res = await server.post('/homepage/getUserInfo', {}, 'forged-token');
    expect(res.json().subMessage).toBe(SessionExpiry.expired);
  });
});
