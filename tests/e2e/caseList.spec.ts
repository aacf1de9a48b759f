import { expect, test, type Page } from './serverPerWorker.js';
import { openSignedIn } from './support.js';

const filterItem = (page: Page, label: string) =>
  page.locator('.ipm-filter-bar').filter({ hasText: '案件类型' }).first().locator('.ant-formily-item').filter({ hasText: label }).first();

/** The options the stage select offers now. */
async function stageOptions(page: Page): Promise<string[]> {
  await filterItem(page, '办理阶段').locator('.ant-select').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.locator('.ant-select-item-option').first()).toBeVisible();
  const titles = await dropdown.locator('.ant-select-item-option').evaluateAll((items) => items.map((i) => i.getAttribute('title') ?? ''));
  await page.keyboard.press('Escape');
  return titles;
}

test('the stage filter offers the chosen case type’s stages, or every type’s', async ({ page }) => {
  await openSignedIn(page, 'staff', '/brand/caseList');
  // No type chosen: stages of every type, including the lawsuit's and overseas ones (first in the list).
  await filterItem(page, '办理阶段').locator('.ant-select').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await filterItem(page, '办理阶段').locator('input').fill('立案');
  await expect(dropdown.getByTitle('立案', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await filterItem(page, '案件类型').locator('.ant-select').click();
  await filterItem(page, '案件类型').locator('input').fill('国内商标注册');
  await page.locator('.ant-select-dropdown:visible').getByTitle('国内商标注册', { exact: true }).click();
  await expect.poll(() => stageOptions(page)).toEqual(['准备材料', '已递交', '受理', '补正', '审查意见', '驳回', '初步审定公告', '异议答辩', '注册']);

  await filterItem(page, '案件类型').locator('.ant-select').click();
  await filterItem(page, '案件类型').locator('input').fill('一审');
  await page.locator('.ant-select-dropdown:visible').getByTitle('知识产权一审诉讼', { exact: true }).click();
  await expect.poll(() => stageOptions(page)).toEqual(['准备起诉', '已起诉', '立案', '开庭', '一审判决']);

  // Choosing a stage filters the list by it.
  await filterItem(page, '办理阶段').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('立案', { exact: true }).click();
  const asked = page.waitForRequest((r) => r.url().endsWith('/caseManage/getCaseLists') && r.postDataJSON()?.stage === 'docketed');
  await page
    .locator('.ipm-filter-bar')
    .first()
    .getByRole('button', { name: /查\s*询/ })
    .click();
  expect((await asked).postDataJSON()).toMatchObject({ caseType: 'ipFirstInstance', stage: 'docketed' });
});

test('a total the server stopped counting at reads 共 10,000+ 条', async ({ page }) => {
  await page.route('**/caseManage/getCaseLists', async (route) => {
    const reply = await route.fetch();
    const body = (await reply.json()) as { data: { count: number; countCapped: boolean } };
    body.data.count = 10_000;
    body.data.countCapped = true;
    await route.fulfill({ response: reply, json: body });
  });
  await openSignedIn(page, 'staff', '/brand/caseList');
  const table = page.locator('.ipm-generic-table').filter({ hasText: '案件列表' });
  await expect(table.locator('.ipm-pagination')).toContainText('共 10,000+ 条');
  await page.unroute('**/caseManage/getCaseLists');
  await table.getByRole('button', { name: '刷新' }).click();
  await expect(table.locator('.ipm-pagination')).toContainText(/共 \d+ 条/);
  await expect(table.locator('.ipm-pagination')).not.toContainText('+');
});
