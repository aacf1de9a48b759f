import { expect, test } from './serverPerWorker.js';
import { openSignedIn } from './support.js';

test('/personal shows the deadline calendar address, and 重新生成 replaces it so the old one stops working', async ({ page }) => {
  await openSignedIn(page, 'admin', '/personal');
  const card = page.locator('.ant-card').filter({ hasText: '期限日历订阅' });
  const address = card.locator('.ant-descriptions-item').filter({ hasText: '订阅地址' }).locator('.ant-descriptions-item-content');
  await expect(address).toHaveText(/^https?:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
  const first = (await address.textContent())!;
  const feed = await page.request.get(new URL(first).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('X-WR-CALNAME:期限日历');

  await card.getByRole('button', { name: '重新生成' }).click();
  const dialog = page.getByRole('dialog', { name: '重新生成订阅地址' });
  await expect(dialog.getByText('重新生成后旧地址立即失效')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('订阅地址已重新生成')).toBeVisible();
  await expect(address).not.toHaveText(first);
  const second = (await address.textContent())!;
  expect(second).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
  expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(second).pathname)).status()).toBe(200);
  await page.screenshot({ path: 'test-results/deadline-calendar-personal.png', fullPage: true });
});

test('/system/message shows the letters’ reminder lead times and saves them', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/message');
  await page.getByRole('tab', { name: '期限提醒' }).click();
  const card = page.locator('.ant-card').filter({ hasText: '官文期限提醒' });
  const official = card.locator('.ant-formily-item').filter({ hasText: '官方期限提醒' }).locator('.ant-select');
  for (const lead of ['提前2周', '提前1周', '提前2天', '当天']) await expect(official.getByTitle(lead, { exact: true })).toBeVisible();
  const time = card.locator('.ant-formily-item').filter({ hasText: '提醒时间' }).locator('.ant-select');
  await expect(time).toContainText('09:00');

  await official.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('提前1个月', { exact: true }).click();
  await page.keyboard.press('Escape');
  await time.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('08:00', { exact: true }).click();
  await card.getByRole('button', { name: '保存提醒设置' }).click();
  await expect(page.getByText('提醒设置已保存')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: '期限提醒' }).click();
  await expect(official.locator('.ant-select-selection-item').first()).toHaveAttribute('title', '提前1个月');
  await expect(time).toContainText('08:00');
  await page.screenshot({ path: 'test-results/deadline-reminder-settings.png', fullPage: true });
});
