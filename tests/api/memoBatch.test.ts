import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

describe.skipIf(skipThisDatabase)(`deleting several memos at once (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'agent']);

  const save = async (content: string, token: string) => (await shared.server.call('memo.save', { content }, token)).id;
  const count = async (token: string) => (await shared.server.call('memo.list', {}, token)).count;

  it('deletes the listed memos of the user, given as comma-joined ids', async () => {
    const ids = [await save('一', shared.tokens.admin), await save('二', shared.tokens.admin), await save('三', shared.tokens.admin)];
    const reply = await shared.server.call('memo.deleteBatch', { ids: `${ids[0]},${ids[2]}` }, shared.tokens.admin);
    expect(reply).toEqual({ deleted: 2 });
    const left = (await shared.server.call('memo.list', {}, shared.tokens.admin)).list;
    expect(left.map((m) => m.content)).toEqual(['二']);
  });

  it('refuses a list naming another user’s memo, deleting none of it', async () => {
    const theirs = await save('别人的备忘', shared.tokens.agent);
    const mine = await save('我的备忘', shared.tokens.admin);
    const before = await count(shared.tokens.admin);
    expect(await shared.server.refused('/api/memo/delete-batch', { ids: `${theirs},${mine}` }, shared.tokens.admin, 404)).toBe(`备忘不存在或已删除：${theirs}`);
    expect(await count(shared.tokens.agent)).toBe(1);
    expect(await count(shared.tokens.admin)).toBe(before);
  });

  it('refuses malformed and oversized lists, changing nothing', async () => {
    const before = await count(shared.tokens.admin);
    const malformed = await shared.server.post('/api/memo/delete-batch', { ids: '1,,2' }, shared.tokens.admin);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().subMessage).toContain('备忘');
    const empty = await shared.server.post('/api/memo/delete-batch', { ids: '' }, shared.tokens.admin);
    expect(empty.statusCode).toBe(422);
    const tooMany = await shared.server.post('/api/memo/delete-batch', { ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }, shared.tokens.admin);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().subMessage).toBe('一次最多删除 100 条备忘');
    const huge = await shared.server.post('/api/memo/delete-batch', { ids: '99999999999999' }, shared.tokens.admin);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().subMessage).toBe('备忘编号无效');
    expect(await count(shared.tokens.admin)).toBe(before);
  });

  it('needs a signed-in user', async () => {
    expect((await shared.server.post('/api/memo/delete-batch', { ids: '1' })).statusCode).toBe(401);
  });
});
