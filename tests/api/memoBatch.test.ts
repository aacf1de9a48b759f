import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

describe.skipIf(skipThisDatabase)(`deleting several memos at once (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin');
    agent = await server.signIn('agent');
  });
  afterAll(() => server?.stop());

  const save = async (content: string, token: string) => (await server.call('memo.save', { content }, token)).id;
  const count = async (token: string) => (await server.call('memo.list', {}, token)).count;

  it('deletes the listed memos of the user, given as comma-joined ids', async () => {
    const ids = [await save('一', admin), await save('二', admin), await save('三', admin)];
    const reply = await server.call('memo.deleteBatch', { ids: `${ids[0]},${ids[2]}` }, admin);
    expect(reply).toEqual({ deleted: 2 });
    const left = (await server.call('memo.list', {}, admin)).list;
    expect(left.map((m) => m.content)).toEqual(['二']);
  });

  it('refuses a list naming another user’s memo, deleting none of it', async () => {
    const theirs = await save('别人的备忘', agent);
    const mine = await save('我的备忘', admin);
    const before = await count(admin);
    expect(await server.refused('/api/memo/delete-batch', { ids: `${theirs},${mine}` }, admin, 404)).toBe(`备忘不存在或已删除：${theirs}`);
    expect(await count(agent)).toBe(1);
    expect(await count(admin)).toBe(before);
  });

  it('refuses malformed and oversized lists, changing nothing', async () => {
    const before = await count(admin);
    const malformed = await server.post('/api/memo/delete-batch', { ids: '1,,2' }, admin);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().subMessage).toContain('备忘');
    const empty = await server.post('/api/memo/delete-batch', { ids: '' }, admin);
    expect(empty.statusCode).toBe(422);
    const tooMany = await server.post('/api/memo/delete-batch', { ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }, admin);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().subMessage).toBe('一次最多删除 100 条备忘');
    const huge = await server.post('/api/memo/delete-batch', { ids: '99999999999999' }, admin);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().subMessage).toBe('备忘编号无效');
    expect(await count(admin)).toBe(before);
  });

  it('needs a signed-in user', async () => {
    expect((await server.post('/api/memo/delete-batch', { ids: '1' })).statusCode).toBe(401);
  });
});
