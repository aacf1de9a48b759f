import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

/**
 * Text PostgreSQL cannot store (a NUL) or UTF-8 cannot encode (a lone surrogate) is bad input: a
 * 422 naming where it is, with nothing written, never a failed statement.
 */
describe.skipIf(skipThisDatabase)(`texts no column can store (${dbKind})`, () => {
  const shared = sharedTestServer(['admin']);

  /** The JSON text as a client would send it, escapes and all. */
  const send = (url: string, json: string, token?: string) => shared.server.post(url, json, token);

  it('refuses a NUL in a mark’s name, and leaves the mark as it was', async () => {
    const mark = await shared.server.database.db.selectFrom('brand_archives').select(['id', 'tm_name']).orderBy('id').executeTakeFirstOrThrow();
    const res = await send('/brandArchives/saveBrand', `{"id":${mark.id},"tmName":"a\\u0000b"}`, shared.tokens.admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().subMessage).toBe('请求参数有误：商标名称含有无法保存的字符（空字符或不成对的代理字符）');
    const after = await shared.server.database.db.selectFrom('brand_archives').select('tm_name').where('id', '=', mark.id).executeTakeFirstOrThrow();
    expect(after.tm_name).toBe(mark.tm_name);
  });

  it('refuses a lone surrogate in a value and in a key, naming the field by its title', async () => {
    const map = await send('/api/brandMap', '{"name":"a\\ud800b"}', shared.tokens.admin);
    expect(map.statusCode).toBe(422);
    expect(map.json().subMessage).toContain('图谱名称含有无法保存的字符');
    const draft = await send('/designer/saveDraft', '{"kind":"pages","key":"/deal","baseVersion":null,"body":{"k\\udc00":1}}', shared.tokens.admin);
    expect(draft.statusCode).toBe(422);
    expect(draft.json().subMessage).toContain('描述内容中的字段名含有无法保存的字符');
  });

  it('asks for a sign-in first when no token comes with it', async () => {
    expect((await send('/brandArchives/saveBrand', '{"id":1,"tmName":"a\\u0000b"}')).statusCode).toBe(401);
  });

  it('takes an emoji, which is a surrogate pair', async () => {
    const res = await send('/api/brandMap', '{"name":"图谱\\ud83d\\ude00"}', shared.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
  });
});
