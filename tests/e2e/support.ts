import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import type { LoginResult } from '../../src/generated/types.js';
import { callApi } from './callApi.js';
import type { OperationId, OperationRequest, OperationResponse } from '../../src/generated/client.js';

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Signs in through the login call, as the login page does: the session's cookie lands in the page's browser context. */
async function signInByCall(request: APIRequestContext, account: DemoAccount): Promise<LoginResult> {
  const { username, password } = DEMO_ACCOUNTS[account];
  return callApi(request, 'auth.login', { username, password: base64(password), encryptionType: 'base64' });
}

/** Confirms the release log for the signed-in account, so home opens without the dialog. */
async function acknowledgeReleaseLog(request: APIRequestContext, token: string): Promise<void> {
  const version = (await callApi(request, 'site.queryReleaseLog', {}, token)).unreadVersion;
  if (version) await request.post('/api/setUpTheReleaseLog', { headers: { token }, data: { version } });
}

/** Signs in through the real login page and waits for home (without the release log, unless asked). */
export async function signIn(page: Page, account: DemoAccount, options: { showReleaseLog?: boolean } = {}): Promise<void> {
  if (!options.showReleaseLog) await acknowledgeReleaseLog(page.request, (await signInByCall(page.request, account)).token);
  const { username, password, name } = DEMO_ACCOUNTS[account];
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入密码').press('Enter');
  await expect(page.getByTestId('current-user')).toHaveText(name);
}

/**
 * Opens a page already signed in: the session comes from the login call and is kept where the login page keeps
 * it, so a test about a page loads the app once (the login page itself is clicked through in signIn.spec.ts).
 */
export async function openSignedIn(page: Page, account: DemoAccount, path: string): Promise<void> {
  const { token, userInfo } = await signInByCall(page.request, account);
  await acknowledgeReleaseLog(page.request, token);
  // Any same-origin document will do to write the session into local storage; the health check is the lightest.
  await page.goto('/api/health');
  await page.evaluate((user) => localStorage.setItem('store-user', user), JSON.stringify({ token, userInfo }));
  await page.goto(path);
}

/** Goes to a path inside the loaded app, as a menu link does: the router follows the address without reloading the page. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export async function storedUser(page: Page): Promise<{ token: string; userInfo: Record<string, unknown> | null }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('store-user') ?? '{}'));
}

/** A call beside the browser as the page's signed-in user, by operation id, typed by the operation. */
export async function callAsPage<Id extends OperationId>(page: Page, id: Id, body: OperationRequest<Id>): Promise<OperationResponse<Id>> {
  const { token } = await storedUser(page);
  return callApi(page.request, id, body, token);
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
