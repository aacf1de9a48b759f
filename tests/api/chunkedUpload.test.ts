import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { EXE, MB, multipart, pdfOfSize } from './support/multipart.js';
import { markLogoHash, storedPicture } from './support/pictures.js';
import { cleanAbandonedUploads } from '../../src/server/files/abandonedUploads.js';
import { startS3Server, type TestBucket } from '../s3Server.js';
import type { OperationRequest } from '../../src/generated/client.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { decodeImage } from '../../src/server/trademarks/imageDecode.js';
import { differenceHash, hashForColumn } from '../../src/server/trademarks/logoHash.js';

const CHUNK = 5 * MB;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// The chunks wait on the local disk either way; the assembled file goes to the disk store or the bucket.
describe.skipIf(skipThisDatabase).each(['disk', 's3'] as const)(`resumable chunked upload of large files (${dbKind}, %s)`, (store) => {
  let server: TestServer;
  let filesDir: string;
  let bucket: TestBucket | undefined;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-chunks-'));
    bucket = store === 's3' ? await startS3Server() : undefined;
    server = await startTestServer({ filesDir, objectStorage: bucket?.settings });
    admin = await server.signIn('admin');
    other = await server.signIn('corpAdmin');
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const start = (fileName: string, size: number, purpose?: OperationRequest<'file.startUpload'>['purpose'], token = admin) =>
    server.send('file.startUpload', { fileName, size, ...(purpose ? { purpose } : {}) }, token);
  const putChunk = (uploadId: string, index: number, bytes: Buffer, token = admin) => {
    const { payload, headers } = multipart('blob', bytes, { uploadId, index: String(index) });
    return server.app.inject({ method: 'POST', url: '/api/file/chunked/chunk', payload, headers: { ...headers, token } });
  };
  const chunkOf = (file: Buffer, index: number) => file.subarray(index * CHUNK, (index + 1) * CHUNK);

  it('takes a 60 MB official document in 5 MB chunks, and it downloads with identical bytes', async () => {
    const file = pdfOfSize(60 * MB);
    const started = await start('商标异议裁定书.pdf', file.length, 'officialDocument');
    const upload = dataOf('file.startUpload', started);
    expect(upload).toMatchObject({
      fileName: '商标异议裁定书.pdf',
      size: 60 * MB,
      purpose: 'officialDocument',
      chunkSize: CHUNK,
      chunkCount: 12,
      received: [],
    });
    expect(upload.uploadId).toMatch(/^[0-9a-f]{32}$/);
    for (let index = 0; index < 12; index++) {
      expect(dataOf('file.uploadChunk', await putChunk(upload.uploadId, index, chunkOf(file, index))).received).toHaveLength(index + 1);
    }
    const stored = await server.call('file.completeUpload', { uploadId: upload.uploadId }, admin);
    // The same reply as an ordinary upload.
    expect(stored).toMatchObject({ name: '商标异议裁定书.pdf', size: 60 * MB, type: 'pdf', status: 'done' });
    expect(stored.path).toMatch(/^\d+\/\d{6}\/[0-9a-f]{64}\.pdf$/);
    expect(stored.path).toContain(sha(file));
    const down = await server.app.inject({ method: 'GET', url: stored.url, headers: { token: admin } });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(sha(down.rawPayload)).toBe(sha(file));
    // The session and its chunks are gone once the file is assembled.
    expect((await server.post('/api/file/chunked/status', { uploadId: upload.uploadId }, admin)).statusCode).toBe(404);
    expect(existsSync(join(filesDir, '.chunks', stored.path.split('/')[0], upload.uploadId))).toBe(false);
    expect(await server.services.files.objects.stat(stored.path)).toEqual({ size: 60 * MB });
    expect(existsSync(join(filesDir, stored.path))).toBe(store === 'disk');
  });

  it('refuses 60 MB on the general path and more than 100 MB for official documents, before any byte is sent', async () => {
    const general = await start('说明.pdf', 60 * MB);
    expect(general.statusCode).toBe(413);
    expect(general.json().subMessage).toBe('上传文件大小不能超过 30MB!');
    const official = await start('说明.pdf', 100 * MB + 1, 'officialDocument');
    expect(official.statusCode).toBe(413);
    expect(official.json().subMessage).toBe('上传文件大小不能超过100MB');
    const limitFromClient = await server.post('/api/file/chunked/start', { fileName: '说明.pdf', size: 60 * MB, limitMb: 1000 }, admin);
    expect(limitFromClient.statusCode).toBe(422);
    expect(limitFromClient.json().subMessage).toBe('请求参数有误：不允许的字段：limitMb');
    const exeName = await start('setup.exe', 60 * MB, 'officialDocument');
    expect(exeName.statusCode).toBe(422);
    expect(exeName.json().subMessage).toBe('请上传pdf、jpg、jpeg、png、doc、docx格式的文件');
  });

  it('refuses a program renamed to .pdf on its first chunk', async () => {
    const fake = Buffer.concat([EXE, Buffer.alloc(55 * MB - EXE.length, 0x90)]);
    const upload = dataOf('file.startUpload', await start('裁定书.pdf', fake.length, 'officialDocument'));
    const res = await putChunk(upload.uploadId, 0, chunkOf(fake, 0));
    expect(res.statusCode).toBe(422);
    expect(res.json().subMessage).toBe('文件内容与扩展名 .pdf 不符（实际为 exe）');
    const status = await server.call('file.uploadStatus', { uploadId: upload.uploadId }, admin);
    expect(status.received).toEqual([]);
    const done = await server.post('/api/file/chunked/complete', { uploadId: upload.uploadId }, admin);
    expect(done.statusCode).toBe(422);
    expect(done.json().subMessage).toBe('还有 11 个分片未上传（序号 0、1、2、3、4、5、6、7、8、9 等），请补传后再完成');
  });

  it('resumes an interrupted upload from the chunks the server reports, a chunk sent twice counting once', async () => {
    const file = pdfOfSize(12 * MB + 12345);
    const upload = dataOf('file.startUpload', await start('续传.pdf', file.length, 'officialDocument'));
    expect(upload.chunkCount).toBe(3);
    expect((await putChunk(upload.uploadId, 0, chunkOf(file, 0))).statusCode).toBe(200);
    expect((await putChunk(upload.uploadId, 2, chunkOf(file, 2))).statusCode).toBe(200);
    // The connection drops here; later the client asks what the server has.
    const status = await server.call('file.uploadStatus', { uploadId: upload.uploadId }, admin);
    expect(status).toMatchObject({ received: [0, 2], chunkCount: 3, size: file.length });
    const early = await server.post('/api/file/chunked/complete', { uploadId: upload.uploadId }, admin);
    expect(early.json().subMessage).toBe('还有 1 个分片未上传（序号 1），请补传后再完成');
    expect(dataOf('file.uploadChunk', await putChunk(upload.uploadId, 0, chunkOf(file, 0))).received).toEqual([0, 2]);
    expect(dataOf('file.uploadChunk', await putChunk(upload.uploadId, 1, chunkOf(file, 1))).received).toEqual([0, 1, 2]);
    const done = await server.call('file.completeUpload', { uploadId: upload.uploadId }, admin);
    const down = await server.app.inject({ method: 'GET', url: done.url, headers: { token: admin } });
    expect(sha(down.rawPayload)).toBe(sha(file));
  });

  it('refuses chunks of the wrong size or index', async () => {
    const file = pdfOfSize(7 * MB);
    const upload = dataOf('file.startUpload', await start('分片.pdf', file.length, 'officialDocument'));
    const short = await putChunk(upload.uploadId, 0, file.subarray(0, MB));
    expect(short.statusCode).toBe(422);
    expect(short.json().subMessage).toBe(`第 0 个分片应为 ${CHUNK} 字节，收到 ${MB} 字节`);
    const beyond = await putChunk(upload.uploadId, 2, file.subarray(0, MB));
    expect(beyond.json().subMessage).toBe('分片序号超出范围：应为 0 到 1');
    const tooBig = await putChunk(upload.uploadId, 0, Buffer.alloc(CHUNK + 1));
    expect(tooBig.json().subMessage).toBe('每个分片不能超过 5MB');
    const badIndex = await putChunk(upload.uploadId, -1, file.subarray(0, MB));
    expect(badIndex.json().subMessage).toBe('请求参数有误：分片序号格式不正确');
    expect((await server.call('file.uploadStatus', { uploadId: upload.uploadId }, admin)).received).toEqual([]);
  });

  it('does not let another organisation see, add to or complete an upload', async () => {
    const file = pdfOfSize(6 * MB);
    const upload = dataOf('file.startUpload', await start('机密.pdf', file.length, 'officialDocument'));
    expect((await putChunk(upload.uploadId, 0, chunkOf(file, 0))).statusCode).toBe(200);
    const foreign = await putChunk(upload.uploadId, 1, chunkOf(file, 1), other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().subMessage).toBe('上传任务不存在或已过期，请重新上传');
    const overwrite = await putChunk(upload.uploadId, 0, chunkOf(pdfOfSize(6 * MB, 0x41), 0), other);
    expect(overwrite.statusCode).toBe(404);
    expect((await server.post('/api/file/chunked/status', { uploadId: upload.uploadId }, other)).statusCode).toBe(404);
    expect((await server.post('/api/file/chunked/complete', { uploadId: upload.uploadId }, other)).statusCode).toBe(404);
    // The owner's upload is untouched and completes with the owner's bytes.
    expect((await server.call('file.uploadStatus', { uploadId: upload.uploadId }, admin)).received).toEqual([0]);
    await putChunk(upload.uploadId, 1, chunkOf(file, 1));
    const done = await server.call('file.completeUpload', { uploadId: upload.uploadId }, admin);
    const down = await server.app.inject({ method: 'GET', url: done.url, headers: { token: admin } });
    expect(sha(down.rawPayload)).toBe(sha(file));
  });

  it('gives up uploads untouched for a day, with their chunks, and keeps recent ones', async () => {
    const file = pdfOfSize(6 * MB);
    const stale = dataOf('file.startUpload', await start('旧的.pdf', file.length, 'officialDocument'));
    await putChunk(stale.uploadId, 0, chunkOf(file, 0));
    const fresh = dataOf('file.startUpload', await start('新的.pdf', file.length, 'officialDocument'));
    await sql`update upload_sessions set updated_at = now() - interval '25 hours' where id = ${stale.uploadId}`.execute(server.database.db);
    const orphan = join(filesDir, '.chunks', '999', 'f'.repeat(32));
    mkdirSync(orphan, { recursive: true });
    writeFileSync(join(orphan, '0'), 'left over');
    const twoDaysLater = new Date(Date.now() + 2 * 86_400_000);
    // Seen from now: only the stale session goes; the orphan directory is still fresh.
    expect(await cleanAbandonedUploads(server.database.db, server.services.chunks, server.services.files)).toBe(1);
    expect((await server.post('/api/file/chunked/status', { uploadId: stale.uploadId }, admin)).statusCode).toBe(404);
    expect((await server.post('/api/file/chunked/status', { uploadId: fresh.uploadId }, admin)).statusCode).toBe(200);
    expect(existsSync(orphan)).toBe(true);
    await cleanAbandonedUploads(server.database.db, server.services.chunks, server.services.files, twoDaysLater);
    expect(existsSync(orphan)).toBe(false);
  });

  it('lists the files of each member who uploaded', async () => {
    const res = await server.call('file.listByUploader', { pageNo: 1, pageSize: 10 }, admin);
    // The demo's evidence files have their uploaders too: this test's uploads are the administrator's newest three.
    const mine = res.list.find((m) => m.name === '王管理')!;
    expect(mine.count).toBeGreaterThanOrEqual(3);
    expect(mine.files.slice(0, 3).map((f) => f.name)).toEqual(['机密.pdf', '续传.pdf', '商标异议裁定书.pdf']);
    expect((await server.post('/api/file/byUploader', {}, await server.signIn('staff'))).statusCode).toBe(403);
  });

  it('examines a picture sent in chunks when it is put together, so a mark takes its hash without decoding it', async () => {
    const picture = logoPng(21);
    const upload = dataOf('file.startUpload', await start('分片图样.png', picture.length));
    expect(dataOf('file.uploadChunk', await putChunk(upload.uploadId, 0, picture)).received).toEqual([0]);
    const done = await server.call('file.completeUpload', { uploadId: upload.uploadId }, admin);
    const hash = hashForColumn(differenceHash(decodeImage(picture)));
    expect(await storedPicture(server.database.db, done.path)).toEqual({ image_status: 'hashed', hash });
    const mark = await server.call('brandArchives.addBrand', { appNo: 'CHUNK-LOGO-1', tmCl: 9, logoPath: done.path }, admin);
    expect(await markLogoHash(server.database.db, mark.id)).toBe(hash);
    // A document is not a picture: recorded as such, without reading it.
    const pdf = pdfOfSize(MB);
    const doc = dataOf('file.startUpload', await start('说明.pdf', pdf.length));
    await putChunk(doc.uploadId, 0, pdf);
    const stored = await server.call('file.completeUpload', { uploadId: doc.uploadId }, admin);
    expect(await storedPicture(server.database.db, stored.path)).toEqual({ image_status: 'unsupported', hash: null });
  });
});
