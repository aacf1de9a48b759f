import { expect, test, type Page } from './serverPerWorker.js';
import { openSignedIn, storedUser } from './support.js';

test('explore', async ({ page }) => {
  const { token } = await (async () => { await openSignedIn(page, 'admin', '/brandManage/brandRecord'); return storedUser(page); })();
  await page.request.post('/customField/updateCustomFields', { headers: { token }, data: { type: 1, fields: [{ fieldTitle: '重要程度', fieldType: '单行文本', fieldContent: '{}', state: 1, isTop: 0, isFilter: 0 }] } });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/brandManage/brandRecord');
    await page.locator('.ant-segmented').getByText('列表').click();
    await expect(page.locator('.ipm-generic-table tbody tr.ant-table-row').first()).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/lists/table-${width}.png` });
    await page.locator('.ant-segmented').getByText('卡片').click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/lists/cards-${width}.png` });
  }
});
