import { expect, test } from './serverPerWorker.js';
import { signIn, storedUser } from './support.js';

// spec 000 §8: what the user sees when a call fails.

test('a session-expiry reply signs the user out and asks to sign in again', async ({ page, request }) => {
  await signIn(page, 'admin');
  const { token } = await storedUser(page);
  // The session is revoked elsewhere (another tab signing out).
  await request.post('/loginPage/loginQuit', { headers: { token }, data: {} });
  // Straight to the page: a reload first would let the reloaded frame's own calls meet the expiry before it opens.
  await page.goto('/system/message');
  await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect((await storedUser(page)).token).toBeUndefined();
});

test('a network failure says so and the overlay does not stay', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/loginPage/login', (route) => route.abort('failed'));
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('whatever');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('网络错误，请稍后重试')).toBeVisible();
  await expect(page.locator('.ant-spin-fullscreen-show')).toHaveCount(0);
});

test('a reply that is not the envelope is reported, not swallowed', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/loginPage/login', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }));
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('whatever');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('服务器返回了无法识别的内容（HTTP 502），请稍后重试')).toBeVisible();
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeEnabled();
});

test('a slow call shows 加载中 until it returns', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/loginPage/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Admin@2026');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('加载中')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.locator('.ant-spin-fullscreen-show')).toHaveCount(0);
});

test('an offline browser is sent to /500', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
  await context.setOffline(true);
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Admin@2026');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL('/500');
  await context.setOffline(false);
});

test('a server that cannot be reached at start offers a retry instead of a blank page', async ({ page }) => {
  let fail = true;
  await page.route('**/schema/pages', (route) => (fail ? route.abort('failed') : route.continue()));
  await page.goto('/login');
  await expect(page.getByText('无法连接服务器')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: /重\s*试/ }).click();
  await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
});

test('subCode 10002 counts as success', async ({ page }) => {
  await signIn(page, 'admin');
  await page.route('**/homepage/getGroupInfo', async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({ json: { ...real, subCode: 10002, subMessage: '已同步' } });
  });
  await page.getByRole('menuitem', { name: '工作台' }).click();
  await expect(page.locator('.ant-card').filter({ hasText: '组织概况' })).toContainText('华信知识产权代理有限公司');
  await expect(page.getByText('已同步')).toHaveCount(0);
});
