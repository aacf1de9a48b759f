import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { Agent, request, type IncomingMessage } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { MB, multipart, pdfOfSize } from './support/multipart.js';

/** Everything a socket receives until the server closes it, and whether it did. */
function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (data) => chunks.push(data));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** An upload refused for its size, sent over a keep-alive connection, must not leave that connection hanging. */
describe.skipIf(skipThisDatabase)(`an upload refused for its size (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let admin: string;
  let port: number;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-refused-'));
    server = await startTestServer({ filesDir });
    admin = await server.signIn('admin');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('is answered 413 with Connection: close, and the server closes the connection instead of leaving the next request unanswered', async () => {
    const { payload, headers } = multipart('大文件.pdf', pdfOfSize(31 * MB));
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const received = readUntilClosed(socket);
    socket.write(
      `POST /api/file/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\ntoken: ${admin}\r\n` +
        `content-type: ${headers['content-type']}\r\ncontent-length: ${payload.length}\r\n\r\n`,
    );
    // The body is sent whole, as a browser does; the server may stop reading it once it has refused it.
    socket.write(payload, () => socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.on('error', () => undefined);
    const text = await received;
    const [first] = text.split('\r\n\r\n');
    expect(first).toMatch(/^HTTP\/1\.1 413 /);
    expect(first.toLowerCase()).toContain('connection: close');
    expect(text).toContain('上传文件大小不能超过 30MB');
  }, 120_000);

  it('refuses a chunk of an upload the organisation has not started before storing any of it, keeping the connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: Record<string, string | number>, body?: Buffer) =>
      new Promise<{ status: number; connection: string | undefined; text: string; reused: boolean }>((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', path, method, agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, connection: res.headers.connection, text: Buffer.concat(chunks).toString('utf8'), reused: req.reusedSocket }),
          );
        });
        req.on('error', reject);
        req.end(body);
      });
    const started = await server.call('file.startUpload', { fileName: '裁定书.pdf', size: 6 * MB, purpose: 'officialDocument' }, admin);
    const corp = await server.signIn('corpAdmin');
    // An id nobody started, and another organisation's upload.
    for (const [uploadId, token] of [
      ['0'.repeat(32), admin],
      [started.uploadId, corp],
    ] as const) {
      const { payload, headers } = multipart('blob', pdfOfSize(MB), { uploadId, index: '0' });
      const refused = await send('POST', '/api/file/chunked/chunk', { ...headers, 'content-length': payload.length, token }, payload);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.text).subMessage).toBe('上传任务不存在或已过期，请重新上传');
      expect(refused.connection).toBe('keep-alive');
      const next = await send('GET', '/api/health', {});
      expect(next).toMatchObject({ status: 200, reused: true });
    }
    // Not even a directory for the chunk was made.
    expect(existsSync(join(filesDir, '.chunks')) ? readdirSync(join(filesDir, '.chunks'), { recursive: true }) : []).toEqual([]);
    agent.destroy();
  });

  it('leaves the server answering new connections, which stay open after a call read whole', async () => {
    const reply = await new Promise<IncomingMessage>((resolve, reject) =>
      request({ port, host: '127.0.0.1', path: '/api/health', agent: new Agent({ keepAlive: true }) }, resolve)
        .on('error', reject)
        .end(),
    );
    reply.resume();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.connection).toBe('keep-alive');
  });
});
