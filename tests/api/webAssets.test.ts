import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

// A built page as vite and precompressAssets leave it: hashed assets with their compressed copies beside them.
const script = `console.log(${JSON.stringify('商标'.repeat(2000))});`;

describe.skipIf(skipThisDatabase)(`the built pages and their assets (${dbKind})`, () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'ipm-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(
      join(webDir, 'index.html'),
      '<!doctype html><title>商标知识产权管理平台</title><script type="module" src="/assets/index-abc123.js"></script>',
    );
    await writeFile(join(webDir, 'assets', 'index-abc123.js'), script);
    await writeFile(join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    await writeFile(join(webDir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    server = await startTestServer({ webDir });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a script as Brotli or gzip when the browser takes it, and plain otherwise', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('lets the browser keep hashed assets for good, but asks again for the page itself', async () => {
    expect((await get('/assets/index-abc123.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await server.app.inject({ method: 'GET', url: '/brandManage/brandRecord', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('商标知识产权管理平台');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
