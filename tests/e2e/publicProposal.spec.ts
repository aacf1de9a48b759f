import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './serverPerWorker.js';
import { callApi } from './callApi.js';
import { PDF } from './testFiles.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';

// Proposals from outside (issue 37 item 6): a client opens the organisation's link, no account.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function corpAdminToken(api: APIRequestContext): Promise<string> {
  const { username, password } = DEMO_ACCOUNTS.corpAdmin;
  return (await callApi(api, 'auth.login', { username, password: base64(password), encryptionType: 'base64' })).token;
}

async function expectNoSideScroll(page: Page, width = 375): Promise<void> {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Fills one field of the type's form, found by its label. */
const field = (page: Page, label: string) => page.getByTestId('proposal-type-form').getByRole('textbox', { name: label, exact: true });

test('a client submits a proposal with a file through the link; it arrives as a draft for the organisation', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL });
  const admin = await corpAdminToken(api);
  const linkTitle = `华东事业部商标需求 ${Date.now()}`;
  const link = await callApi(
    api,
    'demand.createDemandLink',
    { title: linkTitle, typeNames: ['objectionProposal', 'registrationProposal'], validDays: 30 },
    admin,
  );

  await page.goto(link.url);
  await expect(page.getByRole('heading', { name: linkTitle })).toBeVisible();
  // Nothing of the organisation shows: no menu, no user, no records.
  await expect(page.getByTestId('current-user')).toHaveCount(0);
  await expect(page.getByText('星辰日化')).toHaveCount(0);
  await expectNoSideScroll(page);
  await page.screenshot({ path: testInfo.outputPath('1-link.png') });

  await page.getByRole('radio', { name: '异议提案' }).tap();
  await expect(page.getByTestId('proposal-type-form')).toBeVisible();
  await field(page, '商标名称').fill('云栖');
  await field(page, '初步审定号').fill('71234567');
  await page.getByTestId('proposal-type-form').getByRole('spinbutton', { name: '类别' }).fill('9');
  await field(page, '申请人').fill('深圳某某科技有限公司');
  await field(page, '初审公告期号').fill('1890');
  const announced = page.getByTestId('proposal-type-form').getByRole('textbox', { name: '初审公告日期' });
  await announced.fill('2026-11-13');
  await announced.press('Enter');
  await field(page, '事实与理由').fill('被异议商标与我方在先注册的“云栖”商标构成近似，指定商品相同。');
  await page.getByTestId('proposal-type-form').getByRole('spinbutton', { name: '预算（元）' }).fill('4500');

  const title = `对“云栖”初审公告提出异议 ${Date.now()}`;
  await page.getByRole('textbox', { name: '提案标题' }).fill(title);
  await page.getByRole('textbox', { name: '联系人' }).fill('周明');
  await page.getByRole('textbox', { name: '联系电话' }).fill('138 0000 1234');
  await page.locator('input[type=file]').last().setInputFiles({ name: '在先商标注册证.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('在先商标注册证.pdf')).toBeVisible();
  await expect(page.getByText('上传成功')).toBeVisible();
  await expectNoSideScroll(page);
  await page.screenshot({ path: testInfo.outputPath('2-filled.png'), fullPage: true });

  await page.getByRole('button', { name: '提交提案' }).tap();
  await expect(page.getByTestId('proposal-thanks')).toBeVisible();
  const demandNo = (await page.getByTestId('proposal-number').textContent())!.trim();
  expect(demandNo).toMatch(/^TA/);
  await page.screenshot({ path: testInfo.outputPath('3-thanks.png') });

  // The organisation has it as a draft, with the file and whom to contact.
  const found = await callApi(api, 'demand.getDemandList', { keyword: demandNo, pageNo: 1, pageSize: 20 }, admin);
  const row = found.list.find((d) => d.demandNo === demandNo);
  expect(row).toMatchObject({ title, state: 'draft', source: 'link', typeName: 'objectionProposal' });
  const detail = await callApi(api, 'demand.demandDetails', { id: row!.id }, admin);
  expect(detail.contact).toMatchObject({ name: '周明', phone: '138 0000 1234', linkTitle });
  expect(detail.files.map((f) => f.fileName)).toEqual(['在先商标注册证.pdf']);
  expect(detail.formData).toMatchObject({ targetTmName: '云栖', targetNo: '71234567', targetTmCl: 9, budget: 4500 });

  // The same page on a desktop.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(link.url);
  await page.getByRole('radio', { name: '商标注册提案' }).click();
  await expect(page.getByTestId('proposal-type-form')).toBeVisible();
  await expectNoSideScroll(page, 1280);
  await page.screenshot({ path: testInfo.outputPath('4-desktop.png'), fullPage: true });
  await api.dispose();
});

test('a revoked or forged link shows why, and no form', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL });
  const admin = await corpAdminToken(api);
  const link = await callApi(api, 'demand.createDemandLink', { title: `已撤销的链接 ${Date.now()}`, typeNames: ['objectionProposal'], validDays: 7 }, admin);
  await callApi(api, 'demand.revokeDemandLink', { id: link.id }, admin);

  await page.goto(link.url);
  await expect(page.getByTestId('link-problem')).toHaveText('链接已被撤销，请向提供链接的人重新索取');
  await expect(page.getByRole('radiogroup', { name: '提案类型' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '提交提案' })).toHaveCount(0);
  await expectNoSideScroll(page);
  await page.screenshot({ path: testInfo.outputPath('revoked.png') });

  // One character of the signature changed (not the last, whose low bits base64 may ignore).
  const at = link.url.length - 6;
  const forged = link.url.slice(0, at) + (link.url[at] === 'A' ? 'B' : 'A') + link.url.slice(at + 1);
  await page.goto(forged);
  await expect(page.getByTestId('link-problem')).toHaveText('链接无效：地址不完整或已被改动，请向提供链接的人重新索取');
  await expect(page.getByRole('button', { name: '提交提案' })).toHaveCount(0);

  await page.goto('/case-proposal?link=1.2.3');
  await expect(page.getByTestId('link-problem')).toHaveText('链接无效：地址不完整或已被改动，请向提供链接的人重新索取');

  await page.goto('/case-proposal');
  await expect(page.getByTestId('link-problem')).toHaveText('链接不完整或格式不对，请向发送链接的人重新索取');
  await api.dispose();
});
