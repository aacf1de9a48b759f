import JSZip from 'jszip';
import { expect, test } from './serverPerWorker.js';
import { callAsPage, signIn } from './support.js';
import { LetterPrinter } from '../letters/printLetter.js';
import { copyrightCertificateLetter, copyrightCorrectionLetter } from '../letters/cnipaLetters.js';

test('copyright letters: a zip of the copyright centre’s letters recognised on /copyRight/analysis, saved with the correction’s deadline, then found on /copyRight/officeFile', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const digits = String(Date.now()).slice(-7);
  const serialNo = `2025R11L${digits}`;
  const registrationNo = `2025SR${digits}`;
  const printer = new LetterPrinter();
  const zip = new JSZip();
  zip.file('版权官文/补正通知书.pdf', await printer.pdf(copyrightCorrectionLetter(serialNo)));
  zip.file('版权官文/登记证书.pdf', await printer.pdf(copyrightCertificateLetter(registrationNo)));
  await printer.close();

  // Reached from the copyright letters list.
  await page.goto('/copyRight/analysis');
  const uploader = page.getByTestId('recognition-uploader');
  await uploader
    .locator('input[type=file]')
    .setInputFiles({ name: '版权官文.zip', mimeType: 'application/zip', buffer: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }) });
  const correction = uploader.locator('tbody tr.ant-table-row').filter({ hasText: '补正通知书.pdf' });
  const certificate = uploader.locator('tbody tr.ant-table-row').filter({ hasText: '登记证书.pdf' });
  await expect(correction).toContainText('已识别', { timeout: 30_000 });
  await expect(certificate).toContainText('已识别', { timeout: 30_000 });
  // Only the copyright centre's types are offered, and each letter's number is its 流水号 or 登记号.
  await expect(correction.getByRole('combobox', { name: '文件类型' })).toHaveValue('著作权登记补正通知书');
  await expect(correction.getByLabel('申请号')).toHaveValue(serialNo);
  await expect(correction.getByLabel('发文日期')).toHaveValue('2025-06-03');
  await expect(certificate.getByRole('combobox', { name: '文件类型' })).toHaveValue('作品登记证书');
  await expect(certificate.getByLabel('申请号')).toHaveValue(registrationNo);

  await uploader.getByRole('button', { name: /保存选中的官文（2）/ }).click();
  await expect(page.getByText('已保存 2 件官文')).toBeVisible();

  // The list of copyright letters holds both, and not in the trademark letters.
  await page.goto('/copyRight/officeFile');
  const rows = page.locator('.ipm-generic-table tbody tr.ant-table-row');
  const search = async (keyword: string) => {
    await page.locator('.ipm-filter-bar input').first().fill(keyword);
    await page
      .getByRole('button', { name: /查\s?询/ })
      .first()
      .click();
  };
  await search(serialNo);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('著作权登记补正通知书');
  // The software's name the letter printed stands where a trademark letter shows its mark.
  await expect(rows.first()).toContainText('星辰日化会员管理系统');
  await search(registrationNo);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('作品登记证书');
  await expect(rows.first()).toContainText('花语商城小程序');
  expect((await callAsPage(page, 'officials.officialList', { keyword: serialNo })).count).toBe(0);
  const found = async (appNo: string) => (await callAsPage(page, 'officials.officialList', { keyword: appNo, business: 'copyright' })).list;
  const copyrightLetters = [...(await found(serialNo)), ...(await found(registrationNo))];
  expect(copyrightLetters.map((l) => l.appNo)).toEqual([serialNo, registrationNo]);
  // The correction asks for an answer within 30 days: it has an official deadline, the certificate none.
  expect(copyrightLetters.find((l) => l.appNo === serialNo)?.officalLimit).toBeTruthy();
  expect(copyrightLetters.find((l) => l.appNo === registrationNo)?.officalLimit).toBeFalsy();
});
