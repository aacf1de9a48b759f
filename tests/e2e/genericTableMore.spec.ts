import { expect, test, type Page } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';
import { callApi } from './callApi.js';

const tableTitled = (page: Page, title: string) => page.locator('.ipm-generic-table').filter({ has: page.locator('.ipm-table-toolbar', { hasText: title }) });

/** Every request the page sends to a path, to prove that a refused edit sends nothing. */
function watchCalls(page: Page, path: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request.postData() ?? '');
  });
  return calls;
}

/** Deletes every memo of the signed-in user: other tests expect their own lists. */
async function deleteAllMemos(page: Page): Promise<void> {
  const { token } = await storedUser(page);
  const { list } = await callApi(page.request, 'memo.list', { pageSize: 100 }, token);
  if (list.length > 0) await page.request.post('/api/memo/delete-batch', { headers: { token }, data: { ids: list.map((m) => m.id).join(',') } });
}

// The memos made here would otherwise show on the memo page of later tests.
test.afterEach(async ({ page }) => {
  await deleteAllMemos(page);
});

test.beforeEach(async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/blockExample');
  await expect(page.getByRole('heading', { name: '构件示例' })).toBeVisible();
});

test('messages: expand a row, select rows, a header button on the selection and a row button only where it applies', async ({ page }) => {
  const table = tableTitled(page, '消息（选择');
  const rows = table.locator('tbody tr.ant-table-row');
  // The demo's two messages, among any other areas add.
  const security = rows.filter({ hasText: '账号安全提示' });
  const welcome = rows.filter({ hasText: '欢迎使用商标知识产权管理平台' });
  await expect(security).toHaveCount(1);
  await expect(welcome).toHaveCount(1);
  await expect(security.getByRole('button', { name: '标为已读' })).toBeVisible();

  // The expanded row lists the fields named for it.
  await security.getByRole('button', { name: '展开行' }).click();
  await expect(table.getByText('请勿与他人共用账号。连续 5 次输错密码，账号将锁定 15 分钟。')).toBeVisible();
  await security.getByRole('button', { name: '关闭行' }).click();
  await expect(table.getByText('请勿与他人共用账号。连续 5 次输错密码，账号将锁定 15 分钟。')).toBeHidden();

  const headerRead = table.locator('.ipm-table-toolbar').getByRole('button', { name: '标为已读' });
  await headerRead.click();
  await expect(page.getByText('请先选择数据')).toBeVisible();

  await security.getByRole('checkbox').check();
  await expect(table.getByText('已选 1 项')).toBeVisible();
  await table.getByRole('button', { name: '取消选择' }).click();
  await expect(table.getByText(/已选 \d+ 项/)).toHaveCount(0);
  await expect(security.getByRole('checkbox')).not.toBeChecked();

  await security.getByRole('checkbox').check();
  const sent = page.waitForRequest((r) => r.url().endsWith('/homepage/setMessageRead'));
  await headerRead.click();
  expect((await sent).postDataJSON()).toEqual({ ids: [expect.any(Number)] });
  await expect(page.getByText('已标为已读').first()).toBeVisible();
  await expect(security).toContainText('已读');
  await expect(security.getByRole('button', { name: '标为已读' })).toHaveCount(0);
  await expect(table.getByText(/已选 \d+ 项/)).toHaveCount(0);

  // The row button is there only while the row is unread.
  await welcome.getByRole('button', { name: '标为已读' }).click();
  await expect(welcome).toContainText('已读');
  await expect(welcome.getByRole('button', { name: '标为已读' })).toHaveCount(0);

  const refreshed = page.waitForRequest((r) => r.url().endsWith('/homepage/getMessageList'));
  await table.getByRole('button', { name: '刷新' }).click();
  await refreshed;
});

test('memos: 暂无数据, selection kept across pages and deleted in one call, 更多 → 删除, and long text edited in place within 200 characters', async ({
  page,
}) => {
  await deleteAllMemos(page);
  const table = tableTitled(page, '我的备忘');
  await table.getByRole('button', { name: '刷新' }).click();
  await expect(table.getByText('暂无数据')).toBeVisible();
  const { token } = await storedUser(page);
  for (let i = 1; i <= 12; i++) {
    const reply = await page.request.post('/api/memo/save', { headers: { token }, data: { content: `第 ${String(i).padStart(2, '0')} 条备忘` } });
    expect(reply.ok()).toBe(true);
  }
  await table.getByRole('button', { name: '刷新' }).click();
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(10);
  await expect(table.getByText('共 12 条')).toBeVisible();
  // The slot column is a schema fragment reading the row.
  await expect(rows.filter({ hasText: '第 12 条备忘' })).toContainText('8 字');

  await rows.filter({ hasText: '第 12 条备忘' }).getByRole('checkbox').check();
  await rows.filter({ hasText: '第 11 条备忘' }).getByRole('checkbox').check();
  await expect(table.getByText('已选 2 项')).toBeVisible();
  await table.locator('.ipm-pagination').getByTitle('2', { exact: true }).click();
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: '第 01 条备忘' }).getByRole('checkbox').check();
  await expect(table.getByText('已选 3 项')).toBeVisible();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/memo/delete-batch'));
  await table.getByRole('button', { name: '删除所选' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('确认要删除吗？');
  await expect(dialog).toContainText('将作用于所选的 3 项。此操作不可逆，请核对后删除。');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  expect((await sent).postDataJSON().ids).toMatch(/^\d+,\d+,\d+$/);
  await expect(page.getByText('删除成功！').first()).toBeVisible();
  await expect(table.getByText('共 9 条')).toBeVisible();
  await expect(table.getByText(/已选 \d+ 项/)).toHaveCount(0);

  // Page 2 is gone: the table falls back to the last page there is.
  await expect(rows).toHaveCount(9);
  const tenth = rows.filter({ hasText: '第 10 条备忘' });
  await tenth.getByRole('button', { name: /更多/ }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(table.getByText('共 8 条')).toBeVisible();
  await expect(rows.filter({ hasText: '第 10 条备忘' })).toHaveCount(0);

  // Inline editing: past 200 characters nothing is sent.
  const saves = watchCalls(page, '/api/memo/save');
  const ninth = rows.filter({ hasText: '第 09 条备忘' });
  await ninth.locator('.ipm-editable-cell').dblclick();
  const editor = table.getByRole('textbox', { name: '内容' });
  await editor.fill('长'.repeat(201));
  await editor.press('Enter');
  await expect(page.getByText('内容不能超过 200 个字符')).toBeVisible();
  expect(saves).toEqual([]);
  await editor.press('Escape');
  await expect(table.getByRole('textbox', { name: '内容' })).toHaveCount(0);
  await expect(ninth).toContainText('第 09 条备忘');

  await ninth.locator('.ipm-editable-cell').dblclick();
  await table.getByRole('textbox', { name: '内容' }).fill('改过的备忘');
  await table.getByRole('textbox', { name: '内容' }).press('Enter');
  await expect(page.getByText('备忘已修改')).toBeVisible();
  const edited = rows.filter({ hasText: '改过的备忘' });
  await expect(edited).toContainText('5 字');
  expect(saves.map((body) => JSON.parse(body))).toEqual([{ id: expect.any(Number), content: '改过的备忘' }]);

  // Blur saves too.
  await edited.locator('.ipm-editable-cell').dblclick();
  await table.getByRole('textbox', { name: '内容' }).fill('失焦保存的备忘');
  await page.getByRole('heading', { name: '构件示例' }).click();
  await expect(rows.filter({ hasText: '失焦保存的备忘' })).toHaveCount(1);
});

test('enterprises: a choice, a text and a number edited in place, refused past their limits, saved with the whole record; fragment cells and rows', async ({
  page,
}) => {
  const table = tableTitled(page, '企业（双击单元格修改）');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  const qinghe = rows.filter({ hasText: '杭州青禾食品有限公司' });
  const zhou = rows.filter({ hasText: '周明' });
  await expect(qinghe).toContainText('信用代码：91330106MA2H00000B');
  await expect(zhou).toContainText('证件号码：310104199001010011');
  await qinghe.getByRole('button', { name: '展开行' }).click();
  await expect(table.getByText('申请人地址：浙江省杭州市西湖区文三路 90 号')).toBeVisible();

  const saves = watchCalls(page, '/enterPrise/saveInfo');
  // Choice: closing the list without a choice changes nothing; choosing saves.
  const zhouType = zhou.locator('.ipm-editable-cell').nth(0);
  await zhouType.dblclick();
  await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(zhouType).toContainText('个人');
  expect(saves).toEqual([]);
  await zhouType.dblclick();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '法人或其他组织' }).click();
  await expect(page.getByText('企业已保存')).toBeVisible();
  await expect(zhou.locator('.ipm-editable-cell').nth(0)).toContainText('法人或其他组织');
  expect(JSON.parse(saves[0])).toMatchObject({
    id: expect.any(Number),
    applicantType: 1,
    applicantName: '周明--上海市徐汇区漕溪北路 12 号',
    bookType: 1,
    postCode: '200030',
  });
  await zhou.locator('.ipm-editable-cell').nth(0).dblclick();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '个人' }).click();
  await expect(zhou.locator('.ipm-editable-cell').nth(0)).toContainText('个人');

  // Single-line text: 50 characters at most.
  saves.length = 0;
  await qinghe.locator('.ipm-editable-cell').nth(1).dblclick();
  const person = table.getByRole('textbox', { name: '法定代表人' });
  await person.fill('王'.repeat(51));
  await person.press('Enter');
  await expect(page.getByText('法定代表人不能超过 50 个字符')).toBeVisible();
  expect(saves).toEqual([]);
  await person.fill('王青禾');
  await person.press('Enter');
  await expect(qinghe).toContainText('王青禾');

  // Number: digits only, 20 characters at most; the server still checks the postcode's form.
  saves.length = 0;
  await qinghe.locator('.ipm-editable-cell').nth(2).dblclick();
  const postCode = table.getByRole('textbox', { name: '邮编' });
  await postCode.fill('31a012');
  await postCode.press('Enter');
  await expect(page.getByText('邮编只能填写数字')).toBeVisible();
  await postCode.fill('1'.repeat(21));
  await postCode.press('Enter');
  await expect(page.getByText('邮编不能超过 20 个字符')).toBeVisible();
  expect(saves).toEqual([]);
  await postCode.fill('31001');
  await postCode.press('Enter');
  await expect(page.getByText('请求参数有误：邮政编码格式不正确')).toBeVisible();
  await expect(postCode).toHaveValue('31001');
  await postCode.fill('310013');
  await postCode.press('Enter');
  await expect(qinghe).toContainText('310013');
  expect(JSON.parse(saves.at(-1)!)).toMatchObject({ postCode: '310013', legalPerson: '王青禾', applicantAddress: '浙江省杭州市西湖区文三路 90 号' });

  // Saved on the server with the rest of the record intact.
  await page.reload();
  const again = tableTitled(page, '企业（双击单元格修改）').locator('tbody tr.ant-table-row').filter({ hasText: '杭州青禾食品有限公司' });
  await expect(again).toContainText('王青禾');
  await expect(again).toContainText('310013');
  await expect(again).toContainText('信用代码：91330106MA2H00000B');
});

test('a filter bar inside the table node feeds that table', async ({ page }) => {
  const table = tableTitled(page, '通用表格');
  const bar = table.locator('.ipm-filter-bar');
  // The organisation's users, however many other tests have added by now.
  await expect(table.locator('tbody tr.ant-table-row').filter({ hasText: 'agent' })).toHaveCount(1);
  const all = await table.locator('tbody tr.ant-table-row').count();
  expect(all).toBeGreaterThan(1);
  await bar.getByRole('textbox').fill('agent');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table.locator('tbody tr.ant-table-row')).toContainText('李代理');
  await bar.getByRole('button', { name: /重\s*置/ }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(all);
});

test('列表设置: 450px wide, columns reordered by dragging, structural columns kept out', async ({ page }) => {
  const table = tableTitled(page, '消息（选择');
  await table.getByRole('button', { name: '列表设置' }).click();
  const drawer = page.getByRole('dialog', { name: '列表设置' });
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())!.width).toBeCloseTo(450, 0);
  // Selection, expand, index and operation are parts of the table, not columns to arrange.
  await expect(drawer.locator('.ipm-column-setting')).toHaveText(['标题', '类型', '状态', '时间'].map((t) => new RegExp(t)));
  await drawer.getByTestId('column-setting-createdAt').dragTo(drawer.getByTestId('column-setting-title'));
  await expect(drawer.locator('.ipm-column-setting')).toHaveText(['时间', '标题', '类型', '状态'].map((t) => new RegExp(t)));
  await drawer.getByRole('button', { name: '关闭' }).click();
  const headers = (await table.locator('thead th').allTextContents()).filter(Boolean);
  expect(headers.indexOf('时间')).toBeLessThan(headers.indexOf('标题'));
  await table.getByRole('button', { name: '列表设置' }).click();
  await drawer.getByRole('button', { name: /恢复默认/ }).click();
  await expect(drawer.locator('.ipm-column-setting').first()).toContainText('标题');
});

test('a long page renders the rows in view only: numbers, fragments, edits and 全选 still cover the whole page', async ({ page }) => {
  await deleteAllMemos(page);
  const { token } = await storedUser(page);
  for (let i = 1; i <= 80; i++) {
    const reply = await page.request.post('/api/memo/save', { headers: { token }, data: { content: `长页备忘 ${String(i).padStart(2, '0')}` } });
    expect(reply.ok()).toBe(true);
  }
  const table = tableTitled(page, '我的备忘');
  await table.getByRole('button', { name: '刷新' }).click();
  await expect(table.getByText('共 80 条')).toBeVisible();
  await table.locator('.ipm-pagination .ant-select').click();
  await page.getByTitle('100 条/页').click();
  const rows = table.locator('tbody tr.ant-table-row');
  // Newest first: memo 80 is row 1.
  await expect(rows.first()).toContainText('长页备忘 80');
  await expect(rows.first().locator('td').nth(1)).toHaveText('1');
  // Row links are drawn as antd's link buttons, in the theme's link colour (antd's blue, darkened to WCAG AA), without a border.
  const more = rows.first().getByRole('button', { name: /更多/ });
  await expect(more).toHaveCSS('color', 'rgb(19, 107, 229)');
  await expect(more).toHaveCSS('border-top-width', '0px');
  // The operation column stays at the right edge; a hovered row takes antd's hover colour.
  await expect(rows.first().locator('td').last()).toHaveClass(/ant-table-cell-fix-right/);
  await expect(rows.first().locator('td').last()).toHaveCSS('position', 'sticky');
  await rows.nth(1).locator('td').nth(1).hover();
  await expect(rows.nth(1).locator('td').nth(1)).toHaveCSS('background-color', 'rgb(250, 250, 250)');
  await expect(rows.nth(2).locator('td').nth(1)).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  const rendered = await rows.count();
  expect(rendered).toBeGreaterThan(8);
  expect(rendered).toBeLessThan(80);

  // The body scrolls the height of all 80 rows, and header and cells stay in line.
  const body = table.locator('.ant-table-body');
  const rowHeight = (await rows.first().boundingBox())!.height;
  const scrollHeight = await body.evaluate((element) => element.scrollHeight);
  expect(Math.abs(scrollHeight - 80 * rowHeight)).toBeLessThan(rowHeight);
  const headers = await table.locator('thead th').allTextContents();
  const timeColumn = headers.indexOf('修改时间');
  const header = (await table.locator('thead th').nth(timeColumn).boundingBox())!;
  const cell = (await rows.first().locator('td').nth(timeColumn).boundingBox())!;
  expect(Math.abs(header.x - cell.x)).toBeLessThan(1);
  expect(Math.abs(header.width - cell.width)).toBeLessThan(1);

  // At the bottom: the last rows, numbered from the top of the page, with their fragments; the first rows are gone.
  await body.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const last = rows.filter({ hasText: '长页备忘 01' });
  await expect(last).toBeVisible();
  await expect(last.locator('td').nth(1)).toHaveText('80');
  await expect(last).toContainText('7 字');
  await expect(rows.filter({ hasText: '长页备忘 80' })).toHaveCount(0);

  // A cell edited far down the page is saved; the memo moves to the top, where it shows once scrolled back.
  await last.locator('.ipm-editable-cell').dblclick();
  await table.getByRole('textbox', { name: '内容' }).fill('长页末行改过');
  await table.getByRole('textbox', { name: '内容' }).press('Enter');
  await expect(page.getByText('备忘已修改')).toBeVisible();
  await expect(rows.filter({ hasText: '长页备忘 01' })).toHaveCount(0);
  await body.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(rows.first()).toContainText('长页末行改过');

  // 全选 in the header takes every row of the page, rendered or not.
  await table.locator('thead').getByRole('checkbox').check();
  await expect(table.getByText('已选 80 项')).toBeVisible();
  await expect(rows.nth(2)).toHaveClass(/ant-table-row-selected/);
  // Selected rows take the theme's selection colour, a shade deeper under the pointer.
  const selectedCell = rows.nth(2).locator('td').nth(1);
  const background = () => selectedCell.evaluate((element) => getComputedStyle(element).backgroundColor);
  const selectedColour = await background();
  expect(selectedColour).not.toBe('rgb(255, 255, 255)');
  await selectedCell.hover();
  await expect.poll(background).not.toBe(selectedColour);
  expect(await background()).not.toBe('rgb(250, 250, 250)');
});
