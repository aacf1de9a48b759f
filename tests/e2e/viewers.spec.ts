import { expect, test, type Locator, type Page } from './serverPerWorker.js';
import dayjs from 'dayjs';
import { openSignedIn, signIn, storedUser } from './support.js';
import { pdfWithPages } from './pdfFixture.js';

// A real 1 × 1 PNG, so the browser can show the uploaded picture.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const DAY = 'YYYY-MM-DD';

test.use({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1440, height: 900 } });

const cardTitled = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });

/** Pixels of the canvas that are not white: the page has been drawn once this is above zero. */
const inkOf = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    if (c.width === 0) return 0;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) ink++;
    return ink;
  });

async function openExample(page: Page): Promise<void> {
  await openSignedIn(page, 'admin', '/system/blockExample');
  await expect(page.getByRole('heading', { name: '构件示例' })).toBeVisible();
}

test('PDF preview: a two-page PDF uploaded for real, paged with 上一页/下一页, watermarked with the user, also in a dialog', async ({ page }) => {
  const lazyChunks: string[] = [];
  const workerLoads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/assets\/pdf-[^/]*\.js$/.test(url.pathname)) lazyChunks.push(url.pathname);
    if (url.pathname === '/pdf.worker.js') workerLoads.push(url.pathname);
  });
  await openExample(page);
  const card = cardTitled(page, 'PDF 预览');
  const inline = card.locator('.ant-formily-item').filter({ hasText: '页面内预览' });
  await expect(inline.getByText('暂无可预览的文件')).toBeVisible();
  // pdf.js is not part of the page until something is previewed.
  expect(lazyChunks).toEqual([]);

  await card.locator('input[type=file]').setInputFiles({ name: '两页官文.pdf', mimeType: 'application/pdf', buffer: pdfWithPages(['Page one', 'Page two']) });
  await expect(page.getByText('上传成功')).toBeVisible();
  const indicator = inline.getByTestId('pdf-page-indicator');
  const previous = inline.getByRole('button', { name: /上一页/ });
  const next = inline.getByRole('button', { name: /下一页/ });
  const canvas = inline.locator('canvas');
  await expect(indicator).toHaveText('1 / 2');
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  await expect.poll(() => inkOf(canvas)).toBeGreaterThan(500);
  const firstPage = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  expect(lazyChunks.length).toBeGreaterThan(0);
  expect(workerLoads).toEqual(['/pdf.worker.js']);

  await next.click();
  await expect(indicator).toHaveText('2 / 2');
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  await expect.poll(async () => (await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())) !== firstPage && (await inkOf(canvas)) > 500).toBe(true);
  await previous.click();
  await expect(indicator).toHaveText('1 / 2');

  // The signed-in user's name and phone lie over the page, and cannot be selected or clicked.
  const watermark = inline.getByTestId('preview-watermark');
  await expect(watermark.getByText('王管理').first()).toBeVisible();
  await expect(watermark.getByText('13800000001').first()).toBeVisible();
  expect(await watermark.evaluate((el) => [getComputedStyle(el).userSelect, getComputedStyle(el).pointerEvents])).toEqual(['none', 'none']);
  const covered = await watermark.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const page = el.parentElement!.querySelector('canvas')!.getBoundingClientRect();
    return Math.round(box.width) === Math.round(page.width) && Math.round(box.height) === Math.round(page.height);
  });
  expect(covered).toBe(true);
  await page.screenshot({ path: 'test-results/viewers-pdf.png' });

  await card.getByRole('button', { name: /^file-pdf 预览$|^预览$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-title')).toHaveText('官文预览');
  await expect(dialog.getByTestId('pdf-page-indicator')).toHaveText('1 / 2');
  await dialog.getByRole('button', { name: /下一页/ }).click();
  await expect(dialog.getByTestId('pdf-page-indicator')).toHaveText('2 / 2');
  await expect(dialog.getByTestId('preview-watermark').getByText('王管理').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('rich-text editor: Chinese toolbar, formatted typing, and a picture uploaded and embedded by address', async ({ page }) => {
  await openExample(page);
  const card = cardTitled(page, '富文本编辑器');
  const editor = card.getByRole('textbox', { name: '请输入正文，可插入图片' });
  await expect(editor).toBeVisible();
  for (const tip of [
    '加粗',
    '斜体',
    '下划线',
    '删除线',
    '有序列表',
    '无序列表',
    '减少缩进',
    '增加缩进',
    '从右向左',
    '插入图片',
    '标题',
    '字体',
    '字号',
    '文字颜色',
    '背景色',
    '对齐方式',
  ]) {
    await expect(card.getByRole('button', { name: tip, exact: true })).toBeVisible();
  }
  expect(await card.locator('.ql-size .ql-picker-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-label')))).toEqual([
    '小号',
    '正常',
    '大号',
    '超大',
  ]);

  await editor.click();
  await card.getByRole('button', { name: '加粗', exact: true }).click();
  await page.keyboard.type('续展提醒');
  await card.getByRole('button', { name: '加粗', exact: true }).click();
  await page.keyboard.type('：材料');
  await card.getByRole('button', { name: '字号', exact: true }).click();
  await card.locator('.ql-size .ql-picker-item[data-value="large"]').click();
  await page.keyboard.type('大号字');
  await expect(editor.locator('strong')).toHaveText('续展提醒');
  await expect(editor.locator('.ql-size-large')).toHaveText('大号字');
  await page.keyboard.press('Enter');
  await card.getByRole('button', { name: '有序列表', exact: true }).click();
  await page.keyboard.type('第一项');
  await expect(editor.locator('li')).toHaveText('第一项');

  // A picture is uploaded through the file operation and embedded by its address.
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: '插入图片', exact: true }).click();
  await (await chooser).setFiles({ name: '商标图样.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('上传成功')).toBeVisible();
  const picture = editor.locator('img');
  await expect(picture).toHaveAttribute('src', /^\/api\/file\/download\?path=\d+%2F\d{6}%2F[0-9a-f]{64}\.png$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(editor.locator('img[src^="data:"]')).toHaveCount(0);

  // A pasted picture file is uploaded the same way; pasted markup with a base64 picture loses the picture.
  await editor.evaluate((el, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const files = new DataTransfer();
    files.items.add(new File([bytes], '粘贴.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: files, bubbles: true, cancelable: true }));
  }, PNG.toString('base64'));
  await expect(editor.locator('img')).toHaveCount(2);
  await expect(editor.locator('img').nth(1)).toHaveAttribute('src', /^\/api\/file\/download\?path=/);
  await editor.evaluate((el, base64) => {
    const markup = new DataTransfer();
    markup.setData('text/html', `<p>粘贴的段落<img src="data:image/png;base64,${base64}"></p>`);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: markup, bubbles: true, cancelable: true }));
  }, PNG.toString('base64'));
  await expect(editor).toContainText('粘贴的段落');
  await expect(editor.locator('img')).toHaveCount(2);
  await expect(editor.locator('img[src^="data:"]')).toHaveCount(0);

  // Not a picture: refused before any upload.
  const again = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: '插入图片', exact: true }).click();
  await (await again).setFiles({ name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('不是图片') });
  await expect(page.getByText('文件只能是 jpg、png、gif、webp 格式')).toBeVisible();
  await expect(editor.locator('img')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/viewers-editor.png' });
});

test('memo: rich text saved with a script is stored and shown clean, and the page filters what it renders', async ({ page }) => {
  // The staff user's memos, removed again afterwards: other tests expect the admin's list to start
  // empty and the agent's release log unread.
  await signIn(page, 'staff');
  const { token } = await storedUser(page);
  try {
    await memoScenario(page, token);
  } finally {
    await page.unrouteAll();
    const { list } = (await (await page.request.post('/api/memo/list', { headers: { token }, data: { pageSize: 100 } })).json()).data;
    for (const memo of list as { id: number }[]) await page.request.post('/api/memo/delete', { headers: { token }, data: { id: memo.id } });
  }
});

async function memoScenario(page: Page, token: string): Promise<void> {
  const dirty =
    '<p>核对<strong>续展</strong>材料<script>window.__memoXss = 1</script><img src="x" onerror="window.__memoXss = 2">' +
    '<a href="javascript:window.__memoXss = 3">恶意链接</a></p>';
  const saved = await page.request.post('/api/memo/save', { headers: { token }, data: { content: dirty } });
  expect((await saved.json()).data.content).toBe('<p>核对<strong>续展</strong>材料恶意链接</p>');

  await page.goto('/memo');
  const list = page.locator('.ant-card').filter({ hasText: '我的备忘' });
  const item = list.getByRole('listitem').filter({ hasText: '核对续展材料恶意链接' });
  await expect(item.locator('strong')).toHaveText('续展');
  await expect(item.locator('script, img, a')).toHaveCount(0);

  // Typed in the editor, with a format, saved and shown formatted.
  const form = page.locator('.ant-card').filter({ hasText: '新建备忘' });
  await form.getByRole('textbox').click();
  await form.getByRole('button', { name: '斜体', exact: true }).click();
  await page.keyboard.type('周五前');
  await form.getByRole('button', { name: '斜体', exact: true }).click();
  await page.keyboard.type('提交答辩');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: '周五前提交答辩' }).locator('em')).toHaveText('周五前');
  await expect(form.getByRole('textbox')).toHaveText('');
  expect(await page.evaluate(() => (window as unknown as { __memoXss?: number }).__memoXss)).toBeUndefined();

  // Should anything unsanitised ever reach the page, it still renders only the allow-list.
  await page.route('**/api/memo/list', (route) =>
    route.fulfill({
      json: {
        code: 200,
        message: 'success',
        data: {
          count: 1,
          list: [
            {
              id: 999,
              content:
                '<p onclick="window.__memoXss = 4">未经清理<img src="x" onerror="window.__memoXss = 5"><a href="javascript:window.__memoXss = 6">链接</a><iframe src="about:blank"></iframe></p>',
              createdAt: '2025-01-01T00:00:00.000Z',
              updatedAt: '2025-01-01T00:00:00.000Z',
            },
          ],
        },
      },
    }),
  );
  await page.reload();
  const forged = page.locator('.ant-card').filter({ hasText: '我的备忘' }).getByRole('listitem').filter({ hasText: '未经清理' });
  await expect(forged).toBeVisible();
  await expect(forged.locator('img, iframe, [onclick]')).toHaveCount(0);
  await expect(forged.locator('a')).not.toHaveAttribute('href', /.*/);
  await forged.getByText('未经清理').click();
  expect(await page.evaluate(() => (window as unknown as { __memoXss?: number }).__memoXss)).toBeUndefined();
}

test('avatar initials, deadline wording, handling deadline choices, copy, empty state', async ({ page }) => {
  await openExample(page);
  // Avatars: the user's own (no picture), a broken picture, and one with the name beside it.
  await expect(page.getByLabel('王管理', { exact: true })).toHaveText('管理');
  const broken = page.getByLabel('张小明', { exact: true });
  await expect(broken).toHaveText('小明');
  await expect(broken.locator('img')).toHaveCount(0);
  await expect(page.getByLabel('欧阳娜娜', { exact: true })).toHaveText('娜娜');
  await expect(page.getByText('欧阳娜娜', { exact: true })).toBeVisible();

  const today = dayjs();
  const deadline = page.locator('.ant-formily-item').filter({ hasText: '官方期限' });
  const setDeadline = async (date: string) => {
    await deadline.getByLabel(/^修改期限/).click();
    const input = deadline.locator('.ant-picker input');
    await input.fill(date);
    await input.press('Enter');
    await expect(deadline.getByText(date, { exact: true })).toBeVisible();
  };
  await expect(deadline.getByText('--', { exact: true })).toBeVisible();
  await setDeadline(today.subtract(3, 'day').format(DAY));
  await expect(deadline.locator('.ant-tag')).toHaveText('已逾期 3 天');
  await expect(deadline.locator('.ant-tag')).toHaveClass(/ant-tag-error/);
  await setDeadline(today.format(DAY));
  await expect(deadline.locator('.ant-tag')).toHaveText('今天到期');
  await expect(deadline.locator('.ant-tag')).toHaveClass(/ant-tag-warning/);
  await setDeadline(today.add(5, 'day').format(DAY));
  await expect(deadline.locator('.ant-tag')).toHaveText('剩余 5 天');
  await expect(deadline.locator('.ant-tag')).toHaveClass(/ant-tag-warning/);
  await setDeadline(today.add(30, 'day').format(DAY));
  await expect(deadline.locator('.ant-tag')).toHaveText('剩余 30 天');
  await expect(deadline.locator('.ant-tag')).not.toHaveClass(/ant-tag-warning|ant-tag-error/);

  // 办理期限: labelled by default, quick choices, no past dates.
  const handling = page.locator('.ant-formily-item').filter({ has: page.getByPlaceholder('请选择办理期限') });
  await expect(handling.locator('.ant-formily-item-label')).toHaveText(/^办理期限:?$/);
  await handling.getByPlaceholder('请选择办理期限').click();
  const dropdown = page.locator('.ant-picker-dropdown:visible');
  await expect(dropdown.locator('.ant-picker-presets li')).toHaveText(['一周后', '两周后', '一个月后']);
  await expect(dropdown.locator(`td[title="${today.format(DAY)}"]`)).not.toHaveClass(/ant-picker-cell-disabled/);
  await expect(dropdown.locator('td.ant-picker-cell-disabled').first()).toBeVisible();
  await dropdown.getByText('一周后').click();
  await expect(handling.getByPlaceholder('请选择办理期限')).toHaveValue(today.add(1, 'week').format(DAY));
  await handling.getByPlaceholder('请选择办理期限').click();
  await dropdown.getByText('一个月后').click();
  await expect(handling.getByPlaceholder('请选择办理期限')).toHaveValue(today.add(1, 'month').format(DAY));

  // Copy: the text lands on the clipboard and 复制成功 appears.
  await page.getByRole('button', { name: '复制 G2025000123' }).click();
  await expect(page.getByText('复制成功')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('G2025000123');

  await expect(cardTitled(page, '空状态').getByText('请先搜索商标')).toBeVisible();
  await page.screenshot({ path: 'test-results/viewers-small.png', fullPage: true });
});

test('responsive grid: 3 columns at 1440 px (lg), 2 at 800 px (sm), 1 at 375 px (xs)', async ({ page }) => {
  await openExample(page);
  const grid = page.locator('.ipm-responsive-grid').filter({ has: cardTitled(page, '头像') });
  const items = grid.locator(':scope > .ipm-responsive-grid-item');
  await expect(items).toHaveCount(4);
  const rowsOf = async () => {
    const tops = await items.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    return tops.map((top) => tops.filter((t) => t === top).length);
  };
  await expect(grid).toHaveAttribute('data-columns', '3');
  expect(await rowsOf()).toEqual([3, 3, 3, 1]);
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(grid).toHaveAttribute('data-columns', '2');
  expect(await rowsOf()).toEqual([2, 2, 2, 2]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(grid).toHaveAttribute('data-columns', '1');
  expect(await rowsOf()).toEqual([1, 1, 1, 1]);
});
