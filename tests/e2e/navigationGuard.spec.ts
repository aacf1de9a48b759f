import { expect, test } from './serverPerWorker.js';
import { signIn, storedUser } from './support.js';

// spec 000 §2.11, rule by rule.

test('rule 1: the title becomes the route title plus the product name, and a progress bar runs', async ({ page }) => {
  await signIn(page, 'admin');
  // Hold the menu call so the guard is visibly at work.
  await page.route('**/homepage/getMenuList', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/memo');
  await expect(page.locator('#nprogress .bar')).toBeAttached();
  await expect(page).toHaveTitle('备忘录 - 商标知识产权管理平台');
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('rule 2: public paths pass straight through while signed out', async ({ page }) => {
  for (const path of ['/', '/try45', '/agreement', '/brand/useEvidenceIllustrate', '/case-proposal']) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
  }
  // The hop page forwards at once: it ends on its target, not on the sign-in page.
  await page.goto('/middleware?target=%2Fagreement');
  await expect(page).toHaveURL('/agreement');
  await page.goto('/deal');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdeal$/);
});

test('rule 3: a user whose phone is missing has the user info loaded', async ({ page }) => {
  await signIn(page, 'staff');
  await page.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('store-user')!);
    state.userInfo.phone = '';
    localStorage.setItem('store-user', JSON.stringify(state));
  });
  const loaded = page.waitForRequest('**/homepage/getUserInfo');
  await page.goto('/deal');
  await loaded;
  await expect(page).toHaveURL('/deal');
  // The answer is stored after the request goes out, perhaps after the URL has settled.
  await expect.poll(async () => (await storedUser(page)).userInfo?.phone).toBe('13800000004');
});

test('rule 4: a user without mauth is sent home with source=click', async ({ page }) => {
  await signIn(page, 'staff');
  await page.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('store-user')!);
    state.userInfo.mauth = false;
    localStorage.setItem('store-user', JSON.stringify(state));
  });
  await page.goto('/brandManage/brandRecord');
  await expect(page).toHaveURL('/?source=click');
});

test('rule 5: the menu is loaded when missing, then the navigation goes on', async ({ page }) => {
  await signIn(page, 'admin');
  const menuLoaded = page.waitForResponse('**/homepage/getMenuList');
  await page.goto('/system/message');
  await menuLoaded;
  await expect(page).toHaveURL('/system/message');
  await expect(page).toHaveTitle('消息设置 - 商标知识产权管理平台');
});

test('rule 6: the previous path is kept in session storage, except /, the same path and login', async ({ page }) => {
  await signIn(page, 'admin');
  const previous = () => page.evaluate(() => sessionStorage.getItem('previousPath'));
  await page.getByRole('menuitem', { name: '备忘录' }).click();
  await expect(page).toHaveURL('/memo');
  await expect.poll(previous).toBeNull(); // came from /
  await page.getByRole('tab', { name: '工作台' }).click();
  await expect(page).toHaveURL('/deal');
  await expect.poll(previous).toBe('/memo');
  await page.getByRole('tab', { name: '首页' }).click();
  await expect(page).toHaveURL('/');
  await expect.poll(previous).toBe('/deal');
  await page.getByRole('tab', { name: '工作台' }).click();
  await expect(page).toHaveURL('/deal');
  await expect.poll(previous).toBe('/deal'); // leaving / keeps what was there
});

test('rule 7: a stored allCheck is cleared when leaving a path other than /', async ({ page }) => {
  await signIn(page, 'admin');
  await page.evaluate(() => sessionStorage.setItem('allCheck', '1'));
  await page.getByRole('menuitem', { name: '工作台' }).click();
  await expect(page).toHaveURL('/deal');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('allCheck'))).toBe('1'); // left from /
  await page.getByRole('menuitem', { name: '备忘录' }).click();
  await expect(page).toHaveURL('/memo');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('allCheck'))).toBeNull();
});

test('route errors are only logged as a warning', async ({ page }) => {
  await signIn(page, 'admin');
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.route('**/homepage/getMenuList', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: 'not json' }));
  await page.goto('/memo');
  await expect(page).toHaveURL('/memo');
  await expect.poll(() => warnings.some((w) => w.includes('navigation guard'))).toBe(true);
});
