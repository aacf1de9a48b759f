import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { EXE, MB, multipart, pdfOfSize } from './support/multipart.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe.skipIf(skipThisDatabase)(`file upload and download (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let admin: string;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-files-'));
    server = await startTestServer({ filesDir });
    admin = await server.signIn('admin');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

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
});
