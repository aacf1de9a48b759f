import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Confirms the release log for an account through the API, so home opens without the dialog. */
async function acknowledgeReleaseLog(request: APIRequestContext, account: DemoAccount): Promise<void> {
  const { username, password } = DEMO_ACCOUNTS[account];
  const login = await request.post('/loginPage/login', { data: { username, password: base64(password), encryptionType: 'base64' } });
  const token = (await login.json()).data.token as string;
  const log = await request.post('/api/queryTheReleaseLog', { headers: { token }, data: {} });
  const version = (await log.json()).data.unreadVersion as string | null;
  if (version) await request.post('/api/setUpTheReleaseLog', { headers: { token }, data: { version } });
}

/** Signs in through the real login page and waits for home (without the release log, unless asked). */
export async function signIn(page: Page, account: DemoAccount, options: { showReleaseLog?: boolean } = {}): Promise<void> {
  if (!options.showReleaseLog) await acknowledgeReleaseLog(page.request, account);
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

/** The id of a mark of the signed-in user's organisation that the archive refuses them (an agent's colleague's mark). */
export async function refusedMarkId(page: Page): Promise<number> {
  const { token } = await storedUser(page);
  for (let id = 1; id < 200; id++) {
    const reply = await page.request.post('/brandArchives/queryBrandDetailList', { headers: { token }, data: { id } });
    if (reply.status() === 404) return id;
  }
  throw new Error('every mark up to 200 is open to this user');
}
