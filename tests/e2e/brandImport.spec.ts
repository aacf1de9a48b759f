import { expect, test } from './serverPerWorker.js';
import ExcelJS from 'exceljs';
import { openSignedIn, storedUser } from './support.js';
import { callApi } from './callApi.js';
import { sheetRows } from './sheetRows.js';

const HEADERS = ['商标名称', '申请号', '类别', '国家/地区', '申请人', '申请日期', '商品/服务'];

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('商标');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('imports a portfolio from Excel with a per-row report, then exports the archive and downloads it', async ({ page }) => {
  await openSignedIn(page, 'admin', '/brand/batchUpload');
  await expect(page.getByText('从 Excel 导入已有商标')).toBeVisible();
  await page.screenshot({ path: '/tmp/ie/import-start.png', fullPage: true });

  // Step 1: the template.
  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载模板' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('商标批量导入模板.xlsx');
  expect((await sheetRows(await template.path()))[0]).toEqual(expect.arrayContaining(['商标名称', '申请号', '类别', '国家/地区', '商品/服务']));

  // Step 2: a filled-in file with one bad row (the third row of the sheet).
  const content = await workbook([
    ['浏览器导入甲', 'E2E0001', 9, '中国', '端到端申请人', '2022-04-01', '计算机；智能手机'],
    ['浏览器导入乙', 'E2E0002', 60, '', '端到端申请人', '2022-04-02', ''],
    ['浏览器导入丙', 'E2E0003', 25, '美国', '端到端申请人', '2022-04-03', ''],
  ]);
  await page
    .getByTestId('brand-import')
    .locator('input[type=file]')
    .setInputFiles({ name: '我的商标.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: content });

  // Step 3: the report names the row and the column.
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('校验结果：我的商标.xlsx', { timeout: 30_000 });
  await expect(report.locator('.ant-statistic').filter({ hasText: '可导入' })).toContainText('2');
  await expect(report.locator('.ant-statistic').filter({ hasText: '有错误' })).toContainText('1');
  const issue = report.locator('.ant-table-row').filter({ hasText: '类别应为 1–45 的整数' });
  await expect(issue).toHaveCount(1);
  await expect(issue.locator('td').nth(0)).toHaveText('3');
  await expect(issue.locator('td').nth(1)).toHaveText('类别');
  await expect(issue).toContainText('错误');
  await page.screenshot({ path: '/tmp/ie/import-report.png', fullPage: true });
  // Leaving the page does not lose the checked import.
  await page.reload();
  await expect(report).toContainText('校验结果：我的商标.xlsx');
  await expect(issue).toHaveCount(1);

  const reportDownload = page.waitForEvent('download');
  await report.getByRole('button', { name: '下载校验报告' }).click();
  const reportRows = await sheetRows(await (await reportDownload).path());
  expect(reportRows[0]).toEqual(['行号', ...HEADERS, '校验结果']);
  expect(reportRows[2]![0]).toBe('3');
  expect(reportRows[2]!.at(-1)).toContain('类别应为 1–45 的整数');

  // Step 4: confirm, and the valid rows are in the archive.
  await report.getByRole('button', { name: '确认导入' }).click();
  await expect(page.getByText('导入完成')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('新增 2 件，更新 0 件，跳过 0 件；有错误未导入 1 行')).toBeVisible();
  await page.screenshot({ path: '/tmp/ie/import-done.png', fullPage: true });

  const { token } = await storedUser(page);
  const marks = (await callApi(page.request, 'brandArchives.queryBrandPage', { applicant: '端到端申请人', pageSize: 50 }, token)).list;
  expect(marks.map((m) => m.appNo).sort()).toEqual(['E2E0001', 'E2E0003']);
  expect(marks.every((m) => m.source === 2)).toBe(true);
  await page.getByRole('button', { name: '查看商标档案' }).click();
  await expect(page).toHaveURL(/\/brandManage\/brandRecord$/);

  // Custom fields are columns too: one the list shows, one it hides.
  const field = async (fieldTitle: string) =>
    (await (await page.request.post('/customField/setCustomField', { headers: { token }, data: { type: 1, fieldTitle, fieldType: '单行文本' } })).json()).data
      .field.id as number;
  const [shownField, hiddenField] = [await field('导出编号'), await field('旧导出编号')];
  await page.request.post('/customField/setCustomField', { headers: { token }, data: { type: 1, id: hiddenField, state: 0 } });
  const first = marks.find((m) => m.appNo === 'E2E0001')!;
  await page.request.post('/customField/setTmArchiveCustomFieldData', {
    headers: { token },
    data: { id: first.id, customValues: { [shownField]: 'IPM-E2E', [hiddenField]: 'OLD-1' } },
  });

  // Export from the archive list: its filter goes with the export.
  const applicant = page.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label-content', { hasText: /^申请人$/ }) });
  await applicant.locator('input').fill('端到端申请人');
  await applicant.locator('input').press('Enter');
  await page.getByRole('button', { name: /导\s?出$/ }).click();
  const archiveDialog = page.getByRole('dialog', { name: '导出商标档案' });
  await expect(archiveDialog.getByText('将导出符合当前 1 个筛选条件的全部商标')).toBeVisible();
  // The shown field is chosen to begin with; the hidden one is chosen here.
  const customGroup = archiveDialog.getByRole('group', { name: '自定义字段' });
  await expect(customGroup.getByRole('checkbox', { name: '导出编号', exact: true })).toBeChecked();
  await expect(customGroup.getByRole('checkbox', { name: '旧导出编号（列表中已隐藏）' })).not.toBeChecked();
  await customGroup.getByRole('checkbox', { name: '旧导出编号（列表中已隐藏）' }).check();
  await archiveDialog.getByRole('group', { name: '导出列' }).getByRole('checkbox', { name: '备注' }).uncheck();
  await page.screenshot({ path: '/tmp/ie/archive-export-columns.png' });
  await archiveDialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(archiveDialog).toContainText('筛选条件：申请人：端到端申请人；共 2 件', { timeout: 30_000 });
  const filteredDownload = page.waitForEvent('download');
  await archiveDialog.getByRole('button', { name: /下\s?载/ }).click();
  const filtered = await sheetRows(await (await filteredDownload).path());
  expect(
    filtered
      .slice(1)
      .map((r) => r[1])
      .sort(),
  ).toEqual(['E2E0001', 'E2E0003']);
  // The custom fields come after the standard columns, in the organisation's order of its fields.
  const header = filtered[0]!;
  expect(header.slice(-2)).toEqual(['导出编号', '旧导出编号']);
  expect(header.indexOf('来源')).toBeLessThan(header.indexOf('导出编号'));
  expect(header).not.toContain('备注');
  expect(filtered.find((r) => r[1] === 'E2E0001')!.slice(-2)).toEqual(['IPM-E2E', 'OLD-1']);
  await page.screenshot({ path: '/tmp/ie/archive-export.png' });
  await archiveDialog.getByRole('button', { name: /关\s?闭/ }).click();

  // Export: from the export records page, then download the file.
  await page.goto('/brand/export');
  await page.getByRole('button', { name: '导出全部商标' }).click();
  const dialog = page.getByRole('dialog', { name: '导出商标档案' });
  await expect(dialog.getByText('将导出全部商标')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  const download = dialog.getByRole('button', { name: /下\s?载/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/ie/export-dialog.png' });
  const exportDownload = page.waitForEvent('download');
  await download.click();
  const exported = await exportDownload;
  expect(exported.suggestedFilename()).toMatch(/^商标档案导出-\d{8}-\d{6}\.xlsx$/);
  const rows = await sheetRows(await exported.path());
  expect(rows[0]!.slice(0, 3)).toEqual(['商标名称', '申请号', '类别']);
  expect(rows.map((r) => r[1])).toEqual(expect.arrayContaining(['E2E0001', 'E2E0003']));
  await expect(dialog).toContainText(`筛选条件：全部商标；共 ${rows.length - 1} 件`);
  await dialog.getByRole('button', { name: /关\s?闭/ }).click();

  const record = page.locator('.ant-table-row').first();
  await expect(record).toContainText('全部商标');
  await expect(record).toContainText('已完成');
  await expect(record).toContainText((rows.length - 1).toLocaleString('en-US'));
  await page.screenshot({ path: '/tmp/ie/export-records.png', fullPage: true });
});
