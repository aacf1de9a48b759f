import type { PageDefinition } from '../../src/generated/types.js';
import { expect, test, type Page } from './serverPerWorker.js';
import { navigateInApp, signIn } from './support.js';
import { callApi } from './callApi.js';

async function pagesFromServer(page: Page): Promise<PageDefinition[]> {
  return (await callApi(page.request, 'schema.listPages', {})).pages;
}

// The walks are independent: each may take a worker of its own.
test.describe.configure({ mode: 'parallel' });

/**
 * Every path of spec 000 §2, opened as a signed-in user: the page answers with its own title, no script error.
 * The first path is opened by its address, the rest as the menu opens them, inside the loaded app, so the
 * walk measures the pages rather than reloading the whole app for each.
 */
for (const account of ['admin', 'staff'] as const) {
  test(`every route opens for ${account}, or is refused with 403 when the role lacks it`, async ({ page }) => {
    test.setTimeout(300_000);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page, account);
    const roleAuth = new Set((await page.evaluate(() => JSON.parse(localStorage.getItem('store-user')!).userInfo.role.roleAuth as string)).split(','));
    // /firstPassword sends anyone without a first password to change home (userAdmin.spec walks it).
    const pages = (await pagesFromServer(page)).filter(
      (p) =>
        !p.redirect && !p.path.includes(':') && p.path !== '/sso/auth' && p.path !== '/callBack' && p.path !== '/middleware' && p.path !== '/firstPassword',
    );
    expect(pages.length).toBeGreaterThan(100);
    for (const [index, info] of pages.entries()) {
      if (index === 0) await page.goto(info.path);
      else await navigateInApp(page, info.path);
      if (info.menuKey && !roleAuth.has(info.menuKey) && !info.public) {
        await expect(page, info.path).toHaveURL('/403');
      } else {
        await expect(page, info.path).toHaveTitle(`${info.title} - 商标知识产权管理平台`);
        await expect(page, info.path).toHaveURL(info.path);
      }
    }
    expect(errors).toEqual([]);
  });
}
