import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { brandArchivesHandlers } from '../../src/server/trademarks/brandArchivesHandlers.js';
import { operationTable } from '../../src/generated/routes.js';
import type { Handlers, TenantContext } from '../../src/server/http/context.js';
import { skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/**
 * An operation marked `readOnly` in schemas/api runs in a READ ONLY transaction, which the database
 * enforces; the others stay read-write. The real server and database, with two handlers wrapped to
 * say what their transaction is and, when asked, to try a write.
 */
describe.skipIf(skipThisDatabase)('read-only operations', () => {
  let server: TestServer;
  let token: string;
  const seen: Record<string, string> = {};
  let tryWrite = false;

  const transactionMode = async (ctx: TenantContext) =>
    (await sql<{ mode: string }>`select current_setting('transaction_read_only') as mode`.execute(ctx.db)).rows[0]!.mode;
  const writeMemo = (ctx: TenantContext) =>
    ctx.db.insertInto('memos').values({ org_id: ctx.session.orgId, user_id: ctx.session.userId, content: '只读事务里的写入' }).execute();

  const wrapped: Partial<Handlers> = {
    'brandArchives.getGlobalConfiguration': async (body, ctx) => {
      seen.getGlobalConfiguration = await transactionMode(ctx);
      if (tryWrite) await writeMemo(ctx);
      return brandArchivesHandlers['brandArchives.getGlobalConfiguration'](body, ctx);
    },
    'brandArchives.updateGlobalConfiguration': async (body, ctx) => {
      seen.updateGlobalConfiguration = await transactionMode(ctx);
      return brandArchivesHandlers['brandArchives.updateGlobalConfiguration'](body, ctx);
    },
  };

  beforeAll(async () => {
    server = await startTestServer({}, { handlers: wrapped });
    token = await server.signIn('admin');
  });
  afterAll(() => server?.stop());

  const call = (url: string, payload: object = {}) => server.post(url, payload, token);

  it('marks the archive and search reads, and nothing that writes', () => {
    const readOnly = operationTable.filter((op) => op.readOnly).map((op) => op.id);
    expect(readOnly).toContain('brandArchives.queryBrandPage');
    expect(readOnly).toContain('tmSearch.brandSimilarSearch');
    for (const id of [
      'brandArchives.saveBrand',
      'brandArchives.updateGlobalConfiguration',
      'customField.getCustomFieldList',
      'brandLabels.batchAddLabels',
      'home.setMessageRead',
    ]) {
      expect(readOnly).not.toContain(id);
    }
  });

  it('answers a read-only operation from a READ ONLY transaction, and a writing one from a read-write one', async () => {
    const settings = await server.call('brandArchives.getGlobalConfiguration', {}, token);
    expect(settings.sortField).toBeTruthy();
    expect(seen.getGlobalConfiguration).toBe('on');

    await server.call('brandArchives.updateGlobalConfiguration', { ...settings, expiryReminderMonths: 3 }, token);
    expect(seen.updateGlobalConfiguration).toBe('off');
    expect((await server.call('brandArchives.getGlobalConfiguration', {}, token)).expiryReminderMonths).toBe(3);
  });

  it('the database refuses a write inside a read-only operation, and nothing is written', async () => {
    const memos = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('memos')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await memos();
    tryWrite = true;
    try {
      const refused = await call('/common/getGlobalConfiguration');
      expect(refused.statusCode).toBe(500);
      expect(refused.json().code).not.toBe(200);
    } finally {
      tryWrite = false;
    }
    expect(await memos()).toBe(before);
    // The refused transaction was rolled back and its connection returned: the next call is answered.
    expect((await call('/common/getGlobalConfiguration')).statusCode).toBe(200);
  });
});
