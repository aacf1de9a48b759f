import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { MB, multipart, pdfOfSize } from './support/multipart.js';
import { closedPortBucket } from '../s3Server.js';

const DOWN = '文件存储服务无法访问，文件未保存，请稍后重试或联系管理员';

describe.skipIf(skipThisDatabase)(`an object store that is down (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let admin: string;
  /** The demo's own files (its evidence) are there from the start: only rows after them count. */
  let seededFiles = 0;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-store-down-'));
    server = await startTestServer({ filesDir, objectStorage: await closedPortBucket() });
    admin = await server.signIn('admin');
    seededFiles =
      (
        await server.database.db
          .selectFrom('files')
          .select((eb) => eb.fn.max('id').as('last'))
          .executeTakeFirstOrThrow()
      ).last ?? 0;
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const fileRows = () => server.database.db.selectFrom('files').select('original_name').where('id', '>', seededFiles).execute();
  /** Nothing of a refused file stays on the local disk either: no half-received file, no copy outside the store. */
  const localLeftovers = () =>
    readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !entry.parentPath.includes('.chunks'));

  it('refuses an upload in Chinese and records nothing', async () => {
    const { payload, headers } = multipart('商标注册证.pdf', pdfOfSize(MB));
    const res = await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token: admin } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ subCode: 50300, subMessage: DOWN });
    expect(await fileRows()).toEqual([]);
    expect(localLeftovers()).toEqual([]);
  });

  it('keeps a chunked upload whole when its completion cannot be stored, so it can be completed later', async () => {
    const file = pdfOfSize(6 * MB);
    const upload = await server.call('file.startUpload', { fileName: '裁定书.pdf', size: file.length, purpose: 'officialDocument' }, admin);
    for (const index of [0, 1]) {
      const { payload, headers } = multipart('blob', file.subarray(index * 5 * MB, (index + 1) * 5 * MB), { uploadId: upload.uploadId, index: String(index) });
      dataOf('file.uploadChunk', await server.app.inject({ method: 'POST', url: '/api/file/chunked/chunk', payload, headers: { ...headers, token: admin } }));
    }
    const done = await server.send('file.completeUpload', { uploadId: upload.uploadId }, admin);
    expect(done.statusCode).toBe(503);
    expect(done.json().subMessage).toBe(DOWN);
    expect(await fileRows()).toEqual([]);
    expect(localLeftovers()).toEqual([]);
    // The upload and its chunks are still there for when the store is back.
    expect((await server.call('file.uploadStatus', { uploadId: upload.uploadId }, admin)).received).toEqual([0, 1]);
  });

  it('signs a direct upload (no call to the store) but registers nothing while the store is down', async () => {
    const direct = await server.call('file.getOssToken', { fileName: '决定书.pdf', size: 1000, purpose: 'officialDocument' }, admin);
    expect(direct.direct).toBe(true);
    const res = await server.send('file.registerOssUpload', { key: direct.key! }, admin);
    expect(res.statusCode).toBe(503);
    expect(res.json().subMessage).toBe('文件存储服务无法访问，暂时无法读取文件，请稍后重试或联系管理员');
    expect(await fileRows()).toEqual([]);
  });
});
