import { expect, test, type Locator, type Page } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';

const ARCHIVE = '/brandManage/brandRecord';
const table = (page: Page) => page.locator('.ipm-generic-table');
const rows = (page: Page) => table(page).locator('tbody tr.ant-table-row');
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true });

async function showView(page: Page, view: '卡片' | '列表') {
  await page.locator('.ant-segmented').getByText(view).click();
  if (view === '列表') await expect(rows(page).first()).toBeVisible();
  else await expect(page.getByTestId('tm-card-list').locator('.tm-card').first()).toBeVisible();
}

async function call<T>(page: Page, path: string, data: object): Promise<T> {
  const { token } = await storedUser(page);
  const reply = await page.request.post(path, { headers: { token }, data });
  const body = await reply.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data as T;
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** The tag colours as a person sees them. */
const colours = (tag: Locator) =>
  tag.evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, text: s.color, border: s.borderColor };
  });

test('操作 is the last column with a custom field defined, and at 1280 and 1440 px covers no column before it; the 卡片/列表 switch stays on one line', async ({
  page,
}) => {
  await openSignedIn(page, 'admin', '/api/health');
  await call(page, '/customField/updateCustomFields', {
    type: 1,
    fields: [{ fieldTitle: '重要程度', fieldType: '单行文本', fieldContent: '{}', state: 1, isTop: 0, isFilter: 0 }],
  });
  try {
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(ARCHIVE);
      await showView(page, '列表');

      // The custom field's column comes before 操作, which ends the row at the table's right edge.
      await expect(header(page, '重要程度')).toBeAttached();
      // Header cells and row cells line up one to one, the checkbox column included.
      const titles = (await table(page).locator('thead th').allTextContents()).map((t) => t.trim());
      expect(titles.filter(Boolean).at(-1)).toBe('操作');
      expect(titles.indexOf('重要程度')).toBeLessThan(titles.indexOf('操作'));
      const frame = await box(table(page).locator('.ant-table-container'));
      const actions = await box(header(page, '操作'));
      expect(Math.abs(actions.x + actions.width - (frame.x + frame.width))).toBeLessThan(2);

      // The pinned 操作 column leaves 申请人 whole, in the header and in the rows.
      const applicant = await box(header(page, '申请人'));
      expect(applicant.x + applicant.width).toBeLessThanOrEqual(actions.x);
      const firstRow = rows(page).first();
      const applicantCell = await box(firstRow.locator('td').nth(titles.indexOf('申请人')));
      const actionCell = await box(firstRow.locator('td').last());
      expect(applicantCell.x + applicantCell.width).toBeLessThanOrEqual(actionCell.x);
      await expect(firstRow.locator('td').last().getByRole('button', { name: '删除' })).toBeInViewport();

      // The switch: both choices side by side, on the toolbar's first line with 新增商标.
      const toggle = page.locator('.ant-segmented');
      const [card, list] = [await box(toggle.getByText('卡片')), await box(toggle.getByText('列表'))];
      expect(Math.abs(card.y - list.y)).toBeLessThan(2);
      const add = await box(page.getByRole('button', { name: '新增商标' }));
      const switchBox = await box(toggle);
      expect(switchBox.y + switchBox.height / 2).toBeGreaterThan(add.y);
      expect(switchBox.y + switchBox.height / 2).toBeLessThan(add.y + add.height);
      await page.screenshot({ path: `/tmp/archive-list-${width}.png` });
    }
  } finally {
    const fields = await call<{ id: number; fieldTitle: string }[]>(page, '/customField/getCustomFieldList', { type: 1 });
    await call(page, '/customField/updateCustomFields', {
      type: 1,
      fields: fields.map((f) => ({ id: f.id, ...(f.fieldTitle === '重要程度' ? { delete: 1 } : {}) })),
    });
  }
});

test('a status has one colour on the cards and in the table', async ({ page }) => {
  await openSignedIn(page, 'admin', ARCHIVE);
  await showView(page, '卡片');
  const cards = page.getByTestId('tm-card-list');
  await expect(cards.locator('.tm-status-tag').first()).toBeVisible();
  // Two statuses of different colour groups on the first page, whichever marks other tests left there.
  const shown = await cards.locator('.tm-status-tag').evaluateAll((els) => [...new Set(els.map((el) => (el as HTMLElement).dataset.status ?? ''))]);
  const registered = shown.find((s) => s === '已注册' || s === '续展');
  const other = shown.find((s) => s !== '' && s !== '已注册' && s !== '续展');
  expect(registered, `卡片上的状态：${shown.join('、')}`).toBeDefined();
  expect(other, `卡片上的状态：${shown.join('、')}`).toBeDefined();
  const onCards = {
    registered: await colours(cards.locator(`.tm-status-tag[data-status="${registered}"]`).first()),
    other: await colours(cards.locator(`.tm-status-tag[data-status="${other}"]`).first()),
  };
  // Statuses differ by colour, so the test compares colours that mean something.
  expect(onCards.registered).not.toEqual(onCards.other);
  await showView(page, '列表');
  expect(await colours(table(page).locator(`.tm-status-tag[data-status="${registered}"]`).first())).toEqual(onCards.registered);
  expect(await colours(table(page).locator(`.tm-status-tag[data-status="${other}"]`).first())).toEqual(onCards.other);
});

test('progress bars follow the theme colour once it is changed', async ({ page }) => {
  await openSignedIn(page, 'admin', ARCHIVE);
  await expect(page.getByTestId('tm-card-list').locator('.tm-card').first()).toBeVisible();
  await page.getByLabel('主题设置').click();
  await page.locator('.ant-drawer').locator('.ant-color-picker-trigger').click();
  // The third recommended colour, #00b96b.
  await page.locator('.ant-color-picker-presets-color').nth(2).click();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('store-global') ?? '{}').primary)).toBe('#00b96b');
  const drawer = page.getByRole('dialog', { name: '主题设置' });
  await drawer.getByRole('button', { name: /close|关闭/i }).click();
  await expect(drawer).toBeHidden();
  const green = 'rgb(0, 185, 107)';

  // An export's progress: its first reply says it runs; the next ones are not let through, so it stays on screen.
  await page.route('**/api/brandExport/get', (route) => route.abort());
  await page.getByRole('button', { name: '导出' }).click();
  const exporting = page.getByRole('dialog', { name: '导出商标档案' });
  await exporting.getByRole('button', { name: /确\s*定/ }).click();
  await expect(exporting.locator('.ant-progress-bg')).toHaveCSS('background-color', green);
  await exporting.getByRole('button', { name: /^关\s*闭$/ }).click();
  await expect(exporting).toBeHidden();

  // The page-loading bar, held on screen while the guard waits for the menu.
  await page.route('**/homepage/getMenuList', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/memo');
  await expect(page.locator('#nprogress .bar')).toHaveCSS('background-color', green);
});

test('the first click on the default sort changes the order: the sort bar and the column header', async ({ page }) => {
  await openSignedIn(page, 'admin', ARCHIVE);
  await showView(page, '列表');
  const first = async (sortType: 'asc' | 'desc') =>
    (await call<{ list: { appNo: string }[] }>(page, '/brandArchives/queryBrandPage', { sortField: 'app_date', sortType, pageNo: 1, pageSize: 1 })).list[0]!
      .appNo;
  const [newest, oldest] = [await first('desc'), await first('asc')];
  expect(newest).not.toBe(oldest);

  // Without a choice the list is in the organisation's default order, 申请日期 descending, and says so.
  // Header cells and row cells line up one to one, the checkbox column included.
  const appNoColumn = async () => (await table(page).locator('thead th').allTextContents()).map((t) => t.trim()).indexOf('申请号');
  const firstAppNo = async () =>
    (
      (await rows(page)
        .first()
        .locator('td')
        .nth(await appNoColumn())
        .textContent()) ?? ''
    ).trim();
  await expect.poll(firstAppNo).toBe(newest);
  const byDate = page.getByRole('button', { name: /^申请日期/ });
  await expect(byDate).toHaveAccessibleName('申请日期 降序');
  await expect(header(page, '申请日期')).toHaveAttribute('aria-sort', 'descending');

  await byDate.click();
  await expect(byDate).toHaveAccessibleName('申请日期 升序');
  await expect.poll(firstAppNo).toBe(oldest);
  await byDate.click();
  await expect(byDate).toHaveAccessibleName('申请日期 降序');
  await expect.poll(firstAppNo).toBe(newest);

  // The column header on a fresh page: its first click flips the default too, and so does every further one.
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect(header(page, '申请日期')).toHaveAttribute('aria-sort', 'descending');
  await header(page, '申请日期').click();
  await expect(header(page, '申请日期')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(firstAppNo).toBe(oldest);
  await expect(page.getByRole('button', { name: /^申请日期/ })).toHaveAccessibleName('申请日期 升序');
  await header(page, '申请日期').click();
  await expect.poll(firstAppNo).toBe(newest);
  await header(page, '申请日期').click();
  await expect.poll(firstAppNo).toBe(oldest);
});
