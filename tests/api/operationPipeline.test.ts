import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SessionExpiry } from '../../src/shared/envelope.js';
import { memoHandlers } from '../../src/server/workbench/memoHandlers.js';
import type { Handlers } from '../../src/server/http/context.js';
import { skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const FAILS_AFTER_WRITING = '写入后处理失败';
const FAILS_AT_COMMIT = '提交时失败';

/**
 * An operation's way through the server's hooks (src/server/http/operationHooks.ts): the session before
 * the body, the permission, and one transaction that a failure anywhere rolls back and a failed COMMIT fails.
 */
describe.skipIf(skipThisDatabase)('the operation pipeline', () => {
  let server: TestServer;
  let token: string;

  const wrapped: Partial<Handlers> = {
    'memo.save': async (body, ctx) => {
      const saved = await memoHandlers['memo.save'](body, ctx);
      if (body.content.includes(FAILS_AFTER_WRITING)) throw new Error('处理函数在写入后出错');
      return saved;
    },
  };

  const memoCount = async (content: string) =>
    Number(
      (
        await server.database.db
          .selectFrom('memos')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('content', 'like', `%${content}%`)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await startTestServer({}, { handlers: wrapped });
    token = await server.signIn('admin');
    // A check the database makes only at COMMIT: a memo with this text is written, and its transaction cannot commit.
    await sql`create function refuse_at_commit() returns trigger language plpgsql as $$ begin raise exception '提交时被拒绝'; end $$`.execute(
      server.database.db,
    );
    await sql`create constraint trigger memos_refused_at_commit after insert on memos deferrable initially deferred
      for each row when (new.content like ${sql.lit('%' + FAILS_AT_COMMIT + '%')}) execute function refuse_at_commit()`.execute(server.database.db);
  });
  afterAll(() => server?.stop());

  it('refuses a call without a token with 401 before it looks at the body; with a token the same body is a 422', async () => {
    const noToken = await server.post('/api/memo/save', { content: 5 });
    expect(noToken.statusCode, noToken.body).toBe(401);
    expect(noToken.json().subMessage).toBe(SessionExpiry.noToken);

    const badToken = await server.post('/api/memo/save', { content: 5 }, 'no-such-token');
    expect(badToken.statusCode, badToken.body).toBe(401);
    expect(badToken.json().subMessage).toBe(SessionExpiry.expired);

    expect(await server.refused('/api/memo/save', { content: 5 }, token)).toMatch(/^请求参数有误/);
  });

  it('refuses a call without the permission with 403 and the permission’s Chinese name, whatever its body', async () => {
    const staff = await server.signIn('staff');
    for (const body of [{}, { nonsense: 1 }]) {
      const refused = await server.post('/userManage/queryOperateLog', body, staff);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 403, subMessage: '没有“用户与配置”权限' });
    }
  });

  it('leaves nothing written when the handler fails after writing', async () => {
    const failed = await server.post('/api/memo/save', { content: `<p>${FAILS_AFTER_WRITING}</p>` }, token);
    expect(failed.statusCode, failed.body).toBe(500);
    expect(await memoCount(FAILS_AFTER_WRITING)).toBe(0);
    // The rolled-back transaction gave its connection back: the next write is answered, and committed by then.
    const saved = await server.call('memo.save', { content: '<p>之后的备忘</p>' }, token);
    expect(saved.content).toBe('<p>之后的备忘</p>');
    expect(await memoCount('之后的备忘')).toBe(1);
  });

  it('fails a write whose COMMIT fails, and keeps nothing of it', async () => {
    const failed = await server.post('/api/memo/save', { content: `<p>${FAILS_AT_COMMIT}</p>` }, token);
    expect(failed.statusCode, failed.body).toBe(500);
    expect(failed.json().data).toBeNull();
    expect(await memoCount(FAILS_AT_COMMIT)).toBe(0);
    expect((await server.post('/api/memo/list', {}, token)).statusCode).toBe(200);
  });
});
