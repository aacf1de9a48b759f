import { expect, test, type Page } from './serverPerWorker.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { signIn } from './support.js';

async function typeCredentials(page: Page, account: keyof typeof DEMO_ACCOUNTS) {
  const { username, password } = DEMO_ACCOUNTS[account];
  await page.getByPlaceholder('请输入账号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入密码').press('Enter');
}

test('signs in through the real login page and lands on home with the user’s name', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('登录 - 商标知识产权管理平台');
  await typeCredentials(page, 'admin');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: `欢迎回来，${DEMO_ACCOUNTS.admin.name}` })).toBeVisible();
  await expect(page.getByTestId('current-user')).toHaveText(DEMO_ACCOUNTS.admin.name);
  await expect(page.getByRole('menuitem', { name: '系统设置' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('store-user') ?? '{}'));
  expect(stored.userInfo.username).toBe('admin');
});

test('a deep link while signed out goes through sign-in and back', async ({ page }) => {
  await page.goto('/system/companyList');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2FcompanyList$/);
  await typeCredentials(page, 'admin');
  await expect(page).toHaveURL('/system/companyList');
  await expect(page).toHaveTitle('我的企业 - 商标知识产权管理平台');
});

test('the staff user’s menu holds only what the role allows, and other pages are refused', async ({ page }) => {
  await signIn(page, 'staff');
  await expect(page.getByRole('menuitem', { name: '工作台' })).toBeVisible();
  await page.getByRole('menuitem', { name: '商标管理' }).click();
  await expect(page.getByRole('menuitem', { name: '商标档案' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '系统设置' })).toHaveCount(0);
  await page.goto('/system/companyList');
  await expect(page).toHaveURL('/403');
  await expect(page.getByText('抱歉，您没有访问此页面的权限。')).toBeVisible();
  // The refused page leaves no tag behind.
  await page.getByText('返回首页').click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('tab', { name: '工作台' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '我的企业' })).toHaveCount(0);
});

test('bad sign-ins are explained in Chinese', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('请输入账号')).toBeVisible();
  await expect(page.getByText('请输入密码', { exact: true })).toBeVisible();
  await page.getByPlaceholder('请输入账号').fill('agent');
  await page.getByPlaceholder('请输入密码').fill('wrong-password');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('账号或密码错误，还可尝试 4 次')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('signing out revokes the session and protected pages ask to sign in again', async ({ page }) => {
  await signIn(page, 'corpAdmin');
  await page.getByTestId('current-user').click();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL('/login');
  await page.goto('/deal');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdeal$/);
});
