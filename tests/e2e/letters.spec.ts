import { expect, test, type Page } from './serverPerWorker.js';
import { callAsPage, signIn } from './support.js';

const shots = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

const rows = (page: Page) => page.locator('.ipm-generic-table tbody tr.ant-table-row');
const drawer = (page: Page) => page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: /官文/ }) });
const item = (page: Page, label: string) =>
  drawer(page)
    .locator('.ant-formily-item')
    .filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');

async function searchKeyword(page: Page, keyword: string) {
  await page.locator('.ipm-filter-bar input').first().fill(keyword);
  await page
    .getByRole('button', { name: /查\s?询/ })
    .first()
    .click();
}

test('trademark letters: filter, open one, add one with its deadline, ignore, delete after confirming, export', async ({ page }) => {
  await signIn(page, 'admin');
  const appNo = `E2E${Date.now() % 10_000_000}`;
  await callAsPage(page, 'brandArchives.addBrand', { appNo, tmCl: 9, tmName: '函件测试' });

  await page.goto('/brand/filesAll');
  await expect(rows(page).first()).toBeVisible();
  await searchKeyword(page, appNo);
  await expect(page.locator('.ipm-generic-table').getByText('暂无数据')).toBeVisible();

  // 新增官文: type, dates, the related mark through the 关联商标 drawer, and the deadline worked out.
  await page.getByRole('button', { name: '新增官文' }).click();
  await expect(drawer(page).locator('.ant-drawer-title')).toContainText('新增官文');
  await drawer(page)
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(item(page, '文件类型')).toContainText('请选择文件类型');
  await expect(item(page, '关联商标')).toContainText('请选择关联商标');
  await item(page, '文件类型').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('驳回通知书', { exact: true }).click();
  await item(page, '送达方式').getByText('纸质').click();
  const received = new Date(Date.now() + 8 * 3_600_000 - 3 * 86_400_000).toISOString().slice(0, 10);
  await item(page, '收文日期').locator('input').fill(received);
  await item(page, '收文日期').locator('input').press('Enter');
  await expect(drawer(page).getByTestId('official-deadline')).toContainText(/剩余 \d+ 天|今天到期/);
  await expect(drawer(page).getByTestId('official-deadline').locator('li').first()).toBeVisible();
  await item(page, '关联商标').getByRole('button', { name: '选择商标' }).click();
  const picker = page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: '关联商标' }) });
  await picker.getByRole('button', { name: /查\s?询/ }).click();
  await expect(page.locator('.ant-message').getByText('请输入申请号')).toBeVisible();
  await picker.getByPlaceholder('请输入申请号').fill(appNo);
  await picker.getByRole('button', { name: /查\s?询/ }).click();
  await picker.getByRole('button', { name: '本页全选' }).click();
  await expect(picker.getByText('已选 1 件')).toBeVisible();
  await shot(page, 'letters-picker');
  await picker.getByRole('button', { name: /确\s?定/ }).click();
  await expect(item(page, '关联商标')).toContainText(appNo);
  await shot(page, 'letters-form');
  await drawer(page)
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(page.locator('.ant-message').getByText('添加成功')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('驳回通知书');
  await expect(rows(page).first()).toContainText('函件测试');
  await expect(rows(page).first()).toContainText(/剩余 \d+ 天/);

  // A row opens the letter read-only, with 编辑.
  await rows(page).first().getByRole('button', { name: '驳回通知书' }).click();
  await expect(drawer(page).locator('.ant-drawer-title')).toContainText('官文详情');
  await expect(item(page, '收文日期')).toContainText(received);
  await expect(item(page, '发文编号')).toContainText('--');
  await expect(drawer(page).getByRole('button', { name: '编辑' })).toBeVisible();
  await shot(page, 'letters-read-only');
  await drawer(page).locator('.ant-drawer-close').click();

  // Export the filtered list.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^导\s?出$/ }).click();
  expect((await download).suggestedFilename()).toBe('商标官文.xlsx');

  // Ignore it in a batch.
  await rows(page).first().locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: '批量忽略' }).click();
  await expect(confirmDialog(page).locator('.ant-modal-confirm-title')).toHaveText('确定忽略所选官文吗？');
  await confirmDialog(page)
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(page.locator('.ant-message').getByText('已忽略')).toBeVisible();
  await expect(rows(page).first()).toContainText('已忽略');

  // Delete it, after confirming.
  await rows(page).first().locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: '批量删除' }).click();
  await expect(confirmDialog(page).locator('.ant-modal-confirm-title')).toHaveText('确认要删除所选官文吗？');
  await confirmDialog(page)
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(page.locator('.ant-message').getByText('删除成功！')).toBeVisible();
  await expect(page.locator('.ipm-generic-table').getByText('暂无数据')).toBeVisible();
  await shot(page, 'letters-list');
});
