import { test } from '@playwright/test';
import { signIn } from './support.js';

test('look', async ({ page }) => {
  page.on('console', (m) => console.log('console:', m.text().slice(0, 300)));
  await signIn(page, 'admin');
  await page.goto('/system/blockExample');
  await page.getByText('搜索表单、排序栏与行抽屉').waitFor();
  await page.locator('.ipm-generic-table').nth(1).getByRole('button', { name: '详情' }).first().click();
  await page.waitForTimeout(800);
});
