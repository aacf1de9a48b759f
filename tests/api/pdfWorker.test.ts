import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { pdfWorkerFile } from '../../src/server/http/pdfWorker.js';

describe.skipIf(skipThisDatabase)(`the PDF worker at /pdf.worker.js (${dbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves pdf.js’s worker as JavaScript, without signing in, with a version ETag', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/pdf.worker.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { file, etag } = pdfWorkerFile();
    expect(res.headers.etag).toBe(etag);
    expect(res.rawPayload.equals(readFileSync(file))).toBe(true);
    expect(res.body).toContain('WorkerMessageHandler');
  });

  it('answers 304 while the browser holds the same version', async () => {
    const { etag } = pdfWorkerFile();
    const res = await server.app.inject({ method: 'GET', url: '/pdf.worker.js', headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });
});
