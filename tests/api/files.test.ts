import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { EXE, MB, multipart, pdfOfSize } from './support/multipart.js';
import { startS3Server, type TestBucket } from '../s3Server.js';
import { download, readXlsx, waitFor, xlsxOf } from './support/xlsx.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { IMPORT_COLUMNS } from '../../src/server/trademarks/importColumns.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// The same suite with the files on the local disk and in a bucket of an S3-compatible server.
describe.skipIf(skipThisDatabase).each(['disk', 's3'] as const)(`file upload and download (${dbKind}, %s)`, (store) => {
  let server: TestServer;
  let filesDir: string;
  let bucket: TestBucket | undefined;
  let admin: string;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-files-'));
    bucket = store === 's3' ? await startS3Server() : undefined;
    server = await startTestServer({ filesDir, objectStorage: bucket?.settings });
    admin = await server.signIn('admin');
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  /** Where the file's bytes are: in the bucket and not on the local disk, or the other way round. */
  const expectStored = async (path: string, size: number) => {
    expect(server.services.files.objects.kind).toBe(store);
    expect(await server.services.files.objects.stat(path)).toEqual({ size });
    expect(existsSync(join(filesDir, path))).toBe(store === 'disk');
  };
  const fileRows = (name: string) => server.database.db.selectFrom('files').select('id').where('original_name', '=', name).execute();

  const upload = (name: string, content: Buffer, token = admin, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipart(name, content, fields);
    return server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token } });
  };

  it('stores a real PDF and hands back its path, and the owner downloads it', async () => {
    const file = dataOf('file.upload', await upload('商标注册证.pdf', PDF));
    expect(file).toMatchObject({ name: '商标注册证.pdf', size: PDF.length, type: 'pdf', status: 'done' });
    expect(file.path).toMatch(/^\d+\/\d{6}\/[0-9a-f]{64}\.pdf$/);
    const down = await server.app.inject({ method: 'GET', url: file.url, headers: { token: admin } });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toContain(encodeURIComponent('商标注册证.pdf'));
    expect(down.rawPayload.equals(PDF)).toBe(true);
    await expectStored(file.path, PDF.length);
  });

  it('refuses a program renamed to .pdf, and stores nothing', async () => {
    const res = await upload('invoice.pdf', EXE);
    expect(res.statusCode).toBe(422);
    expect(res.json().subMessage).toBe('文件内容与扩展名 .pdf 不符（实际为 exe）');
    const rows = await server.database.db.selectFrom('files').select('original_name').where('original_name', '=', 'invoice.pdf').execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses an extension outside the list, and a PNG passed off as text', async () => {
    expect((await upload('setup.exe', EXE)).json().subMessage).toMatch(/^文件类型只能是 pdf、jpg、jpeg、png/);
    expect((await upload('notes.txt', PNG)).json().subMessage).toBe('文件内容与扩展名 .txt 不符（实际为 png）');
  });

  it('accepts a 29 MB PDF and refuses 31 MB with the spec’s message, storing nothing of it', async () => {
    const accepted = dataOf('file.upload', await upload('29MB.pdf', pdfOfSize(29 * MB)));
    expect(accepted).toMatchObject({ name: '29MB.pdf', size: 29 * MB, type: 'pdf' });
    await expectStored(accepted.path, 29 * MB);
    expect((await upload('big.txt', Buffer.alloc(29 * MB, 0x61))).statusCode).toBe(200);
    const res = await upload('too-big.pdf', pdfOfSize(31 * MB));
    expect(res.statusCode).toBe(413);
    expect(res.json().subMessage).toBe('上传文件大小不能超过 30MB!');
    const rows = await server.database.db.selectFrom('files').select('id').where('original_name', '=', 'too-big.pdf').execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses 60 MB on the general path even when sent in one piece', async () => {
    const res = await upload('60MB.pdf', pdfOfSize(60 * MB));
    expect(res.statusCode).toBe(413);
    expect(res.json().subMessage).toBe('上传文件大小不能超过 30MB!');
  });

  it('takes official documents up to 100 MB, of their own types only', async () => {
    const official = { purpose: 'officialDocument' };
    const ok = dataOf('file.upload', await upload('驳回通知书.pdf', pdfOfSize(35 * MB), admin, official));
    expect(ok).toMatchObject({ name: '驳回通知书.pdf', size: 35 * MB });
    const zip = await upload('材料.zip', Buffer.from('504b0304', 'hex'), admin, official);
    expect(zip.statusCode).toBe(422);
    expect(zip.json().subMessage).toBe('请上传pdf、jpg、jpeg、png、doc、docx格式的文件');
    const renamed = await upload('通知书.pdf', EXE, admin, official);
    expect(renamed.json().subMessage).toBe('文件内容与扩展名 .pdf 不符（实际为 exe）');
    const unknown = await upload('a.pdf', PDF, admin, { purpose: 'anything' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().subMessage).toBe('请求参数有误：上传用途的取值只能是：general、officialDocument、spreadsheet');
  });

  it('does not serve one organisation’s file to another', async () => {
    const file = dataOf('file.upload', await upload('logo.png', PNG));
    const other = await server.signIn('corpAdmin');
    const res = await server.app.inject({ method: 'GET', url: file.url, headers: { token: other } });
    expect(res.statusCode).toBe(404);
    expect(res.json().subMessage).toBe('文件不存在或无权访问');
    const forged = await server.app.inject({ method: 'GET', url: '/api/file/download?path=..%2F..%2Fetc%2Fpasswd', headers: { token: admin } });
    expect(forged.statusCode).toBe(422);
  });

  it('needs a file part', async () => {
    const res = await server.post('/api/file/upload', {}, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().subMessage).toBe('请以 multipart/form-data 上传，文件字段为 file');
  });

  it('reads and writes every other file through the store: a picture hashed, an import’s sheet read, an export written', async () => {
    const picture = dataOf('file.upload', await upload('图样.png', logoPng(3)));
    expect((await server.call('tmSearch.graphicRetrieval', { path: picture.path }, admin)).hash).toMatch(/^[0-9a-f]{16}$/);

    const headers = IMPORT_COLUMNS.map((c) => c.header);
    const values: Record<string, string> = { 商标名称: '星河', 申请号: 'OBJ-1' };
    const row = headers.map((h) => values[h] ?? null);
    const sheet = dataOf('file.upload', await upload('商标清单.xlsx', await xlsxOf(headers, [row]), admin, { purpose: 'spreadsheet' }));
    const check = await server.call('brandImport.check', { path: sheet.path }, admin);
    const checked = await waitFor(() => server.call('brandImport.job', { id: check.id }, admin), ['checking']);
    expect(checked).toMatchObject({ status: 'checked', totalRows: 1 });

    const started = await server.call('brandExport.start', { filter: {} }, admin);
    const exported = await waitFor(() => server.call('brandExport.get', { id: started.id }, admin), ['running']);
    expect(exported.status, exported.message ?? '').toBe('done');
    const workbook = await download(server, admin, exported.fileUrl!);
    expect(await readXlsx(workbook)).toHaveLength(exported.rowCount + 1);
    await expectStored(new URL(exported.fileUrl!, 'http://ipm').searchParams.get('path')!, workbook.length);
  });

  const token = (fileName: string, size: number, as = admin) => server.call('file.getOssToken', { fileName, size, purpose: 'officialDocument' }, as);
  const putTo = (direct: { url?: string; method?: string; headers?: Record<string, string> }, body: Buffer) =>
    fetch(direct.url!, { method: direct.method, headers: direct.headers, body: new Uint8Array(body) });

  it.runIf(store === 'disk')('answers that large files go in chunks when no object store is configured', async () => {
    const reply = await token('裁定书.pdf', 60 * MB);
    expect(reply).toEqual({ direct: false, message: '未配置对象存储，不能直传：大文件请使用分片上传（/api/file/chunked/start）' });
  });

  it.runIf(store === 's3')('hands out a presigned PUT; the browser uploads to the bucket and registers the file', async () => {
    const file = pdfOfSize(3 * MB);
    const before = Date.now();
    const direct = await token('驳回复审决定书.pdf', file.length);
    expect(direct).toMatchObject({ direct: true, method: 'PUT', headers: { 'content-type': 'application/pdf' } });
    expect(direct.key).toMatch(/^\d+\/incoming\/[0-9a-f]{32}\.pdf$/);
    expect(direct.url).toContain(`${bucket!.settings.endpoint}/${bucket!.settings.bucket}/ipm/${direct.key}?`);
    expect(direct.url).toContain('X-Amz-Signature=');
    const expires = new Date(direct.expiresAt!).getTime() - before;
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000 + 1000);
    // Nothing is a file until the upload is registered.
    expect(await fileRows('驳回复审决定书.pdf')).toHaveLength(0);
    const early = await server.send('file.registerOssUpload', { key: direct.key! }, admin);
    expect(early.statusCode).toBe(422);
    expect(early.json().subMessage).toBe('对象存储中还没有这个文件：请先上传到申请到的地址，再登记');

    expect((await putTo(direct, file)).status).toBe(200);
    const stored = await server.call('file.registerOssUpload', { key: direct.key! }, admin);
    expect(stored).toMatchObject({ name: '驳回复审决定书.pdf', size: file.length, type: 'pdf', status: 'done' });
    // Named by its content like any upload, and the uploaded object moved there.
    expect(stored.path).toMatch(new RegExp(`^\\d+/\\d{6}/${sha(file)}\\.pdf$`));
    await expectStored(stored.path, file.length);
    expect(await server.services.files.objects.stat(direct.key!)).toBeNull();
    const down = await server.app.inject({ method: 'GET', url: stored.url, headers: { token: admin } });
    expect(sha(down.rawPayload)).toBe(sha(file));
    const again = await server.send('file.registerOssUpload', { key: direct.key! }, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().subMessage).toBe('没有这个对象键的上传，或上传已过期，请重新上传');
  });

  it.runIf(store === 's3')('refuses another organisation’s keys, and the type and size rules hold before a byte is sent', async () => {
    const direct = await token('机密.pdf', PDF.length);
    const other = await server.signIn('corpAdmin');
    const foreign = await server.send('file.registerOssUpload', { key: direct.key! }, other);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().subMessage).toBe('对象键属于其他组织，不能登记');
    // The same upload id under the other organisation's own prefix names no upload of theirs.
    const theirOrg = (await token('他们的.pdf', PDF.length, other)).key!.split('/')[0];
    const forged = await server.send('file.registerOssUpload', { key: direct.key!.replace(/^\d+/, theirOrg!) }, other);
    expect(forged.statusCode).toBe(404);
    // Nor does a direct upload take chunks.
    const uploadId = direct.key!.split('/')[2]!.replace(/\.pdf$/, '');
    const { payload, headers } = multipart('blob', PDF, { uploadId, index: '0' });
    const chunk = await server.app.inject({ method: 'POST', url: '/api/file/chunked/chunk', payload, headers: { ...headers, token: admin } });
    expect(chunk.statusCode).toBe(404);
    expect(chunk.json().subMessage).toBe('上传任务不存在或已过期，请重新上传');
    expect((await server.send('file.getOssToken', { fileName: 'setup.exe', size: 10, purpose: 'officialDocument' }, admin)).json().subMessage).toBe(
      '请上传pdf、jpg、jpeg、png、doc、docx格式的文件',
    );
    const tooBig = await server.send('file.getOssToken', { fileName: '说明.pdf', size: 100 * MB + 1, purpose: 'officialDocument' }, admin);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().subMessage).toBe('上传文件大小不能超过100MB');
  });

  it.runIf(store === 's3')('keeps nothing of an upload that is not the announced size or not what its name says', async () => {
    const short = await token('少了.pdf', 2 * MB);
    await putTo(short, pdfOfSize(MB));
    const wrongSize = await server.send('file.registerOssUpload', { key: short.key! }, admin);
    expect(wrongSize.statusCode).toBe(422);
    expect(wrongSize.json().subMessage).toBe(`上传的文件为 ${MB} 字节，与申请时声明的 ${2 * MB} 字节不符，请重新上传`);
    expect(await server.services.files.objects.stat(short.key!)).toBeNull();

    const renamed = await token('通知书.pdf', EXE.length);
    await putTo(renamed, EXE);
    const mismatch = await server.send('file.registerOssUpload', { key: renamed.key! }, admin);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().subMessage).toBe('文件内容与扩展名 .pdf 不符（实际为 exe）');
    expect(await server.services.files.objects.stat(renamed.key!)).toBeNull();
    expect([...(await fileRows('少了.pdf')), ...(await fileRows('通知书.pdf'))]).toHaveLength(0);
  });
});
