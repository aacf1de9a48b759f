import { expect, test, type Page, type Request } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';
import { callApi } from './callApi.js';

const HANGZHOU = '杭州青禾食品有限公司';
const SHENZHEN = '深圳云帆电子科技有限公司';
const ZHOU = '周明--上海市徐汇区漕溪北路 12 号';

const section = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });
const sortingCard = (page: Page) => section(page, '搜索表单、排序栏与行抽屉');
const names = (page: Page, title = '搜索表单、排序栏与行抽屉') => section(page, title).locator('.ipm-generic-table tbody tr.ant-table-row td:nth-child(2)');

/** The enterprise-list requests the page sends from now on, with when each left. */
function listRequests(page: Page): { body: Record<string, unknown>; at: number }[] {
  const seen: { body: Record<string, unknown>; at: number }[] = [];
  page.on('request', (r: Request) => {
    if (r.url().endsWith('/enterPrise/getList')) seen.push({ body: r.postDataJSON() as Record<string, unknown>, at: Date.now() });
  });
  return seen;
}

// No script error on the way, in any of the tests below.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
});
test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

/** Opens the building-block page, the heaviest there is: on a busy two-core machine its first rows may take longer than the usual wait. */
async function openExample(page: Page) {
  await openSignedIn(page, 'admin', '/system/blockExample');
  await expect(names(page)).toHaveText([HANGZHOU, SHENZHEN, ZHOU], { timeout: 60_000 });
}

test('sort presets toggle and re-fetch; custom sort checks its rows; saved presets follow the user to a reload and another browser', async ({
  page,
  browser,
}) => {
  await openExample(page);
  const card = sortingCard(page);
  const requests = listRequests(page);

  const byName = card.getByRole('button', { name: /^申请人名称/ });
  await byName.click();
  await expect(byName).toHaveAccessibleName('申请人名称 降序');
  await expect(names(page)).toHaveText([SHENZHEN, HANGZHOU, ZHOU]);
  // The rows may show from the cache first; the request follows.
  await expect.poll(() => requests.at(-1)?.body).toMatchObject({ sortField: 'applicantName', sortType: 'desc', pageNo: 1 });
  await byName.click();
  await expect(byName).toHaveAccessibleName('申请人名称 升序');
  await expect(names(page)).toHaveText([ZHOU, HANGZHOU, SHENZHEN]);

  const byType = card.getByRole('button', { name: /^申请人类型/ });
  await byType.click();
  await expect(byType).toHaveAccessibleName('申请人类型 降序');
  await expect(byName).toHaveAccessibleName('申请人名称');
  await expect(names(page)).toHaveText([HANGZHOU, SHENZHEN, ZHOU]);
  // The rows may show from the cache first; the request follows.
  await expect.poll(() => requests.at(-1)?.body).toMatchObject({ sortField: 'applicantType', sortType: 'desc' });

  // 自定义排序 opens with the current sort; a row without a field blocks adding and sorting.
  await card.getByRole('button', { name: '自定义排序' }).click();
  const popover = page.locator('.ant-popover').filter({ hasText: '自定义排序' });
  await expect(popover.locator('.ipm-custom-sort-row')).toHaveCount(1);
  await expect(popover.locator('.ipm-custom-sort-row').first()).toContainText('申请人类型');
  await popover.getByRole('button', { name: '添加排序条件' }).click();
  await expect(popover.locator('.ipm-custom-sort-row')).toHaveCount(2);
  await popover.getByRole('button', { name: '添加排序条件' }).click();
  await expect(page.getByText('请补充完排序信息再进行添加')).toBeVisible();
  await expect(popover.locator('.ipm-custom-sort-row')).toHaveCount(2);
  const sent = requests.length;
  await popover.getByRole('button', { name: /^排\s*序$/ }).click();
  await expect(page.getByText('请补充完排序信息再进行排序')).toBeVisible();
  await page.waitForTimeout(300);
  expect(requests.length).toBe(sent);

  const second = popover.locator('.ipm-custom-sort-row').nth(1);
  await second.getByRole('combobox', { name: '排序字段2' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '申请人名称' }).click();
  await second.getByText('降序').click();
  await popover.getByRole('button', { name: /^排\s*序$/ }).click();
  await expect(popover).toBeHidden();
  await expect(names(page)).toHaveText([SHENZHEN, HANGZHOU, ZHOU]);
  // This sort was fetched when the custom sort was applied; within swr's deduping window the
  // preset shows those rows again without a second request.
  await expect.poll(() => requests.some((r) => r.body.sortField === 'applicantType,applicantName' && r.body.sortType === 'desc,desc')).toBe(true);
  await expect(byType).toHaveAccessibleName('申请人类型');

  // Saved as a preset: it asks for a name.
  await card.getByRole('button', { name: '自定义排序' }).click();
  await expect(popover.locator('.ipm-custom-sort-row')).toHaveCount(2);
  await popover.getByRole('button', { name: '保存为常用排序' }).click();
  const naming = page.getByRole('dialog', { name: '保存排序' });
  await naming.getByRole('button', { name: /确\s*定/ }).click();
  await expect(naming.getByText('请输入排序名称')).toBeVisible();
  await naming.getByLabel('排序名称').fill('类型与名称倒序');
  await naming.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(naming).toBeHidden();
  const saved = card.getByRole('button', { name: '类型与名称倒序', exact: true });
  await expect(saved).toBeVisible();

  await byName.click();
  await expect(names(page)).toHaveText([SHENZHEN, HANGZHOU, ZHOU]);
  await byName.click();
  await expect(names(page)).toHaveText([ZHOU, HANGZHOU, SHENZHEN]);
  await saved.click();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(names(page)).toHaveText([SHENZHEN, HANGZHOU, ZHOU]);
  // This sort was fetched when the custom sort was applied; within swr's deduping window the
  // preset shows those rows again without a second request.
  await expect.poll(() => requests.some((r) => r.body.sortField === 'applicantType,applicantName' && r.body.sortType === 'desc,desc')).toBe(true);

  await page.reload();
  await expect(sortingCard(page).getByRole('button', { name: '类型与名称倒序', exact: true })).toBeVisible();

  // Another browser holds nothing locally: the preset comes from the server.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await openExample(other);
  const otherPreset = sortingCard(other).getByRole('button', { name: '类型与名称倒序', exact: true });
  await otherPreset.click();
  await expect(names(other)).toHaveText([SHENZHEN, HANGZHOU, ZHOU]);

  await sortingCard(page).getByRole('button', { name: '删除排序类型与名称倒序' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '是否删除该排序名称？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(sortingCard(page).getByRole('button', { name: '类型与名称倒序', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(sortingCard(page).getByRole('button', { name: '自定义排序' })).toBeVisible();
  await expect(sortingCard(page).getByRole('button', { name: '类型与名称倒序', exact: true })).toHaveCount(0);
  await other.reload();
  await expect(sortingCard(other).getByRole('button', { name: '自定义排序' })).toBeVisible();
  await expect(sortingCard(other).getByRole('button', { name: '类型与名称倒序', exact: true })).toHaveCount(0);
  await otherContext.close();
});

test('the search form checks its rules before searching, searches by itself after a pause, folds and shows all', async ({ page }) => {
  await openExample(page);
  const card = sortingCard(page);
  const form = card.locator('.ipm-search-form');
  const requests = listRequests(page);

  await form.getByRole('button', { name: /查\s*询/ }).click();
  await expect(form.getByText('请选择书式类型')).toBeVisible();
  await page.waitForTimeout(300);
  expect(requests).toHaveLength(0);

  // 申请人类型 is the third field: it shows once 显示全部 is ticked.
  const typeField = form.locator('.ant-formily-item').filter({ hasText: '申请人类型' });
  await expect(typeField).toBeHidden();
  await form.getByLabel('显示全部').check();
  await expect(typeField).toBeVisible();

  // Auto search: the first change goes out almost at once (25 ms), with the rules checked.
  await form.locator('.ant-formily-item').filter({ hasText: '书式类型' }).locator('.ant-select').click();
  const chosenAt = Date.now();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '中国大陆' }).click();
  await expect.poll(() => requests.length).toBe(1);
  expect(requests[0]!.body).toMatchObject({ bookType: 1, flatIs: true });
  expect(requests[0]!.at - chosenAt).toBeLessThan(900);
  await expect(form.getByText('请选择书式类型')).toHaveCount(0);
  await expect(form.locator('.ipm-filter-chips .ant-tag')).toHaveText(['书式类型：中国大陆']);

  // Later changes wait 1000 ms after the last keystroke.
  const nameInput = form.getByPlaceholder('输入名称关键字');
  await nameInput.pressSequentially('科', { delay: 80 });
  const typedAt = Date.now();
  await nameInput.pressSequentially('技');
  await expect.poll(() => requests.length, { timeout: 5000 }).toBe(2);
  expect(requests[1]!.at - typedAt).toBeGreaterThanOrEqual(1000);
  expect(requests[1]!.body).toMatchObject({ bookType: 1, applicantName: '科技' });
  await expect(names(page)).toHaveText([SHENZHEN]);
  await expect(form.locator('.ipm-filter-chips .ant-tag')).toHaveText(['书式类型：中国大陆', '申请人名称：科技']);

  // Folded, only the buttons and the chips stay.
  await form.getByRole('button', { name: /收起/ }).click();
  await expect(nameInput).toBeHidden();
  await expect(form.getByText('已选条件：')).toBeVisible();
  await form.getByRole('button', { name: /展开/ }).click();
  await expect(nameInput).toBeVisible();

  await form.getByRole('button', { name: /重\s*置/ }).click();
  await expect(nameInput).toHaveValue('');
  await expect(form.getByText('已选条件：')).toHaveCount(0);
  await expect(form.getByText('请选择书式类型')).toHaveCount(0);
  await expect(names(page)).toHaveText([HANGZHOU, SHENZHEN, ZHOU]);
});

test('the filter bar searches as the user edits: 300 ms after typing, 500 ms after choosing', async ({ page }) => {
  await openExample(page);
  const card = section(page, '边输入边筛选');
  const bar = card.locator('.ipm-filter-bar');
  await expect(names(page, '边输入边筛选')).toHaveText([HANGZHOU, SHENZHEN, ZHOU]);
  const requests = listRequests(page);

  const startedAt = Date.now();
  await bar.getByPlaceholder('输入名称关键字').pressSequentially('杭', { delay: 120 });
  const typedAt = Date.now();
  await bar.getByPlaceholder('输入名称关键字').pressSequentially('州');
  await expect.poll(() => requests.at(-1)?.body.applicantName).toBe('杭州');
  // One search for the whole word, once typing stopped. A loaded machine that lets more than 300 ms pass
  // between the two keys may also search once for 杭, but never sooner than 300 ms after it.
  const whole = requests.filter((r) => r.body.applicantName === '杭州');
  const early = requests.filter((r) => r.body.applicantName !== '杭州');
  expect(whole).toHaveLength(1);
  expect(whole[0]!.at - typedAt).toBeGreaterThanOrEqual(300);
  expect(early.length).toBeLessThanOrEqual(1);
  for (const search of early) {
    expect(search.body).toMatchObject({ applicantName: '杭' });
    expect(search.at - startedAt).toBeGreaterThanOrEqual(300);
  }
  await expect(names(page, '边输入边筛选')).toHaveText([HANGZHOU]);
  await expect(bar.locator('.ant-tag')).toHaveText(['申请人名称：杭州']);

  await bar.locator('.ant-formily-item').filter({ hasText: '申请人类型' }).locator('.ant-select').click();
  const chosenAt = Date.now();
  const searchedBefore = requests.length;
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '个人' }).click();
  await expect.poll(() => requests.length).toBe(searchedBefore + 1);
  expect(requests[searchedBefore]!.body).toMatchObject({ applicantName: '杭州', applicantType: 0 });
  expect(requests[searchedBefore]!.at - chosenAt).toBeGreaterThanOrEqual(500);
  await expect(card.getByText('暂无数据')).toBeVisible();

  // 查 询 still searches at once.
  await bar.getByRole('button', { name: /重\s*置/ }).click();
  await expect(names(page, '边输入边筛选')).toHaveText([HANGZHOU, SHENZHEN, ZHOU]);
  await bar.getByPlaceholder('输入名称关键字').fill('深圳');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(names(page, '边输入边筛选')).toHaveText([SHENZHEN]);
  await bar.getByRole('button', { name: '清空条件' }).click();
  await expect(names(page, '边输入边筛选')).toHaveText([HANGZHOU, SHENZHEN, ZHOU]);
});

test('row buttons open drawers with the row: details to read, a form that saves and a notice that closes by itself', async ({ page }) => {
  await openExample(page);
  const card = sortingCard(page);
  const row = (name: string) => card.locator('.ipm-generic-table tbody tr.ant-table-row').filter({ hasText: name });

  await row(SHENZHEN).getByRole('button', { name: '详情' }).click();
  const details = page.getByRole('dialog', { name: `企业详情：${SHENZHEN}` });
  await expect(details).toBeVisible();
  await expect(details.locator('.ant-descriptions-item').filter({ hasText: '统一社会信用代码' })).toContainText('91440300MA5F000007');
  await expect(details.locator('.ant-descriptions-item').filter({ hasText: '申请人地址' })).toContainText('广东省深圳市南山区科技园南路 8 号');
  // Polled: the drawer may still be sliding in.
  await expect.poll(() => details.evaluate((el) => Math.round(el.closest('.ant-drawer-content-wrapper')?.getBoundingClientRect().width ?? 0))).toBe(800);
  await details.getByRole('button', { name: /close|关闭/i }).click();
  await expect(details).toBeHidden();

  await row(HANGZHOU).getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑企业' });
  await expect(edit.getByRole('textbox').first()).toHaveValue(HANGZHOU);
  const legalPerson = edit.locator('.ant-formily-item').filter({ hasText: '法定代表人' }).locator('input');
  await legalPerson.fill('王青禾');
  // Every text the close button shows, recorded as it changes: a busy machine may hold a second for less than the test's polling would catch.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { countdown: string[] }).countdown = seen;
    new MutationObserver(() => {
      for (const button of document.querySelectorAll('.ant-modal-confirm button')) {
        const text = (button.textContent ?? '').replace(/\s/g, '');
        if (/^关闭（\d）$/.test(text) && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await edit.getByRole('button', { name: /确\s*定/ }).click();

  const notice = page.getByRole('dialog').filter({ hasText: '操作成功' });
  await expect(notice.getByRole('button', { name: '关闭（3）' })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(notice).toBeHidden({ timeout: 6000 });
  expect(await page.evaluate(() => (window as unknown as { countdown: string[] }).countdown)).toEqual(['关闭（3）', '关闭（2）', '关闭（1）']);
  await expect(row(HANGZHOU)).toContainText('王青禾');
  expect(await notice.count()).toBe(0);

  // The fields the form did not show (its group) were kept.
  const { token } = await storedUser(page);
  const { groups } = await callApi(page.request, 'enterprise.getList', {}, token);
  expect(groups!.find((g) => g.name === '重点客户')?.children.find((e) => e.applicantName === HANGZHOU)).toMatchObject({ legalPerson: '王青禾' });
});
