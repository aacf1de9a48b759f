import { expect, test } from './serverPerWorker.js';
import { openSignedIn } from './support.js';

test('my enterprises: a generic table with paging, sorting and column settings that follow the user', async ({ page, browser }) => {
  await openSignedIn(page, 'admin', '/system/companyList');
  const table = page.locator('.ipm-generic-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(table.getByText('共 3 条')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '邮编' })).toBeVisible();

  // Sorted on the server by code point: 周 < 杭 < 深.
  await table.getByRole('columnheader', { name: '申请人名称' }).click();
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('周明');
  await table.getByRole('columnheader', { name: '申请人名称' }).click();
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('深圳云帆');

  await table.getByLabel('列表设置').click();
  const drawer = page.getByRole('dialog', { name: '列表设置' });
  await drawer.getByLabel('显示邮编').uncheck();
  await drawer.getByLabel('上移法定代表人').click();
  await drawer.getByLabel('上移法定代表人').click();
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(table.getByRole('columnheader', { name: '邮编' })).toHaveCount(0);

  await page.reload();
  await expect(page.locator('.ipm-generic-table').getByRole('columnheader', { name: '邮编' })).toHaveCount(0);

  // A second browser has nothing stored locally: the settings come from the server.
  const other = await browser.newContext();
  const second = await other.newPage();
  await openSignedIn(second, 'admin', '/system/companyList');
  const secondTable = second.locator('.ipm-generic-table');
  await expect(secondTable.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(secondTable.getByRole('columnheader', { name: '邮编' })).toHaveCount(0);
  const headers = await secondTable.locator('thead th').allTextContents();
  expect(headers.indexOf('法定代表人')).toBeGreaterThan(-1);
  expect(headers.indexOf('法定代表人')).toBeLessThan(headers.indexOf('地址'));
  await other.close();

  await table.getByLabel('列表设置').click();
  await page
    .getByRole('dialog', { name: '列表设置' })
    .getByRole('button', { name: /恢复默认/ })
    .click();
  await expect(table.getByRole('columnheader', { name: '邮编' })).toBeVisible();
});

test('the staff role cannot open my enterprises', async ({ page }) => {
  await openSignedIn(page, 'staff', '/system/companyList');
  await expect(page).toHaveURL('/403');
});

test('the filter bar narrows the table, lists chips, clears and resets, and remembers the conditions', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/companyList');
  const table = page.locator('.ipm-generic-table');
  const bar = page.locator('.ipm-filter-bar');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await bar.getByPlaceholder('输入名称关键字').fill('科技');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(bar.getByText('已选条件：')).toBeVisible();
  await expect(bar.locator('.ant-tag')).toHaveText(['申请人名称：科技']);

  await page.reload();
  await expect(page.locator('.ipm-filter-bar').getByPlaceholder('输入名称关键字')).toHaveValue('科技');
  await expect(page.locator('.ipm-generic-table tbody tr.ant-table-row')).toHaveCount(1);

  await page.locator('.ipm-filter-bar').getByRole('button', { name: '清空条件' }).click();
  await expect(page.locator('.ipm-generic-table tbody tr.ant-table-row')).toHaveCount(3);
  await expect(page.locator('.ipm-filter-bar').getByText('已选条件：')).toHaveCount(0);

  await page.locator('.ipm-filter-bar').getByPlaceholder('输入名称关键字').fill('不存在的企业');
  await page.locator('.ipm-filter-bar').getByPlaceholder('输入名称关键字').press('Enter');
  await expect(page.locator('.ipm-generic-table').getByText('暂无数据')).toBeVisible();
  await page
    .locator('.ipm-filter-bar')
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(page.locator('.ipm-filter-bar').getByPlaceholder('输入名称关键字')).toHaveValue('');
  await expect(page.locator('.ipm-generic-table tbody tr.ant-table-row')).toHaveCount(3);
});

test('users and configuration: closing and reopening a user’s authorisation, asked first', async ({ page }) => {
  await openSignedIn(page, 'corpAdmin', '/system/userConfig');
  const table = page.locator('.ipm-generic-table');
  const staffRow = table.locator('tbody tr.ant-table-row').filter({ hasText: 'staff' });
  await expect(staffRow).toContainText('已授权');
  await staffRow.getByRole('button', { name: '关闭授权' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('确认要关闭该用户的授权吗？');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已关闭授权')).toBeVisible();
  await expect(staffRow).toContainText('未授权');
  // Opening is asked first as well; cancelling changes nothing.
  await staffRow.getByRole('button', { name: '开通授权' }).click();
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('确认要开通该用户的授权吗？');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(staffRow).toContainText('未授权');
  await staffRow.getByRole('button', { name: '开通授权' }).click();
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('确认要开通该用户的授权吗？');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已开通授权')).toBeVisible();
  await expect(staffRow).toContainText('已授权');
  // Nobody closes their own door.
  const selfRow = table.locator('tbody tr.ant-table-row').filter({ hasText: 'corpadmin' });
  await selfRow.getByRole('button', { name: '关闭授权' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('不能关闭自己的授权')).toBeVisible();
});

test('新增企业 opens a form from the schema, explains bad input, and the table shows the new enterprise', async ({ page }) => {
  await openSignedIn(page, 'corpAdmin', '/system/companyList');
  const table = page.locator('.ipm-generic-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await page.getByRole('button', { name: '新增企业' }).click();
  const dialog = page.getByRole('dialog', { name: '新增企业' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入申请人名称')).toBeVisible();
  await dialog.locator('input').first().fill('星辰日化股份有限公司');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('申请人“星辰日化股份有限公司”已存在')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.locator('input').first().fill('星辰（上海）贸易有限公司');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('企业已保存')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(table).toContainText('星辰（上海）贸易有限公司');
});
