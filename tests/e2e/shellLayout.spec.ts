import { expect, test } from './serverPerWorker.js';
import { openSignedIn, signIn } from './support.js';

test('theme choices are saved under store-global and survive a reload', async ({ page }) => {
  await signIn(page, 'admin');
  expect(await page.evaluate(() => localStorage.getItem('store-global'))).toBeNull();
  await page.getByLabel('主题设置').click();
  await page.getByRole('switch', { name: '暗黑模式' }).click();
  await page.getByRole('switch', { name: '灰色模式' }).click();
  await page.getByRole('switch', { name: '页脚' }).click();
  await page.getByText('横向').click();
  await page.reload();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('store-global')!));
  expect(stored).toMatchObject({ layout: 'transverse', language: 'zhCn', size: 'default', primary: '#ff7200', isDark: true, isGrey: true, footer: false });
  await expect(page.locator('html')).toHaveClass(/ipm-grey/);
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  await expect(page.locator('.ipm-top-menu')).toBeVisible();
  await expect(page.locator('.ipm-sider')).toHaveCount(0);
  await expect(page.locator('.ipm-footer')).toHaveCount(0);
  await page.getByLabel('主题设置').click();
  await page.getByRole('switch', { name: '色弱模式' }).click();
  await expect(page.locator('html')).toHaveClass(/ipm-weak/);
  await expect(page.locator('html')).not.toHaveClass(/ipm-grey/);
  await page.getByRole('button', { name: '恢复默认' }).click();
  await expect(page.locator('.ipm-sider')).toBeVisible();
});

test('the menu collapses, and the breadcrumb follows the menu tree', async ({ page }) => {
  await openSignedIn(page, 'admin', '/system/companyList/detail');
  await expect(page.locator('.ipm-breadcrumb')).toHaveText(/系统设置\s*\/\s*我的企业\s*\/\s*企业详情/);
  // A hidden page lights up its activeMenu entry.
  await expect(page.locator('.ant-menu-item-selected')).toHaveText('我的企业');
  await page.getByLabel('折叠菜单').click();
  await expect(page.locator('.ipm-sider')).toHaveClass(/ant-layout-sider-collapsed/);
  await page.reload();
  await expect(page.locator('.ipm-sider')).toHaveClass(/ant-layout-sider-collapsed/);
  await page.getByLabel('展开菜单').click();
  await expect(page.locator('.ipm-sider')).not.toHaveClass(/ant-layout-sider-collapsed/);
});

test('the tags view lists opened pages; the affixed workbench cannot be closed', async ({ page }) => {
  await signIn(page, 'admin');
  const tabs = page.locator('.ipm-tags .ant-tabs-tab');
  await page.getByRole('menuitem', { name: '备忘录' }).click();
  await page.getByRole('menuitem', { name: '商标管理' }).click();
  await page.getByRole('menuitem', { name: '争议商标' }).click();
  await expect(tabs).toHaveText(['工作台', '首页', '备忘录', '争议商标']);
  await expect(tabs.filter({ hasText: '工作台' }).getByLabel('remove')).toHaveCount(0);
  await tabs.filter({ hasText: '争议商标' }).getByLabel('remove').click();
  await expect(page).toHaveURL('/memo');
  await expect(tabs).toHaveText(['工作台', '首页', '备忘录']);
});

test('a phone-sized screen still shows the full-screen mobile approval page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openSignedIn(page, 'admin', '/mobile/demand');
  await expect(page).toHaveTitle('提案审批 - 商标知识产权管理平台');
  await expect(page.locator('.ipm-sider')).toHaveCount(0);
});

test('a keep-alive page keeps its state while its tag is open and starts afresh once closed', async ({ page }) => {
  await openSignedIn(page, 'admin', '/try45');
  await page.getByRole('button', { name: /第9类 科学仪器/ }).click();
  await expect(page.getByRole('heading', { name: '第9类 科学仪器' })).toBeVisible();
  await page.getByRole('menuitem', { name: '备忘录' }).click();
  await expect(page).toHaveURL('/memo');
  await page.getByRole('tab', { name: '45类商标分类' }).click();
  await expect(page.getByRole('heading', { name: '第9类 科学仪器' })).toBeVisible();
  const tabs = page.locator('.ipm-tags .ant-tabs-tab');
  await tabs.filter({ hasText: '45类商标分类' }).getByLabel('remove').click();
  await page.goto('/try45');
  await expect(page.getByRole('heading', { name: '第1类 化工原料' })).toBeVisible();
});

test('external search tools open their configured address in a new window, or say they are not configured', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('menuitem', { name: 'D-Search' }).click();
  const link = page.getByRole('link', { name: '商标查询' }).first();
  await expect(link).toHaveAttribute('href', 'https://search.example.invalid/trademark');
  await expect(link).toHaveAttribute('target', '_blank');
  await page.goto('/tool/dplsearch1');
  await expect(page.getByRole('link', { name: '在新窗口打开' })).toHaveAttribute('href', 'https://search.example.invalid/trademark');
  await page.goto('/tool/brandSearch');
  await expect(page.getByText('该工具由外部检索服务提供，管理员尚未设置该工具的地址。')).toBeVisible();
});

test('with reduced motion asked for by the system, panels open without animation', async ({ page }) => {
  // The suite runs with reducedMotion 'reduce' (playwright.config.ts).
  await signIn(page, 'admin');
  // Every class the drawer takes on its way in, from its first frame.
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { drawerClasses: seen });
    new MutationObserver((changes) => {
      for (const change of changes) {
        const nodes = change.type === 'childList' ? [...change.addedNodes] : [change.target];
        for (const node of nodes) {
          if (node instanceof HTMLElement) seen.push(node.className, ...[...node.querySelectorAll('[class*="drawer"]')].map((e) => e.className));
        }
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['class'], childList: true, subtree: true });
  });
  await page.getByLabel('主题设置').click();
  await expect(page.locator('.ant-drawer-content-wrapper')).toBeVisible();
  const classes = await page.evaluate(() =>
    (window as unknown as { drawerClasses: string[] }).drawerClasses.filter((c) => typeof c === 'string' && c.includes('drawer')),
  );
  expect(classes.length).toBeGreaterThan(0);
  expect(classes.filter((c) => c.includes('motion'))).toEqual([]);
});

test.describe('with motion, as the default theme has it', () => {
  // The other tests ask for reduced motion, a theme of its own that antd styles at run time.
  test.use({ reducedMotion: 'no-preference' });
  test('the default theme is styled by the built stylesheet; another colour or dark mode is styled at run time', async ({ page }) => {
    // antd marks the <style> tags it writes at run time with data-css-hash; the built stylesheet holds the default theme's.
    const runtimeStyles = () => page.evaluate(() => [...document.querySelectorAll('style[data-css-hash]')].map((s) => s.textContent ?? ''));
    await signIn(page, 'admin');
    await expect(page.locator('link[rel="stylesheet"]').first()).toBeAttached();
    const primary = page.getByRole('button', { name: /查\s*询/ }).first();
    expect((await runtimeStyles()).filter((css) => css.includes('.ant-btn'))).toEqual([]);
    await page.goto('/brandManage/brandRecord/recordDetail?id=1');
    await expect(page.getByText('官文', { exact: true }).first()).toBeVisible();
    // Only the icons' small base style is left to run time.
    expect((await runtimeStyles()).filter((css) => !css.startsWith('.anticon'))).toEqual([]);
    await page.goto('/brandManage/brandRecord');
    // The orange primary, darkened just enough for white text on it to reach WCAG AA (readableTokens.ts).
    await expect(primary).toHaveCSS('background-color', 'rgb(185, 82, 0)');

    await page.getByLabel('主题设置').click();
    await page.getByRole('switch', { name: '暗黑模式' }).click();
    await page.keyboard.press('Escape');
    // In dark mode the primary is lightened for text on dark surfaces, and text on it is black.
    await expect(primary).toHaveCSS('color', 'rgb(0, 0, 0)');
    await expect.poll(async () => (await runtimeStyles()).some((css) => css.includes('.ant-btn'))).toBe(true);
    await expect(page.getByRole('button', { name: /重\s*置/ }).first()).toHaveCSS('background-color', 'rgb(20, 20, 20)');
  });

  test('the page’s own stylesheets come after the built one and win where they are as specific', async ({ page }) => {
    await openSignedIn(page, 'admin', '/mindMap');
    const node = page.locator('.ipm-brand-graph-node').first();
    await expect(node).toBeVisible();
    // antd gives a badge margin: 0 and a card position: relative; the brand graph's own rules say otherwise.
    await expect(node.locator('.ipm-brand-graph-count')).toHaveCSS('margin-left', '6px');
    await expect(page.locator('.ipm-brand-graph-marks')).toHaveCSS('position', 'sticky');
  });
});

test('a part whose file is gone after a new version was deployed reloads the page once, and then opens', async ({ page }) => {
  await openSignedIn(page, 'admin', '/deal');
  await expect(page.getByTestId('current-user')).toBeVisible();
  // The theme settings load on first opening; their file answers 404 once, as an old version's file would.
  let refused = 0;
  await page.route('**/assets/SettingsDrawer-*.js', (route) => (refused++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue()));
  const reloaded = page.waitForEvent('load');
  await page.getByLabel('主题设置').click();
  await reloaded;
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.getByLabel('主题设置').click();
  await expect(page.getByRole('switch', { name: '暗黑模式' })).toBeVisible();
  expect(refused).toBe(2);
});
