import { expect, test } from './serverPerWorker.js';

test('/try45 lists the 45 classes, their similar groups and goods, and searches them', async ({ page }) => {
  await page.goto('/try45');
  await expect(page).toHaveTitle('45类商标分类 - 商标知识产权管理平台');
  await expect(page.locator('.ipm-class-list .ant-list-item')).toHaveCount(45);
  await page.getByRole('button', { name: /第9类 科学仪器/ }).click();
  await expect(page.getByRole('heading', { name: '第9类 科学仪器' })).toBeVisible();
  await page.getByText('0901 电子计算机及其外部设备').click();
  await expect(page.getByText('计算机软件（已录制）')).toBeVisible();
  await page.getByLabel('搜索商品和服务').fill('咖啡');
  await expect(page.getByRole('heading', { name: '“咖啡”的搜索结果' })).toBeVisible();
  await expect(page.getByText('3001 咖啡，咖啡代用品，可可')).toBeVisible();
  await expect(page.locator('.ipm-goods-items .ant-tag', { hasText: '咖啡' }).first()).toBeVisible();
});
