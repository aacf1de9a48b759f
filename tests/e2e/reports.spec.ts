import { readFileSync } from 'node:fs';
import { expect, test } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';
import { sheetRows } from './sheetRows.js';

const CHARTS = [
  ['chart-status', '商标档案：按状态'],
  ['chart-class', '商标档案：按类别'],
  ['chart-country', '商标档案：按国家/地区'],
  ['chart-applicant', '商标档案：按申请人（前 10 位）'],
  ['chart-years', '逐年注册与到期'],
  ['chart-deadlines', '未来 12 个月的期限'],
  ['chart-cases', '案件类型与阶段'],
  ['chart-approval-type', '提案审批用时：按提案类型'],
  ['chart-approval-month', '提案审批用时：按决定月份'],
  ['chart-fee-month', '款项：按发布月份'],
  ['chart-fee-client', '款项：按客户（前 10 位）'],
] as const;

test('the reports open from the workbench, draw every chart, follow the filters and download pictures and data', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, 'admin', '/deal');
  await page.getByRole('link', { name: '查看报表' }).click();
  await expect(page).toHaveURL('/biAnalyse');

  for (const [id, title] of CHARTS) {
    const card = page.getByTestId(id);
    await expect(card, title).toContainText(title);
    await expect(card.locator('canvas'), title).toHaveCount(1);
  }
  await expect(page.getByTestId('chart-deadlines')).toContainText('不受筛选条件影响');
  await expect(page.getByTestId('chart-cases')).toContainText('适用筛选：创建日期、国家/地区');

  // A class narrows the archive's charts to what the report call answers for it.
  const all = await callAsPage(page, 'reports.portfolio', {});
  await expect(page.getByTestId('portfolio-total').first()).toHaveText(`共 ${all.total.toLocaleString('zh-CN')} 件商标`);
  const cls = Number(all.byClass.find((b) => b.key && b.count < all.total)!.key);
  const narrowed = await callAsPage(page, 'reports.portfolio', { tmCl: cls });
  const bar = page.locator('.ipm-filter-bar').first();
  await bar.locator('.ant-formily-item').filter({ hasText: '类别' }).locator('.ant-select').click();
  await page.keyboard.type(`第 ${cls} 类`);
  await page.keyboard.press('Enter');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(bar).toContainText(`第 ${cls} 类`);
  await expect(page.getByTestId('portfolio-total').first()).toHaveText(`共 ${narrowed.total.toLocaleString('zh-CN')} 件商标`);
  await expect(page.getByTestId('chart-status').locator('canvas')).toHaveCount(1);

  // The status chart as a picture, and its data (the filter included) as a workbook.
  const status = page.getByTestId('chart-status');
  const [picture] = await Promise.all([page.waitForEvent('download'), status.getByRole('button', { name: /图片/ }).click()]);
  expect(picture.suggestedFilename()).toBe('商标档案：按状态.png');
  const png = readFileSync(await picture.path());
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.length).toBeGreaterThan(2000);

  const [data] = await Promise.all([page.waitForEvent('download'), status.getByRole('button', { name: /数据/ }).click()]);
  expect(data.suggestedFilename()).toBe('商标档案：按状态.xlsx');
  const rows = await sheetRows(await data.path());
  expect(rows).toEqual([['状态', '商标数'], ...narrowed.byStatus.map((b) => [b.label, String(b.count)])]);

  // A role without finance sees the other areas' charts and none of the fees.
  await openSignedIn(page, 'staff', '/biAnalyse');
  await expect(page.getByTestId('chart-cases').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('chart-status').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('chart-fee-month')).toHaveCount(0);
  await expect(page.getByTestId('chart-fee-client')).toHaveCount(0);
});
