import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

/** Numbers a database `integer` column cannot hold are refused as bad input naming the field, never a failed statement. */
describe.skipIf(skipThisDatabase)(`integers past what their column holds (${dbKind})`, () => {
  const shared = sharedTestServer(['admin']);

  const refusal = async (url: string, body: string) => {
    const res = await shared.server.post(url, body, shared.tokens.admin);
    return { status: res.statusCode, message: res.json().subMessage as string };
  };

  it('refuses 2³¹ as an id, 1e308 as an id, and a huge id in a list, each by its field', async () => {
    expect(await refusal('/api/memo/delete', '{"id":2147483648}')).toEqual({
      status: 422,
      message: expect.stringMatching(/^请求参数有误：.*不能大于 2147483647$/),
    });
    expect(await refusal('/api/todo-complete', '{"id":1e308}')).toEqual({ status: 422, message: expect.stringMatching(/不能大于 2147483647/) });
    expect(await refusal('/api/delTrademarkList', '{"ids":[99999999999]}')).toEqual({ status: 422, message: expect.stringMatching(/不能大于 2147483647/) });
    expect(await refusal('/api/memo/delete', '{"id":-2147483649}')).toMatchObject({ status: 422 });
  });

  it('still takes the largest id a column holds, answering that it does not exist', async () => {
    const res = await shared.server.post('/api/memo/delete', { id: 2147483647 }, shared.tokens.admin);
    expect(res.statusCode).toBeLessThan(500);
  });
});
