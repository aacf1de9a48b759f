import { expect, test, type Locator, type Page } from './serverPerWorker.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSignedIn } from './support.js';
import { drawnPng, PDF } from './testFiles.js';

const MB = 1024 * 1024;

function field(page: Page, label: string): Locator {
  return page.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: label }) });
}

/** Counts the calls that carry file bytes, to show a refused file is never sent. */
function countUploads(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (/\/api\/file\/(upload|chunked\/chunk)/.test(request.url())) count++;
  });
  return { count: () => count };
}

test.beforeEach(async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/blockExample');
  await expect(page.getByRole('heading', { name: '构件示例' })).toBeVisible();
});

test('thumbnails: pictures and file icons, preview, download, delete, and the add card hidden at the limit', async ({ page }) => {
  const thumbnails = field(page, '缩略图上传（最多 5 个）');
  const input = thumbnails.locator('input[type=file]');
  const picture = await drawnPng(page, 320, 200);
  await input.setInputFiles([
    { name: '商标图样.png', mimeType: 'image/png', buffer: picture },
    { name: '委托书.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('商标使用说明') },
  ]);
  await expect(thumbnails.locator('.ipm-thumb')).toHaveCount(3);
  await expect(page.getByText('上传成功').first()).toBeVisible();
  // The picture itself, loaded through the download address; the others by their type icon.
  const image = thumbnails.locator('.ipm-thumb[data-file="商标图样.png"] img');
  await expect(image).toHaveAttribute('src', /^\/api\/file\/download\?path=/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(thumbnails.locator('.ipm-thumb[data-file="委托书.pdf"]').getByLabel('pdf 文件')).toBeVisible();
  await expect(thumbnails.locator('.ipm-thumb[data-file="说明.txt"]').getByLabel('txt 文件')).toBeVisible();

  const pictureTile = thumbnails.locator('.ipm-thumb[data-file="商标图样.png"]');
  await pictureTile.hover();
  await pictureTile.getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: '商标图样.png' });
  await expect(preview.locator('img')).toBeVisible();
  // 40% of the window wide, once the opening animation is over.
  const modal = page.locator('.ant-modal').filter({ hasText: '商标图样.png' });
  const fortyPercent = page.viewportSize()!.width * 0.4;
  await expect.poll(async () => Math.round((await modal.boundingBox())!.width)).toBe(Math.round(fortyPercent));
  await page.screenshot({ path: 'test-results/uploads-preview.png' });
  await preview.getByRole('button', { name: 'Close' }).or(preview.getByLabel('Close')).first().click();
  await expect(preview).toBeHidden();

  const pdfTile = thumbnails.locator('.ipm-thumb[data-file="委托书.pdf"]');
  await pdfTile.hover();
  const [download] = await Promise.all([page.waitForEvent('download'), pdfTile.getByRole('button', { name: '下载' }).click()]);
  expect(download.suggestedFilename()).toBe('委托书.pdf');
  // A PDF opens in the PDF previewer rather than downloading.
  await pdfTile.hover();
  await pdfTile.getByRole('button', { name: '预览' }).click();
  const pdfPreview = page.getByRole('dialog', { name: '委托书.pdf' });
  await expect(pdfPreview).toBeVisible();
  await pdfPreview.getByLabel('Close').first().click();
  await expect(pdfPreview).toBeHidden();

  // Three more chosen at once with room for two: the count message, and only two are sent.
  const sent = countUploads(page);
  await input.setInputFiles([
    { name: '证据一.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: '证据二.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: '证据三.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await expect(page.getByText('最多只能上传 5 个文件')).toBeVisible();
  await expect(thumbnails.locator('.ipm-thumb')).toHaveCount(5);
  expect(sent.count()).toBe(2);
  await expect(thumbnails.locator('.ipm-thumb-add')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/uploads-thumbnails.png', fullPage: true });

  await pdfTile.hover();
  await pdfTile.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('文件已移除')).toBeVisible();
  await expect(thumbnails.locator('.ipm-thumb')).toHaveCount(4);
  await expect(thumbnails.locator('.ipm-thumb-add')).toBeVisible();
});

test('refused files are never sent: over 30 MB, a type the server does not take', async ({ page }) => {
  const thumbnails = field(page, '缩略图上传（最多 5 个）');
  const sent = countUploads(page);
  const dir = mkdtempSync(join(tmpdir(), 'ipm-e2e-'));
  const scan = join(dir, '扫描件.pdf');
  writeFileSync(scan, Buffer.alloc(31 * MB, 0x20));
  await thumbnails.locator('input[type=file]').setInputFiles(scan);
  rmSync(dir, { recursive: true, force: true });
  await expect(page.getByText('上传文件大小不能超过 30MB!')).toBeVisible();
  await thumbnails.locator('input[type=file]').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByText(/^文件只能是 pdf、jpg、png、gif、webp、doc、docx/)).toBeVisible();
  expect(sent.count()).toBe(0);
  await expect(thumbnails.locator('.ipm-thumb')).toHaveCount(0);
});

test('crop: the dialog frames a picture scaled to fit 980×600 and uploads a JPEG of the chosen part', async ({ page }) => {
  const cropped = field(page, '裁剪后上传（最多 3 张）');
  const sent = countUploads(page);
  await cropped.locator('input[type=file]').setInputFiles({ name: '标志.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('文件只能是 jpg、png 格式')).toBeVisible();
  expect(sent.count()).toBe(0);

  await cropped.locator('input[type=file]').setInputFiles({ name: '商标图样.png', mimeType: 'image/png', buffer: await drawnPng(page, 1600, 900) });
  const dialog = page.getByRole('dialog', { name: '请裁剪掉不需要的部分，以保证检索结果准确' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.reactEasyCrop_Image')).toBeVisible();
  await dialog.getByText('1:1', { exact: true }).click();
  await page.screenshot({ path: 'test-results/uploads-crop.png' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(cropped.locator('.ipm-thumb')).toHaveCount(1);
  const tile = cropped.locator('.ipm-thumb[data-file="商标图样.jpg"]');
  await expect(tile).toBeVisible();
  // What the server stored is a JPEG of a square cut from the 980 × 551 picture.
  const stored = await tile.locator('img').evaluate(async (img: HTMLImageElement) => {
    const response = await fetch(img.src);
    const bitmap = await createImageBitmap(await response.blob());
    return { type: response.headers.get('content-type'), width: bitmap.width, height: bitmap.height };
  });
  expect(stored).toEqual({ type: 'image/jpeg', width: 551, height: 551 });
});

test('image list: remarks of at most 20 characters, three pictures by default, each cropped', async ({ page }) => {
  const list = field(page, '图片与备注');
  const picture = await drawnPng(page, 400, 300);
  for (const [i, name] of ['一.png', '二.png', '三.png'].entries()) {
    await list.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: picture });
    const dialog = page.getByRole('dialog', { name: '请裁剪掉不需要的部分，以保证检索结果准确' });
    await expect(dialog.locator('.reactEasyCrop_Image')).toBeVisible();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(list.locator('.ipm-image-remark')).toHaveCount(i + 1);
  }
  // At the default limit of three the add card is gone.
  await expect(list.locator('.ipm-thumb-add')).toHaveCount(0);
  const remark = list.getByLabel('图片1备注');
  await remark.fill('这是一段超过二十个字的备注文字，用来检查字数限制是否生效');
  await expect(remark).toHaveValue('这是一段超过二十个字的备注文字，用来检查');
  await expect(list.locator('.ipm-image-remark').first().locator('.ant-input-show-count-suffix, .ant-input-data-count')).toHaveText('20 / 20');
  // Each entry shows its cropped picture, a JPEG beside the original upload.
  await expect(list.locator('.ipm-image-remark img').first()).toHaveAttribute('src', /\.jpg$/);
  await list.locator('.ipm-thumb').nth(1).hover();
  await list.locator('.ipm-thumb').nth(1).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('文件已移除')).toBeVisible();
  await expect(list.getByLabel('图片2备注')).toHaveCount(1);
  await expect(list.getByLabel('图片3备注')).toHaveCount(0);
  await expect(list.locator('.ipm-thumb-add')).toBeVisible();
});

test('table cells: three thumbnails then +N, the cell’s add button hidden at four files', async ({ page }) => {
  const cell = field(page, '表格单元格样式');
  const files = ['一', '二', '三', '四'].map((n) => ({ name: `材料${n}.pdf`, mimeType: 'application/pdf', buffer: PDF }));
  await cell.locator('input[type=file]').setInputFiles(files.slice(0, 3));
  await expect(cell.locator('.ipm-thumb')).toHaveCount(3);
  await expect(cell.getByRole('button', { name: '上传' })).toBeVisible();
  await cell.locator('input[type=file]').setInputFiles(files[3]);
  await expect(cell.getByText('+1')).toBeVisible();
  await expect(cell.locator('.ipm-thumb')).toHaveCount(3);
  await expect(cell.getByRole('button', { name: '上传' })).toHaveCount(0);

  // The generic table's thumbnails column: the uploader's row shows 3 and counts the rest.
  const table = page.locator('.ipm-generic-table').filter({ hasText: '各成员上传的文件' });
  await table.getByRole('button', { name: '刷新' }).click();
  const row = table.locator('tr.ant-table-row').filter({ hasText: '王管理' });
  await expect(row.locator('.ipm-thumb')).toHaveCount(3);
  const count = Number(await row.locator('td').nth(1).innerText());
  expect(count).toBeGreaterThanOrEqual(4);
  await expect(row.getByText(`+${Math.min(count, 20) - 3}`)).toBeVisible();
  await row.getByText(`+${Math.min(count, 20) - 3}`).click();
  await expect(page.locator('.ant-popover').getByText(`全部文件（${Math.min(count, 20)}）`)).toBeVisible();
  // Read-only: preview and download, no delete.
  await row.locator('.ipm-thumb').first().hover();
  await expect(row.locator('.ipm-thumb').first().getByRole('button', { name: '下载' })).toBeVisible();
  await expect(row.locator('.ipm-thumb').first().getByRole('button', { name: '删除' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/uploads-table.png', fullPage: true });
});

test('official documents: their own types and 100 MB, and a 60 MB file in resumable chunks with a progress bar', async ({ page }) => {
  const official = field(page, '官文上传');
  const dir = mkdtempSync(join(tmpdir(), 'ipm-e2e-'));
  try {
    await official.locator('input[type=file]').setInputFiles({ name: '材料.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
    await expect(page.getByText('请上传pdf、jpg、jpeg、png、doc、docx格式的文件')).toBeVisible();
    const huge = join(dir, '超大官文.pdf');
    writeFileSync(huge, Buffer.alloc(100 * MB + 1, 0x20));
    await official.locator('input[type=file]').setInputFiles(huge);
    await expect(page.getByText('上传文件大小不能超过100MB')).toBeVisible();

    const big = join(dir, '异议裁定书.pdf');
    const bytes = Buffer.alloc(60 * MB, 0x20);
    PDF.copy(bytes);
    writeFileSync(big, bytes);
    // The connection drops at the sixth chunk, however often it is retried.
    let chunks = 0;
    await page.route('**/api/file/chunked/chunk', async (route) => {
      chunks++;
      if (chunks >= 6) return route.abort('connectionreset');
      return route.continue();
    });
    await official.locator('input[type=file]').setInputFiles(big);
    await expect(official.locator('.ant-upload-list-item-progress')).toBeVisible();
    await official.locator('.ant-upload-list-item-progress').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/uploads-official-progress.png' });
    await expect(page.getByText('上传失败，请重试')).toBeVisible({ timeout: 30_000 });
    await expect(official.locator('.ant-upload-list-item').filter({ hasText: '异议裁定书.pdf' })).toHaveCount(0);
    await page.unroute('**/api/file/chunked/chunk');

    // Choosing the same file again asks the server what it has and sends only the rest.
    const resent: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/file/chunked/chunk')) resent.push(1);
    });
    const status = page.waitForResponse('**/api/file/chunked/status');
    await official.locator('input[type=file]').setInputFiles(big);
    expect((await (await status).json()).data.received).toEqual([0, 1, 2, 3, 4]);
    await expect(official.locator('.ant-upload-list-item-done').filter({ hasText: '异议裁定书.pdf' })).toBeVisible({ timeout: 30_000 });
    expect(resent).toHaveLength(7);
    await page.screenshot({ path: 'test-results/uploads-official.png', fullPage: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
