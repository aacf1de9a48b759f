import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function multipart(fileName: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----ipm-rich-text-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.skipIf(skipThisDatabase)(`rich text is sanitised by the request schema (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let token: string;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-rich-text-'));
    server = await startTestServer({ filesDir });
    token = await server.signIn('admin');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const storedContent = async (id: number) =>
    (await server.database.db.selectFrom('memos').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;

  it('stores a memo with a script, an event handler and a javascript: link clean', async () => {
    const dirty =
      '<p class="ql-align-center">续展<strong>提醒</strong><script>alert(1)</script></p>' +
      '<p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点我</a> <a href="https://www.cnipa.gov.cn" onclick="alert(4)">商标局</a></p>' +
      '<p><span style="color: rgb(230, 0, 0); position: fixed" onmouseover="alert(5)">红字</span></p>';
    const saved = await server.call('memo.save', { content: dirty }, token);
    const expected =
      '<p class="ql-align-center">续展<strong>提醒</strong></p>' +
      '<p>点我 <a href="https://www.cnipa.gov.cn" target="_blank" rel="noopener noreferrer">商标局</a></p>' +
      '<p><span style="color:rgb(230, 0, 0)">红字</span></p>';
    expect(saved.content).toBe(expected);
    expect(await storedContent(saved.id)).toBe(expected);
    const listed = await server.call('memo.list', { keyword: '商标局' }, token);
    expect(listed.list.map((m) => m.content)).toEqual([expected]);
  });

  it('keeps images uploaded to our own file store and drops base64 and foreign ones', async () => {
    const { payload, headers } = multipart('图样.png', PNG);
    const uploaded = dataOf('file.upload', await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token } }));
    const dirty = `<p>图样<img src="${uploaded.url}"><img src="data:image/png;base64,iVBORw0KGgo="><img src="https://evil.example/t.png"></p>`;
    const saved = await server.call('memo.save', { content: dirty }, token);
    expect(saved.content).toBe(`<p>图样<img src="${uploaded.url}" /></p>`);
  });

  it('refuses content that is nothing but a script once cleaned, and stores nothing', async () => {
    const before = (await server.call('memo.list', {}, token)).count;
    const res = await server.post('/api/memo/save', { content: '<script>alert(1)</script><p><br></p>' }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().subMessage).toBe('内容不能为空');
    expect((await server.call('memo.list', {}, token)).count).toBe(before);
  });

  it('searches the text of a memo, not its markup', async () => {
    await server.call('memo.save', { content: '<p><strong>准备</strong>答辩材料</p>' }, token);
    expect((await server.call('memo.list', { keyword: '准备答辩' }, token)).count).toBe(1);
    expect((await server.call('memo.list', { keyword: 'strong' }, token)).count).toBe(0);
  });
});
