import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { expect, test } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';
import { PDF } from './testFiles.js';
import { addDays, chinaToday } from '../../src/shared/trademarkDates.js';

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * The check in Chromium as a demo user: a mark whose coverage has gaps gets evidence
 * through the form until its coverage has none; a 撤三答辩 case for it downloads the bundle.
 */
test('evidence added through the form closes a mark’s coverage gaps', async ({ page }) => {
  await openSignedIn(page, 'corpAdmin', '/brand/useEvidence');
  const gaps = await callAsPage(page, 'evidence.markCoverage', { state: 'gaps' });
  const mark = gaps.list[0]!;

  // The list shows the mark with gaps; its coverage opens from the row.
  const row = page.locator('tr', { hasText: mark.appNo }).first();
  await expect(row).toContainText('有缺口');
  await row.getByRole('button', { name: '覆盖情况' }).click();
  await expect(page.getByTestId('coverage-state')).toHaveText('有缺口');
  await expect(page.getByTestId('gap-count')).toHaveText(String(mark.gapCount));
  await expect(page.getByTestId('coverage-cell').filter({ hasText: '缺口' })).toHaveCount(mark.gapCount);

  // A distribution contract over the whole three years, for every goods item of the mark.
  await page.getByRole('button', { name: '添加证据' }).click();
  // The list page stays open behind (kept alive) with fields of the same names: the form is looked at by itself.
  const form = page.locator('.ant-card', { hasText: '添加使用证据' });
  await expect(form).toBeVisible();
  await form.getByRole('checkbox', { name: '全选' }).check();
  await form.getByRole('combobox', { name: '证据类型' }).click();
  await page.getByTitle('销售合同').click();
  const today = chinaToday();
  const coverage = await callAsPage(page, 'evidence.coverage', { brandId: mark.brandId });
  await form.getByLabel('证据日期').fill(coverage.periods[0]!.from);
  await form.getByLabel('证据日期').press('Enter');
  await form.getByLabel('截止日期').fill(addDays(today, -1));
  await form.getByLabel('截止日期').press('Enter');
  await form.getByLabel('证据名称').fill('三年期区域经销合同');
  // Held on its way, the file keeps the form from being saved without it.
  let letUploadGo: () => void = () => undefined;
  const uploadHeld = new Promise<void>((resolve) => (letUploadGo = resolve));
  await page.route('**/api/file/upload', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await form.locator('input[type=file]').setInputFiles({ name: '经销合同.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.locator('.ant-upload-list-item-uploading')).toContainText('经销合同.pdf');
  await form.getByRole('button', { name: '保 存' }).click();
  await expect(page.getByText('文件正在上传，请等上传完成后再提交')).toBeVisible();
  await expect(form).toBeVisible();
  letUploadGo();
  await expect(page.getByText('上传成功')).toBeVisible();
  await page.unroute('**/api/file/upload');
  await form.getByRole('button', { name: '保 存' }).click();

  // Back on the mark's coverage: no gap left, and the new evidence is listed.
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('coverage-state')).toHaveText('完整');
  await expect(page.getByTestId('gap-count')).toHaveText('0');
  await expect(page.getByTestId('coverage-cell').filter({ hasText: '缺口' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '三年期区域经销合同' })).toBeVisible();

  // A 撤三答辩 case for the mark downloads its evidence as a bundle with the index sheet.
  const defence = await callAsPage(page, 'caseManage.saveCase', { caseType: 'removeDefence', bizParam: { tmName: mark.tmName, brandId: mark.brandId } });
  await page.goto(`/case/defenseRemove?caseNo=${defence.caseNo}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载证据包' }).click();
  const zip = await JSZip.loadAsync(await readFile((await (await download).path())!));
  expect(Object.keys(zip.files)).toContain('证据目录.xlsx');
  expect(Object.keys(zip.files).some((name) => name.endsWith('-经销合同.pdf'))).toBe(true);
});
