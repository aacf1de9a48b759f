import { expect, test } from './serverPerWorker.js';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSignedIn, storedUser } from './support.js';
import { startServerProcess, stopServerProcess } from '../serverProcess.js';
import { startS3Server, type TestBucket } from '../s3Server.js';

const MB = 1024 * 1024;
const PORT = Number(process.env.E2E_PORT ?? 3210) + 52;
const BASE = `http://localhost:${PORT}`;

test.use({ baseURL: BASE });

let bucket: TestBucket | undefined;
let server: ChildProcess | undefined;
let filesDir = '';

// A server whose files live in a bucket of an S3-compatible server that lets the site's pages upload to it.
test.beforeAll(async () => {
  bucket = await startS3Server(BASE);
  const s3 = bucket.settings;
  filesDir = mkdtempSync(join(tmpdir(), 'ipm-e2e-files-'));
  server = await startServerProcess(PORT, {
    ...process.env,
    DATA_DIR: 'memory://',
    FILES_DIR: filesDir,
    SKIP_WEB_BUILD: '1',
    LOG_LEVEL: 'warn',
    LOGIN_SLOWDOWN_MS: '0',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_PREFIX: s3.prefix,
  });
});

test.afterAll(async () => {
  if (server) await stopServerProcess(server);
  await bucket?.stop();
  rmSync(filesDir, { recursive: true, force: true });
});

test('a 60 MB official document goes from the browser straight to the bucket, then downloads with identical bytes', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'ipm-e2e-'));
  try {
    await openSignedIn(page, 'admin', '/system/blockExample');
    const official = page.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: '官文上传' }) });
    const bytes = Buffer.alloc(60 * MB, 0x20);
    Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n').copy(bytes);
    const big = join(dir, '驳回复审决定书.pdf');
    writeFileSync(big, bytes);

    const toBucket: string[] = [];
    const chunked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(bucket!.settings.endpoint!) && request.method() === 'PUT') toBucket.push(request.url());
      if (request.url().includes('/api/file/chunked/')) chunked.push(request.url());
    });
    const registered = page.waitForResponse('**/api/upload/registerOssUpload');
    await official.locator('input[type=file]').setInputFiles(big);
    const reply = (await (await registered).json()) as { data: { path: string; size: number } };
    await expect(official.locator('.ant-upload-list-item-done').filter({ hasText: '驳回复审决定书.pdf' })).toBeVisible({ timeout: 60_000 });
    expect(toBucket).toHaveLength(1);
    expect(toBucket[0]).toContain(`/${bucket!.settings.bucket}/ipm/`);
    expect(chunked).toEqual([]);

    const { token } = await storedUser(page);
    const download = await page.request.get(`/api/file/download?path=${encodeURIComponent(reply.data.path)}`, { headers: { token } });
    expect(download.status()).toBe(200);
    const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(sha(await download.body())).toBe(sha(bytes));
    expect(reply.data).toMatchObject({ size: 60 * MB });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
