import { expect, test } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';

test('an administrator sets a tool’s address in 用户与配置 and the tool page opens it', async ({ page }) => {
  await openSignedIn(page, 'corpAdmin', '/tool/goodsService');
  await expect(page.getByText('该工具由外部检索服务提供，管理员尚未设置该工具的地址。')).toBeVisible();
  await expect(page.getByText('EXTERNAL_TOOLS')).toHaveCount(0);

  await page.goto('/system/userConfig?tab=tools');
  const tools = page.locator('.ipm-generic-table').filter({ hasText: '外部检索工具地址' });
  const row = tools.locator('tbody tr.ant-table-row').filter({ hasText: '智能工具 / 商品分类' });
  await expect(row).toContainText('未设置');
  await row.getByRole('button', { name: '设置地址' }).click();
  const dialog = page.getByRole('dialog', { name: '设置地址：智能工具 / 商品分类' });
  const address = dialog.getByRole('textbox');
  await address.fill('ftp://files.example.invalid');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('地址应以 http:// 或 https:// 开头，例如 https://search.example.com')).toBeVisible();
  await address.fill('https://goods.example.invalid/search');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('地址已保存')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('https://goods.example.invalid/search');
  await expect(row).toContainText('本组织设置');
  await page.screenshot({ path: '/tmp/admin-tool-settings.png', fullPage: true });

  await page.goto('/tool/goodsService');
  const open = page.getByRole('link', { name: '在新窗口打开' });
  await expect(open).toHaveAttribute('href', 'https://goods.example.invalid/search');
  await expect(open).toHaveAttribute('target', '_blank');
});

test('someone without 用户与配置 can neither open the settings nor set an address', async ({ page }) => {
  await openSignedIn(page, 'staff', '/system/userConfig');
  await expect(page).toHaveURL('/403');
  const { token } = await storedUser(page);
  const reply = await page.request.post('/api/external-tools/save', { headers: { token }, data: { key: 'review', url: 'https://evil.example.invalid' } });
  expect(reply.status()).toBe(403);
  const tools = await (await page.request.post('/api/external-tools', { headers: { token }, data: {} })).json();
  expect(tools.data.tools.map((t: { key: string }) => t.key)).not.toContain('review');
});
