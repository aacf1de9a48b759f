import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** Signs in through the real login page and waits for home. */
export async function signIn(page: Page, account: DemoAccount): Promise<void> {
  const { username, password, name } = DEMO_ACCOUNTS[account];
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入密码').press('Enter');
  await expect(page.getByTestId('current-user')).toHaveText(name);
}

export async function storedUser(page: Page): Promise<{ token: string; userInfo: Record<string, unknown> | null }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('store-user') ?? '{}'));
}
