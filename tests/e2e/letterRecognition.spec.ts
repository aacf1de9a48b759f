import { expect, test, type Page } from './serverPerWorker.js';
import { callAsPage, signIn } from './support.js';
import { LetterPrinter } from '../letters/printLetter.js';
import { refusalLetter } from '../letters/cnipaLetters.js';

const shots = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

test('uploads a letter on /brand/batchUpload, reviews what was recognised, corrects it and saves it onto its mark', async ({ page }) => {
  await signIn(page, 'admin');
  // A mark of its own, so no other spec sees its status change.
  const digits = String(Date.now()).slice(-8);
  const mark = await callAsPage(page, 'brandArchives.addBrand', { appNo: digits, tmCl: 35, tmName: '蓝鲸优选', tmStatus: '申请中' });
  const printer = new LetterPrinter();
  const pdf = await printer.pdf(refusalLetter(digits, `TMZC${digits}BHTZ01`));
  await printer.close();

  await page.goto('/brand/batchUpload');
  const uploader = page.getByTestId('recognition-uploader');
  await expect(uploader).toContainText('将官文拖到此处');

  // A file the uploader does not take is refused before it is sent.
  await uploader.locator('input[type=file]').setInputFiles({ name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(uploader.getByTestId('recognition-files')).toContainText('请上传pdf、jpg、jpeg、png、doc、docx、zip格式的文件');

  await uploader.locator('input[type=file]').setInputFiles({ name: '驳回通知书.pdf', mimeType: 'application/pdf', buffer: pdf });
  const row = uploader.locator('tbody tr.ant-table-row').filter({ hasText: '驳回通知书.pdf' });
  await expect(row).toContainText('已识别', { timeout: 30_000 });
  await expect(row.getByRole('combobox', { name: '文件类型' })).toHaveValue('驳回通知书');
  await expect(row.getByLabel('申请号')).toHaveValue(digits);
  await expect(row.getByLabel('发文编号')).toHaveValue(`TMZC${digits}BHTZ01`);
  await expect(row.getByLabel('发文日期')).toHaveValue('2025-03-14');
  await expect(row).toContainText('状态改为“已驳回”（现为“申请中”）');
  await shot(page, 'recognition-review');

  // The reviewer corrects the receive date, then saves.
  await row.getByLabel('收文日期').fill('2025-03-20');
  await uploader.getByRole('button', { name: /保存选中的官文（1）/ }).click();
  await expect(page.getByText('已保存 1 件官文')).toBeVisible();
  await expect(row).toHaveCount(0);

  const letters = await callAsPage(page, 'brandOfficials.brandOfficialList', { brandId: mark.id });
  expect(letters.list.map((l) => [l.documentType, l.appNo])).toContainEqual(['驳回通知书', digits]);
  const after = await callAsPage(page, 'brandArchives.queryBrandPage', { keyword: digits, pageSize: 10 });
  expect(after.list.find((m) => m.id === mark.id)?.tmStatus).toBe('已驳回');

  // The same file again: 官文已存在.
  await uploader.locator('input[type=file]').setInputFiles({ name: '驳回通知书.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('官文已存在').first()).toBeVisible({ timeout: 30_000 });
});
