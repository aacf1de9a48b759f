import { expect, test } from './serverPerWorker.js';
import { openSignedIn } from './support.js';

test('an administrator edits a letter type in 官文类型, then restores the built-in list', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/userConfig?tab=officialTypes');
  await expect(page.getByRole('tab', { name: '官文类型', selected: true })).toBeVisible();
  const table = page.locator('.ipm-generic-table').filter({ hasText: '官文类型目录' });
  await expect(table).toContainText('随产品提供的内置目录');
  const row = table.locator('tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: '补正通知书', exact: true }) });
  await expect(row).toContainText('发文日起满 15 日推定送达，送达后 30 日');
  await expect(row).toContainText('商标法实施条例第十八条第二款');

  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑官文类型：补正通知书' });
  const rule = dialog.locator('.ant-formily-item').filter({ hasText: '电子送达规则' }).locator('input');
  await expect(rule).toHaveValue('15d,30d');
  // A rule the engine cannot read is refused with the reason.
  await rule.fill('15d,30x');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('电子送达规则：期限规则“15d,30x”中的“30x”不是“数字+单位”')).toBeVisible();
  await rule.fill('15d,20d');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('官文类型已保存')).toBeVisible();
  await expect(row).toContainText('发文日起满 15 日推定送达，送达后 20 日');
  await expect(table).toContainText('本组织编辑过的目录');
  await page.screenshot({ path: '/tmp/official-types.png', fullPage: true });

  await table.getByRole('button', { name: '恢复内置目录' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认要恢复内置的官文类型目录吗？' });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已恢复内置目录')).toBeVisible();
  await expect(table).toContainText('随产品提供的内置目录');
  await expect(row).toContainText('发文日起满 15 日推定送达，送达后 30 日');
});

test('a platform operator adds a holiday correction in 节假日', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/userConfig?tab=holidays');
  await expect(page.getByRole('tab', { name: '节假日', selected: true })).toBeVisible();
  const table = page.locator('.ipm-generic-table').filter({ hasText: '节假日与调休上班' });
  await expect(table).toContainText(/随产品提供的节假日表包含 2004–20\d\d 年/);

  await page.getByRole('button', { name: '新增节假日' }).click();
  const dialog = page.getByRole('dialog', { name: '新增节假日' });
  const date = dialog.locator('.ant-formily-item').filter({ hasText: '日期' }).locator('.ant-picker input');
  await date.fill('2032-02-07');
  await date.press('Enter');
  await dialog.getByLabel('调休上班').check();
  await dialog.locator('.ant-formily-item').filter({ hasText: '节日' }).locator('input').fill('春节');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('节假日已保存')).toBeVisible();
  const row = table.locator('tbody tr.ant-table-row').filter({ hasText: '2032-02-07' });
  await expect(row).toContainText('调休上班');
  await expect(row).toContainText('春节');
  await expect(row).toContainText('王管理');
  await page.screenshot({ path: '/tmp/holidays.png', fullPage: true });

  await row.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确认要删除这一天的更正吗？' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the 节假日 tab is not shown to an organisation’s administrator who is no platform operator', async ({ page }) => {
  await openSignedIn(page, 'corpAdmin', '/system/userConfig');
  await expect(page.getByRole('tab', { name: '官文类型' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '节假日' })).toHaveCount(0);
});
