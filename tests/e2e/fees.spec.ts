import { expect, test, type Page } from './serverPerWorker.js';
import { openSignedIn } from './support.js';
import { sheetRows } from './sheetRows.js';

async function pick(page: Page, field: ReturnType<Page['locator']>, option: string, typed?: string) {
  await field.click();
  if (typed) await field.locator('input').fill(typed);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
}

test('an administrator adds, edits and deletes a price in 费用配置, and sees the changes in 操作日志 and its export', async ({ page }) => {
  const note = `端到端价格 ${String(Date.now()).slice(-6)}`;
  await openSignedIn(page, 'admin', '/system/userConfig?tab=fees');
  await expect(page.getByRole('tab', { name: '费用配置', selected: true })).toBeVisible();
  const prices = page.locator('.ipm-generic-table').filter({ hasText: '价格表' });
  await expect(prices.locator('tbody tr.ant-table-row').first()).toContainText('国内商标注册');
  await expect(prices.locator('tbody tr.ant-table-row').first()).toContainText('代理费');

  await page.getByRole('button', { name: '新增价格' }).click();
  const dialog = page.getByRole('dialog', { name: '新增价格' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请选择案件类型')).toBeVisible();
  const item = (label: string) => dialog.locator('.ant-formily-item').filter({ hasText: label }).first();
  await pick(page, item('案件类型').locator('.ant-select'), '许可提前终止备案', '提前终止');
  await pick(page, item('国家/地区').locator('.ant-select'), '日本', '日本');
  await pick(page, item('费用项').locator('.ant-select'), '代理费');
  await item('金额').locator('input').fill('1234.5');
  // 人民币 is chosen to begin with.
  await expect(item('币种')).toContainText('人民币');
  const date = item('生效日期').locator('.ant-picker input');
  await date.fill('2026-04-01');
  await date.press('Enter');
  await item('备注').locator('textarea').fill(note);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('价格已新增')).toBeVisible();

  // The filter bar finds it by case type.
  const bar = page.locator('.ipm-filter-bar').filter({ hasText: '案件类型' }).first();
  await pick(page, bar.locator('.ant-formily-item').filter({ hasText: '案件类型' }).locator('.ant-select'), '许可提前终止备案', '提前终止');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  const row = prices.locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  for (const text of ['许可提前终止备案', '日本', '代理费', '1,234.50', '人民币', '2026-04-01', note, '王管理']) await expect(row).toContainText(text);
  await page.screenshot({ path: '/tmp/fees.png', fullPage: true });

  // 编辑 sends what changed.
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑价格：许可提前终止备案 · 日本' });
  const amount = edit.locator('.ant-formily-item').filter({ hasText: '金额' }).locator('input');
  await expect(amount).toHaveValue('1234.50');
  await amount.fill('1300');
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('价格已修改')).toBeVisible();
  await expect(row).toContainText('1,300.00');

  // The log shows the change: who, what, from where, and the detail.
  await page.getByRole('tab', { name: '操作日志' }).click();
  await expect(page).toHaveURL(/tab=log/);
  const log = page.locator('.ipm-generic-table').filter({ hasText: '来源地址' });
  const [latest, added] = [log.locator('tbody tr.ant-table-row').nth(0), log.locator('tbody tr.ant-table-row').nth(1)];
  await expect(latest).toContainText('王管理');
  await expect(latest).toContainText('保存费用配置');
  await expect(latest).toContainText('案件类型：许可提前终止备案；国家/地区：日本；费用项：代理费；金额：1300');
  await expect(latest).toContainText(/127\.0\.0\.1|::1/);
  await expect(added).toContainText('案件类型：许可提前终止备案；国家/地区：日本；费用项：代理费；金额：1234.5；币种：CNY；生效日期：2026-04-01');

  // Filtered by operation, then exported as it is filtered.
  const logBar = page.locator('.ipm-filter-bar').filter({ hasText: '操作人' });
  await pick(page, logBar.locator('.ant-formily-item').filter({ hasText: '操作' }).filter({ hasNotText: '操作人' }).locator('.ant-select'), '保存费用配置');
  await logBar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(log.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/operation-log.png', fullPage: true });
  const downloading = page.waitForEvent('download');
  await log.getByRole('button', { name: /导\s*出/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('操作日志.xlsx');
  const rows = await sheetRows(await file.path());
  expect(rows[0]).toEqual(['操作时间', '操作人', '账号', '操作', '来源地址', '详情']);
  expect(rows).toHaveLength(3);
  expect(rows[1]!.slice(1, 4)).toEqual(['王管理', 'admin', '保存费用配置']);
  expect(rows[2]![5]).toContain(note);

  // 删除 asks first.
  await page.getByRole('tab', { name: '费用配置' }).click();
  await row.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确认要删除这条价格吗？' })
    .getByRole('button', { name: /确\s*定|删\s*除/ })
    .click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an administrator adds a dated price to the official fee table, it becomes the one in force, and removes it; the built-in entries stay', async ({
  page,
}) => {
  const source = `端到端依据 ${String(Date.now()).slice(-6)}`;
  await openSignedIn(page, 'admin', '/system/userConfig?tab=fees');
  const table = page.locator('.ipm-generic-table').filter({ hasText: '官费表' });
  const rowsOf = (item: string) => table.locator('tbody tr.ant-table-row').filter({ hasText: item });
  await expect(rowsOf('出具商标证明费')).toHaveCount(2);
  const current = rowsOf('出具商标证明费').first();
  for (const text of ['2019-07-01', '现行', '内置', '发改价格〔2019〕914号']) await expect(current).toContainText(text);
  // Built-in entries cannot be deleted.
  await expect(table.getByRole('button', { name: '删除' })).toHaveCount(0);

  await page.getByRole('button', { name: '新增官费价格' }).click();
  const dialog = page.getByRole('dialog', { name: '新增官费价格' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请选择收费项目')).toBeVisible();
  await expect(dialog.getByText('请填写依据')).toBeVisible();
  const item = (label: string) => dialog.locator('.ant-formily-item').filter({ hasText: label }).first();
  // The amounts over ten goods are asked only for a registration.
  await pick(page, item('收费项目').locator('.ant-select'), '受理商标注册费');
  await expect(item('超出每项的纸质金额')).toBeVisible();
  await pick(page, item('收费项目').locator('.ant-select'), '出具商标证明费', '证明');
  await expect(dialog.getByText('超出每项的纸质金额')).toHaveCount(0);
  const date = item('生效日期').locator('.ant-picker input');
  await date.fill('2026-01-01');
  await date.press('Enter');
  await item('纸质申请金额').locator('input').fill('55');
  await item('网上申请金额').locator('input').fill('49.5');
  await item('依据').locator('textarea').fill(source);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('官费价格已新增')).toBeVisible();

  await expect(rowsOf('出具商标证明费')).toHaveCount(3);
  const added = rowsOf('出具商标证明费').first();
  for (const text of ['2026-01-01', '55.00', '49.50', '现行', '本组织', source, '王管理']) await expect(added).toContainText(text);
  await expect(rowsOf('出具商标证明费').nth(1)).not.toContainText('现行');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/official-fees.png', fullPage: true });

  await added.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确认要删除这条官费价格吗？' })
    .getByRole('button', { name: /确\s*定|删\s*除/ })
    .click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(rowsOf('出具商标证明费')).toHaveCount(2);
  await expect(rowsOf('出具商标证明费').first()).toContainText('现行');
});
