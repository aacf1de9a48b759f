import { expect, test, type Page } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function fillDate(page: Page, dialog: ReturnType<Page['locator']>, label: string, day: string) {
  const input = dialog.locator('.ant-formily-item').filter({ hasText: label }).first().locator('.ant-picker input');
  await input.fill(day);
  await input.press('Enter');
}

test('the fees of a case are published, paid and invoiced, and the list and its totals follow', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, 'corpAdmin', '/brand/financeAll');
  const table = page.locator('.ipm-generic-table').filter({ hasText: '款项' });
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('finance-totals')).toContainText('星辰日化股份有限公司');

  // A renewal case of one of the company's own marks bills its fees as an unpublished record (other tests add marks of other applicants).
  const mark = (await callAsPage(page, 'brandArchives.queryBrandPage', { applicant: '星辰日化股份有限公司', pageNo: 1, pageSize: 1 })).list[0]!;
  expect(mark.applicant).toBe('星辰日化股份有限公司');
  const kase = await callAsPage(page, 'caseManage.saveCase', {
    caseType: 'renewal',
    bizParam: { brandId: mark.id, tmItems: [{ appCountry: 'CN', tmCl: [3], goodsItem: [] }] },
  });
  const bar = page.locator('.ipm-filter-bar').first();
  await bar.getByPlaceholder('款项编号、名称、案件编号、商标或客户').fill(kase.caseNo);
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  const row = table.locator('tbody tr.ant-table-row').filter({ hasText: kase.caseNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('商标续展（中国）');
  await expect(row).toContainText('未发布');

  // Publishing asks the spec's question first.
  await row.getByRole('button', { name: '发布' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认要发布款项信息吗？' });
  await expect(confirm).toContainText('发布后不可撤回，请核对完成后发布。');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('款项已发布')).toBeVisible();
  await expect(row).toContainText('已发布');
  await expect(row.getByRole('button', { name: '编辑' })).toHaveCount(0);

  // The record's page: paid in full, then an invoice requested and issued with its file.
  await row.getByRole('button', { name: '详情' }).click();
  const record = page.getByTestId('finance-record');
  await expect(record).toContainText('已发布');
  await expect(record).toContainText('未收款');
  const total = (await callAsPage(page, 'finance.list', { keyword: kase.caseNo })).list[0]!;
  await record.getByRole('button', { name: '登记收款' }).click();
  let dialog = page.getByRole('dialog', { name: '登记收款' });
  await expect(dialog.locator('.ant-formily-item').filter({ hasText: '收款金额' }).locator('input')).toHaveValue(total.total.toFixed(2));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请选择到账日期').or(dialog.getByText('该字段是必填字段'))).toBeVisible();
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  await fillDate(page, dialog, '到账日期', today);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('收款已登记')).toBeVisible();
  await expect(record).toContainText('已收清');
  await expect(page.getByTestId('finance-payments')).toContainText(today);
  await expect(record.getByRole('button', { name: '登记收款' })).toHaveCount(0);

  await record.getByRole('button', { name: '申请开票' }).click();
  dialog = page.getByRole('dialog', { name: '申请开票' });
  await expect(dialog.locator('.ant-formily-item').filter({ hasText: '发票抬头' }).locator('input')).toHaveValue('星辰日化股份有限公司');
  await dialog.locator('.ant-formily-item').filter({ hasText: '纳税人识别号' }).locator('input').fill('91310000MA1FL0XX3B');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已申请开票')).toBeVisible();
  await expect(page.getByTestId('finance-invoice')).toContainText('待开具');

  await record.getByRole('button', { name: '登记开票' }).click();
  dialog = page.getByRole('dialog', { name: '登记开票' });
  await dialog.locator('.ant-formily-item').filter({ hasText: '发票号码' }).locator('input').fill('26312000004567');
  await fillDate(page, dialog, '开票日期', today);
  // The file is held on its way: saving now would lose it, so the form says so and stays open.
  let letUploadGo: () => void = () => undefined;
  const uploadHeld = new Promise<void>((resolve) => (letUploadGo = resolve));
  await page.route('**/api/file/upload', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await dialog.locator('input[type=file]').setInputFiles({ name: '电子发票.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.locator('.ant-upload-list-item-uploading')).toContainText('电子发票.pdf');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('文件正在上传，请等上传完成后再提交')).toBeVisible();
  await expect(dialog).toBeVisible();
  letUploadGo();
  await expect(dialog.locator('.ant-upload-list-item-done')).toContainText('电子发票.pdf');
  await page.unroute('**/api/file/upload');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('发票已登记')).toBeVisible();
  const invoice = page.getByTestId('finance-invoice');
  await expect(invoice).toContainText('26312000004567');
  await expect(invoice.getByRole('link', { name: '电子发票.pdf' })).toBeVisible();
  await page.screenshot({ path: 'test-results/finance-record.png', fullPage: true });

  // Back on the list the record reads paid and invoiced.
  await page.getByText('返回财务管理').click();
  await expect(row).toContainText('已收清');
  await expect(row).toContainText('已开具');
});
