import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './serverPerWorker.js';
import { callApi } from './callApi.js';
import { drawnPng } from './testFiles.js';
import { pdfWithPages } from './pdfFixture.js';
import type { DemandFile, UploadedFile } from '../../src/generated/types.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';

// Approval on a phone (issue 37 item 5): at the width of a phone, as a person holding it.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

type Account = keyof typeof DEMO_ACCOUNTS;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A session for calls beside the browser, in a request context of its own: the page's cookies stay signed out. */
async function tokenOf(api: APIRequestContext, account: Account): Promise<string> {
  const { username, password } = DEMO_ACCOUNTS[account];
  return (await callApi(api, 'auth.login', { username, password: base64(password), encryptionType: 'base64' })).token;
}

async function uploaded(api: APIRequestContext, token: string, name: string, mimeType: string, buffer: Buffer): Promise<UploadedFile> {
  const reply = await api.post('/api/file/upload', { headers: { token }, multipart: { purpose: 'general', file: { name, mimeType, buffer } } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: UploadedFile }).data;
}

/** A registration proposal of the staff member, submitted: under 10,000 it goes to the department head alone (赵主管). */
async function submittedProposal(
  api: APIRequestContext,
  staff: string,
  title: string,
  attached: { markImage?: UploadedFile[]; files?: DemandFile[] } = {},
): Promise<number> {
  const draft = await callApi(
    api,
    'demand.demandManagement',
    {
      typeName: 'registrationProposal',
      title,
      formData: {
        tmName: '云栖',
        markForm: 'word',
        parentCgInfo: [{ tmCl: 9, goods: [{ name: '计算机', groupNum: '0901', cgNum: '090001' }] }],
        applicantName: '星辰日化股份有限公司',
        budget: 6800,
        reason: '新品牌明年一季度上市，先在第 9 类布局。',
        ...(attached.markImage ? { markImage: attached.markImage } : {}),
      },
      ...(attached.files ? { files: attached.files } : {}),
    },
    staff,
  );
  await callApi(api, 'demand.submitForApproval', { id: draft.id }, staff);
  return draft.id;
}

async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

async function signInOnLoginPage(page: Page, account: Account): Promise<void> {
  const { username, password } = DEMO_ACCOUNTS[account];
  await page.getByPlaceholder('请输入账号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).tap();
}

test('an approver opens the message link signed out, signs in, lands on the proposal and approves it with a comment', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL });
  const staff = await tokenOf(api, 'staff');
  const title = `手机审批 ${Date.now()}`;
  const picture = await uploaded(api, staff, '云栖商标图样.png', 'image/png', await drawnPng(page, 600, 400));
  const report = await uploaded(api, staff, '市场调研报告.pdf', 'application/pdf', pdfWithPages(['Market report']));
  const id = await submittedProposal(api, staff, title, {
    markImage: [picture],
    files: [{ fileName: '市场调研报告.pdf', filePath: report.path }],
  });

  // The link the approval message carries.
  const corpAdmin = await tokenOf(api, 'corpAdmin');
  const messages = await callApi(api, 'home.getMessageList', { pageNo: 1, pageSize: 50 }, corpAdmin);
  const link = messages.list.find((m) => m.link === `/mobile/demand?id=${id}`)?.link;
  expect(link, '审批人收到带手机审批链接的消息').toBeTruthy();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expectNoSideScroll(page);
  await shot(page, testInfo, '1-sign-in');
  await signInOnLoginPage(page, 'corpAdmin');

  await expect(page).toHaveURL(`/mobile/demand?id=${id}`);
  await expect(page.getByTestId('demand-head')).toContainText(title);
  await expect(page.getByTestId('demand-state')).toHaveText('审批中');
  await expect(page.getByTestId('demand-waiting')).toHaveText('等待 部门负责人审批（赵主管）');
  await expect(page.getByTestId('demand-content')).toContainText('预算（元）');
  await expect(page.getByTestId('demand-content')).toContainText('6800');
  const timeline = page.getByTestId('flow-timeline');
  await expect(timeline.getByTestId('timeline-node').first()).toContainText('陈员工');
  await expect(timeline.locator('[data-state="waiting"]')).toContainText('赵主管');
  await expect(page.getByTestId('mobile-action-bar')).toBeVisible();
  await expectNoSideScroll(page);
  await shot(page, testInfo, '2-proposal');

  // Files open over the whole screen: the mark's picture from the form, the report from the files.
  await page
    .getByTestId('demand-content')
    .getByRole('button', { name: /云栖商标图样\.png/ })
    .tap();
  const picturePreview = page.getByRole('dialog', { name: '预览 云栖商标图样.png' });
  await expect(picturePreview.locator('img')).toBeVisible();
  await expect.poll(() => picturePreview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await expectNoSideScroll(page);
  await picturePreview.getByRole('button', { name: /关\s*闭/ }).tap();
  await page
    .getByTestId('demand-files')
    .getByRole('button', { name: /市场调研报告\.pdf/ })
    .tap();
  const pdfPreview = page.getByRole('dialog', { name: '预览 市场调研报告.pdf' });
  await expect(pdfPreview.locator('canvas').first()).toBeVisible();
  await expectNoSideScroll(page);
  await shot(page, testInfo, '2-pdf');
  await pdfPreview.getByRole('button', { name: /关\s*闭/ }).tap();

  await page
    .getByTestId('mobile-action-bar')
    .getByRole('button', { name: /同\s*意/ })
    .tap();
  await expect(page).toHaveURL(`/mobile/adopt?id=${id}`);
  await page.getByRole('textbox', { name: '审批意见' }).fill('同意，预算合理，请尽快递交。');
  await expectNoSideScroll(page);
  await shot(page, testInfo, '3-adopt');
  await page.getByRole('button', { name: '确认同意' }).tap();
  await expect(page.getByTestId('decision-result')).toContainText('已同意');
  await shot(page, testInfo, '4-adopted');

  await page.getByRole('button', { name: '返回提案' }).tap();
  await expect(page).toHaveURL(`/mobile/demand?id=${id}`);
  await expect(page.getByTestId('demand-state')).toHaveText('已通过');
  await expect(page.getByTestId('flow-timeline')).toContainText('同意，预算合理，请尽快递交。');
  await expect(page.getByTestId('mobile-action-bar')).toHaveCount(0);
  await expectNoSideScroll(page);
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  await shot(page, testInfo, '5-approved');

  // The server recorded the decision as made on the phone.
  const after = await callApi(api, 'demand.demandDetails', { id }, staff);
  expect(after.state).toBe('approved');
  expect(after.decisions.find((d) => d.decision === 'approved')).toMatchObject({ userName: '赵主管', comment: '同意，预算合理，请尽快递交。' });
  await api.dispose();
});

test('an approver rejects a proposal with a reason; without one the phone asks for it', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL });
  const staff = await tokenOf(api, 'staff');
  const title = `手机驳回 ${Date.now()}`;
  const id = await submittedProposal(api, staff, title);

  await page.goto(`/mobile/demand?id=${id}`);
  await signInOnLoginPage(page, 'corpAdmin');
  await expect(page).toHaveURL(`/mobile/demand?id=${id}`);
  await page
    .getByTestId('mobile-action-bar')
    .getByRole('button', { name: /驳\s*回/ })
    .tap();
  await expect(page).toHaveURL(`/mobile/reject?id=${id}`);

  await page.getByRole('button', { name: '确认驳回' }).tap();
  await expect(page.getByText('请填写驳回理由')).toBeVisible();
  expect((await callApi(api, 'demand.demandDetails', { id }, staff)).state).toBe('approving');

  await page.getByRole('button', { name: '材料不全，请补充后重新提交' }).tap();
  await expect(page.getByRole('textbox', { name: '驳回理由' })).toHaveValue('材料不全，请补充后重新提交');
  await page.getByRole('textbox', { name: '驳回理由' }).fill('商品项目不全，请补充第 35 类后重新提交。');
  await expectNoSideScroll(page);
  await shot(page, testInfo, 'reject');
  await page.getByRole('button', { name: '确认驳回' }).tap();
  await expect(page.getByTestId('decision-result')).toContainText('已驳回');
  await expect(page.getByTestId('decision-result')).toContainText('发起人可修改后重新提交');
  await shot(page, testInfo, 'rejected');

  await page.getByRole('button', { name: '返回提案' }).tap();
  await expect(page.getByTestId('demand-state')).toHaveText('已驳回');
  await expect(page.getByTestId('flow-timeline').locator('[data-state="rejected"]')).toContainText('商品项目不全，请补充第 35 类后重新提交。');
  const after = await callApi(api, 'demand.demandDetails', { id }, staff);
  expect(after.state).toBe('rejected');
  expect(after.decisions.at(-1)).toMatchObject({ userName: '赵主管', decision: 'rejected', comment: '商品项目不全，请补充第 35 类后重新提交。' });
  await api.dispose();
});

test('a step that is not yours, or was decided meanwhile, is refused in words', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL });
  const staff = await tokenOf(api, 'staff');
  const corpAdmin = await tokenOf(api, 'corpAdmin');
  const id = await submittedProposal(api, staff, `不是我的步骤 ${Date.now()}`);

  // The submitter is no approver: the phone says so and offers no decision.
  await page.goto(`/mobile/adopt?id=${id}`);
  await signInOnLoginPage(page, 'staff');
  await expect(page).toHaveURL(`/mobile/adopt?id=${id}`);
  // In the words the server refuses the submitter's decision with.
  const notMine = await api.post('/api/demandApproval', { headers: { token: staff }, data: { id, decision: 'approve' } });
  expect(notMine.status()).toBe(403);
  const notMineText = ((await notMine.json()) as { subMessage: string }).subMessage;
  expect(notMineText).toBe('您不是这一步的审批人');
  await expect(page.getByTestId('decision-refusal')).toHaveText(notMineText);
  await expect(page.getByRole('button', { name: '确认同意' })).toHaveCount(0);
  await page.goto(`/mobile/demand?id=${id}`);
  await expect(page.getByTestId('demand-head')).toBeVisible();
  await expect(page.getByTestId('mobile-action-bar')).toHaveCount(0);

  // The approver's screen was opened before the step was decided elsewhere: the server's refusal is shown.
  await page.evaluate(() => localStorage.removeItem('store-user'));
  await page.goto(`/mobile/reject?id=${id}`);
  await signInOnLoginPage(page, 'corpAdmin');
  await expect(page).toHaveURL(`/mobile/reject?id=${id}`);
  await page.getByRole('textbox', { name: '驳回理由' }).fill('预算不够');
  const detail = await callApi(api, 'demand.demandDetails', { id }, corpAdmin);
  await callApi(api, 'demand.demandApproval', { id, stepId: detail.actions.myStepId!, decision: 'approve', comment: '在电脑上已同意' }, corpAdmin);
  const again = await api.post('/api/demandApproval', {
    headers: { token: corpAdmin },
    data: { id, stepId: detail.actions.myStepId, decision: 'reject', comment: '预算不够' },
  });
  expect(again.status()).toBeGreaterThanOrEqual(400);
  const refusal = ((await again.json()) as { subMessage: string }).subMessage;
  expect(refusal).toMatch(/[\u4e00-\u9fa5]/);

  await page.getByRole('button', { name: '确认驳回' }).tap();
  await expect(page.getByTestId('decision-refusal')).toHaveText(refusal);
  await expectNoSideScroll(page);
  await shot(page, testInfo, 'refused');
  expect((await callApi(api, 'demand.demandDetails', { id }, staff)).state).toBe('approved');
  await api.dispose();
});
