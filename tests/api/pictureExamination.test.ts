import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { multipart } from './support/multipart.js';
import { bandedPng, markLogoHash, storedPicture } from './support/pictures.js';

/**
 * A picture is decoded once, when it is uploaded, before the upload's transaction opens: on the
 * embedded database an open transaction holds the one connection and with it every other request,
 * /api/health included, so a decode inside one shows as a health answer as slow as the decode.
 */
describe.skipIf(skipThisDatabase)(`a picture is examined on upload, outside any transaction (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let admin: string;
  /** 16 megapixels, the most a logo may have: decoding it takes a second or more, sending it little. */
  let big: Buffer;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-picture-'));
    server = await startTestServer({ filesDir });
    admin = await server.signIn('admin');
    big = bandedPng(4000, 4000);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  /** Asks /api/health every 10 ms while `work` runs: the slowest answer, and how long the work took. */
  async function healthDuring<T>(work: () => Promise<T>): Promise<{ result: T; slowest: number; took: number; asked: number }> {
    let done = false;
    let slowest = 0;
    let asked = 0;
    const watch = (async () => {
      while (!done) {
        const began = performance.now();
        const res = await server.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        slowest = Math.max(slowest, performance.now() - began);
        asked++;
        await sleep(10);
      }
    })();
    const began = performance.now();
    try {
      const result = await work();
      return { result, slowest, took: performance.now() - began, asked };
    } finally {
      done = true;
      await watch;
    }
  }

  /** Health answered throughout in a fraction of the work's time: a decode in a transaction would hold one answer for most of it. */
  function expectPromptHealth(run: { slowest: number; took: number; asked: number }): void {
    expect(run.asked, `work took ${run.took.toFixed(0)} ms`).toBeGreaterThan(5);
    expect(run.slowest, `work took ${run.took.toFixed(0)} ms`).toBeLessThan(run.took / 3);
  }

  it('keeps /api/health answering while an uploaded picture is decoded, and a mark then takes its hash without decoding it', async () => {
    const { payload, headers } = multipart('大图样.png', big);
    const run = await healthDuring(() => server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token: admin } }));
    const { path } = dataOf('file.upload', run.result);
    expectPromptHealth(run);
    const { image_status, hash } = await storedPicture(server.database.db, path);
    expect(image_status).toBe('hashed');

    // Saving the mark and searching by the path read the hash stored with the file: the picture on disk is not read again.
    writeFileSync(join(filesDir, path), 'not a picture any more');
    const mark = await server.call('brandArchives.addBrand', { appNo: 'BIG-LOGO-1', tmCl: 9, logoPath: path }, admin);
    expect(await markLogoHash(server.database.db, mark.id)).toBe(hash);
    const found = await server.call('tmSearch.graphicRetrieval', { path, maxDistance: 0 }, admin);
    expect(BigInt.asIntN(64, BigInt(`0x${found.hash}`)).toString()).toBe(hash);
  });

  it('keeps /api/health answering while a chunked upload of a picture is put together and decoded', async () => {
    const started = await server.call('file.startUpload', { fileName: '大图样分片.png', size: big.length }, admin);
    const { payload, headers } = multipart('blob', big, { uploadId: started.uploadId, index: '0' });
    dataOf('file.uploadChunk', await server.app.inject({ method: 'POST', url: '/api/file/chunked/chunk', payload, headers: { ...headers, token: admin } }));
    const run = await healthDuring(() => server.send('file.completeUpload', { uploadId: started.uploadId }, admin));
    const { path } = dataOf('file.completeUpload', run.result);
    expectPromptHealth(run);
    expect((await storedPicture(server.database.db, path)).image_status).toBe('hashed');
  });
});
