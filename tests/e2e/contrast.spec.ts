import type { GlobalState } from '../../src/web/theme/globalStore.js';
import { checkPageContrast, formatOffenders, installContrastCheck, type Offender } from './contrastCheck.js';
import { expect, test, type Page } from './serverPerWorker.js';
import { navigateInApp, openSignedIn, storedUser } from './support.js';
import { callApi } from './callApi.js';

const MODES: Record<string, Partial<GlobalState>> = {
  light: {},
  dark: { isDark: true },
  grey: { isGrey: true },
  weak: { isWeak: true },
};

const shots = process.env.SCREENSHOT_DIR;

/** The page has drawn its data: nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
}

async function firstMarkId(page: Page): Promise<number> {
  const { token } = await storedUser(page);
  return (await callApi(page.request, 'brandArchives.queryBrandPage', { pageSize: 1 }, token)).list[0]!.id;
}

/** The representative pages, each opened as a person reaches it and checked once it has settled. */
const PAGES: Array<{ name: string; open: (page: Page) => Promise<void> }> = [
  {
    name: '工作台 /deal',
    open: async (page) => {
      await navigateInApp(page, '/deal');
      await expect(page.getByText('即将到期', { exact: true })).toBeVisible();
    },
  },
  {
    name: '商标档案（卡片）',
    open: async (page) => {
      await navigateInApp(page, '/brandManage/brandRecord');
      await page.locator('.ant-segmented').getByText('卡片').click();
      await expect(page.getByTestId('tm-card-list').locator('.tm-card-label').first()).toBeVisible();
    },
  },
  {
    name: '商标档案（列表）',
    open: async (page) => {
      await page.locator('.ant-segmented').getByText('列表').click();
      await expect(page.locator('.ipm-generic-table tbody tr.ant-table-row:visible').first()).toBeVisible();
    },
  },
  {
    name: '商标详情',
    open: async (page) => {
      await navigateInApp(page, `/brand/detail?id=${await firstMarkId(page)}`);
      await expect(page.locator('.tm-detail-head:visible')).toBeVisible();
    },
  },
  {
    name: '提案列表',
    open: async (page) => {
      await navigateInApp(page, '/brand/caseList?tab=proposals');
      await expect(page.locator('.proposal-state-tag:visible').first()).toBeVisible();
    },
  },
  {
    name: '提案详情（审批中）',
    open: async (page) => {
      const { token } = await storedUser(page);
      const waiting = (await callApi(page.request, 'demand.getDemandList', { state: ['approving'], pageSize: 1 }, token)).list[0]!;
      await navigateInApp(page, `/brandManage/case-detail?id=${waiting.id}`);
      await expect(page.locator('[data-testid="flow-node"][data-state="waiting"]:visible').first()).toBeVisible();
    },
  },
  {
    name: '用户配置 /system/userConfig',
    open: async (page) => {
      await navigateInApp(page, '/system/userConfig');
      await expect(page.locator('.ipm-generic-table tbody tr.ant-table-row:visible').first()).toBeVisible();
    },
  },
  {
    name: '设计器 /system/designer',
    open: async (page) => {
      await navigateInApp(page, '/system/designer');
      await page.locator('.ipm-designer-list-item').first().click();
      await expect(page.locator('.ipm-designer-toolbar:visible')).toBeVisible();
    },
  },
];

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'parallel' });

for (const [mode, appearance] of Object.entries(MODES)) {
  test(`every text reaches WCAG AA contrast in ${mode} mode`, async ({ page }) => {
    await installContrastCheck(page);
    await page.addInitScript((settings) => localStorage.setItem('store-global', settings), JSON.stringify(appearance));
    await openSignedIn(page, 'admin', '/deal');
    await expect(page.getByTestId('current-user')).toBeVisible();
    const found: Array<Offender & { page: string }> = [];
    for (const { name, open } of PAGES) {
      await open(page);
      await settled(page);
      if (shots) await page.screenshot({ path: `${shots}/contrast-${mode}-${name.replace(/[\s/（）?]+/g, '_')}.png` });
      const report = await checkPageContrast(page);
      expect(report.checked, `${name}: texts checked`).toBeGreaterThan(10);
      found.push(...report.offenders.map((o) => ({ ...o, page: name })));
    }
    const pages = [...new Set(found.map((o) => o.page))];
    const listing = pages.map((name) => `${name}:\n${formatOffenders(found.filter((o) => o.page === name))}`).join('\n\n');
    expect(found.length, `texts below WCAG AA in ${mode} mode:\n${listing}`).toBe(0);
  });
}
