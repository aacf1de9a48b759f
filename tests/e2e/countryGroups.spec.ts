import { expect, test } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';
import { callApi } from './callApi.js';

test('an administrator rearranges the country groups, saves them, and can restore the built-in ones', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/countryGroups');
  const tree = page.getByRole('tree', { name: '国家分组' });
  const japan = tree.locator('.ant-tree-node-content-wrapper', { hasText: /^日本\s*JP$/ });
  await tree.locator('.ant-tree-treenode', { hasText: '亚洲' }).locator('.ant-tree-switcher').click();
  await expect(japan).toBeVisible();

  // Take Japan out of its continent, make a group of its own at the top, and put Japan in it.
  await japan.click();
  await page.getByRole('button', { name: /^移\s?除$/ }).click();
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await expect(japan).toHaveCount(0);
  await expect(page.getByText('有未保存的修改')).toBeVisible();
  await page.getByLabel('新分组名称').fill('重点市场');
  await page.getByRole('button', { name: '新增分组' }).click();
  await tree.getByText('重点市场').click();
  await expect(page.getByText('当前位置：分组“重点市场”内')).toBeVisible();
  await page.locator('.ant-select', { hasText: '选择要添加的国家或地区' }).click();
  await page.keyboard.type('日本');
  await page.locator('.ant-select-item-option[title="日本（JP）"]').click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^添\s?加$/ }).click();
  await tree.locator('.ant-tree-treenode', { hasText: '重点市场' }).locator('.ant-tree-switcher').click();
  await expect(japan).toBeVisible();
  await page.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(page.getByText('国家分组已保存')).toBeVisible();

  // The saved arrangement is what the server now gives every country picker of the organisation.
  const { token } = await storedUser(page);
  const saved = await callApi(page.request, 'country.treeList', {}, token);
  const group = saved.find((n) => n.name === '重点市场');
  expect(group?.subList.map((c) => c.code)).toEqual(['JP']);
  await page.reload();
  await expect(page.getByRole('tree', { name: '国家分组' }).getByText('重点市场')).toBeVisible();

  await page.getByRole('button', { name: '恢复内置分组' }).click();
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('已恢复内置国家分组')).toBeVisible();
  await expect(page.getByRole('tree', { name: '国家分组' }).getByText('重点市场')).toHaveCount(0);
});
