import { expect, test, type Page } from './serverPerWorker.js';
import { signIn } from './support.js';

interface PageInfo {
  path: string;
  title: string;
  redirect?: string;
  menuKey?: string;
  public?: boolean;
}

async function pagesFromServer(page: Page): Promise<PageInfo[]> {
  const res = await page.request.post('/schema/pages', { data: {} });
  return (await res.json()).data.pages as PageInfo[];
}

// The walks are long and independent: each may take a worker of its own.
test.describe.configure({ mode: 'parallel' });

/** Every path of spec 000 §2, opened as a signed-in user: the page answers with its own title, no script error. Each account's paths are walked in two halves. */
for (const account of ['admin', 'staff'] as const) {
  for (const half of [0, 1]) {
    test(`every route opens for ${account}, or is refused with 403 when the role lacks it (part ${half + 1} of 2)`, async ({ page }) => {
      test.setTimeout(300_000);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await signIn(page, account);
      const roleAuth = new Set(
        (await page.evaluate(() => JSON.parse(localStorage.getItem('store-user')!).userInfo.role.roleAuth as string)).split(','),
      );
      const pages = (await pagesFromServer(page)).filter((p) => !p.redirect && !p.path.includes(':') && p.path !== '/sso/auth' && p.path !== '/callBack' && p.path !== '/middleware');
      expect(pages.length).toBeGreaterThan(100);
      for (const info of pages.filter((_, index) => index % 2 === half)) {
        await page.goto(info.path);
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
}
