import type { Browser, Page } from '@playwright/test';
import { expect, test } from './serverPerWorker.js';
import { callApi } from './callApi.js';
import { openSignedIn, storedUser } from './support.js';
import {
  addColleague,
  decide,
  designerCard,
  field,
  header,
  inspector,
  node,
  nodeStates,
  openAs,
  pickPerson,
  problems,
  section,
  submitRegistrationProposal,
  type Colleague,
} from './proposalSupport.js';

// Proposals and their approval as their users live them, in one go: the company's administrator changes the
// approval flow of a proposal type, a colleague's proposal takes its conditional branch, one
// countersigner approves on a phone and the other rejects, the submitter edits and resubmits,
// everyone approves, the case is created, and the chart shows the path taken.

const WIDE = { width: 1600, height: 1000 };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Approves the waiting step on a phone-sized page, as an approver holding a phone. */
async function approveOnPhone(browser: Browser, baseURL: string, who: Colleague, id: number, comment: string): Promise<void> {
  const phone = await browser.newContext({ ...PHONE, baseURL });
  const page: Page = await phone.newPage();
  await openAs(page, who, `/mobile/demand?id=${id}`, { fullScreen: true });
  await expect(page.getByTestId('demand-state')).toHaveText('审批中');
  await page
    .getByTestId('mobile-action-bar')
    .getByRole('button', { name: /同\s*意/ })
    .tap();
  await expect(page).toHaveURL(`/mobile/adopt?id=${id}`);
  await page.getByRole('textbox', { name: '审批意见' }).fill(comment);
  await page.getByRole('button', { name: '确认同意' }).tap();
  await expect(page.getByTestId('decision-result')).toContainText('已同意');
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.close();
}

test('a flow the admin changed, a proposal on its conditional branch, a phone approval and a rejection, a resubmission, and the case it creates', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize(WIDE);
  const stamp = Date.now() % 1_000_000;
  const typeTitle = `礼盒商标立项${stamp}`;
  const typeKey = `giftBoxProposal${stamp}`;

  // The company's people: a brand team whose head approves first, and two reviewers who countersign large budgets.
  await openSignedIn(page, 'corpAdmin', '/deal');
  const admin = (await storedUser(page)).token;
  const staffRole = (await callApi(page.request, 'role.list', {}, admin)).list.find((r) => r.name === '员工')!.id;
  const team = await callApi(page.request, 'department.save', { name: `礼盒项目组${stamp}` }, admin);
  const head = await addColleague(page.request, admin, staffRole, team.id, '吴组长');
  const submitter = await addColleague(page.request, admin, staffRole, team.id, '郑专员');
  const legal = await addColleague(page.request, admin, staffRole, team.id, '冯法务');
  const finance = await addColleague(page.request, admin, staffRole, team.id, '褚财务');
  await callApi(page.request, 'department.save', { id: team.id, name: team.name, parentId: null, headUserId: head.id }, admin);

  // The administrator copies the built-in registration proposal and draws its countersign anew: two named reviewers, both must approve.
  await page.goto('/system/proposalConfig');
  await page.getByLabel('查找类型').fill('registrationProposal');
  await page.getByRole('button', { name: '复制 商标注册提案' }).click();
  await page.getByLabel('名称', { exact: true }).fill(typeTitle);
  await page.getByLabel('标识', { exact: true }).fill(typeKey);
  await section(page, '审批流程').click();
  await expect(page.locator('.ipm-flow-branch').filter({ hasText: '预算超过一万元' })).toBeVisible();
  await designerCard(page, 'leaders').click();
  await inspector(page).getByLabel('节点名称').fill('法务财务会签');
  await inspector(page).getByText('由发起人的上级处理').click();
  await pickPerson(page, legal.name);
  await pickPerson(page, finance.name);
  await expect(inspector(page).getByText('会签（须全部同意）').locator('..').locator('input')).toBeChecked();
  await expect(designerCard(page, 'leaders')).toContainText(`${legal.name}、${finance.name}`);
  await expect(designerCard(page, 'leaders')).toContainText('会签');
  await expect(problems(page)).toContainText('流程完整');
  await page.getByRole('button', { name: '发布' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /发\s?布/ })
    .click();
  await expect(page.getByText('已发布第 1 版')).toBeVisible();

  // The submitter asks for 25,000 yuan: over the branch's 10,000.
  await openAs(page, submitter, '/brand/caseList?tab=proposals');
  await page.getByRole('button', { name: /新建提案/ }).click();
  await page.getByRole('menuitem', { name: typeTitle }).click();
  await expect(page).toHaveURL(new RegExp(`/brandManage/case-detail\\?type=${typeKey}$`));
  const id = await submitRegistrationProposal(page, {
    title: '春节礼盒“花间集”第 3 类注册',
    tmName: '花间集',
    budget: 25000,
    reason: '礼盒春节上市，香皂需先行注册。',
  });
  await expect(page.getByTestId('proposal-notice')).toContainText(`等待 ${head.name} 审批`);

  // Round 1: the head approves; the fork takes the budget branch to the countersign; one reviewer approves on her phone, the other rejects.
  await openAs(page, head, `/brandManage/case-detail?id=${id}`);
  await decide(page, '同意', '同意立项。');
  await expect(node(page, 'leaders')).toHaveAttribute('data-state', 'waiting');
  expect(await nodeStates(page)).toMatchObject({ start: 'passed', deptHead: 'approved', budgetFork: 'passed', leaders: 'waiting' });
  await expect(node(page, 'budgetFork')).toContainText('走“预算超过一万元”分支');
  await expect(page.getByTestId('proposal-notice')).toContainText(`等待 ${legal.name}、${finance.name} 审批（会签）`);

  await approveOnPhone(browser, baseURL!, legal, id, '商标检索无近似，同意。');
  await openAs(page, finance, `/brandManage/case-detail?id=${id}`);
  await expect(page.getByTestId('proposal-notice')).toContainText(`等待 ${finance.name} 审批`);
  await decide(page, '驳回', '预算含两年代理费，请按今年的 1.8 万重报。');
  await expect(header(page).locator('.proposal-state-tag')).toHaveText('已驳回');
  await expect(node(page, 'leaders')).toHaveAttribute('data-state', 'rejected');

  // The submitter reads why, lowers the budget (still over the branch's threshold) and submits again.
  await openAs(page, submitter, `/brandManage/case-detail?id=${id}`);
  await expect(page.getByTestId('proposal-notice')).toContainText('驳回理由：预算含两年代理费，请按今年的 1.8 万重报。');
  await header(page)
    .getByRole('button', { name: /^编\s*辑$/ })
    .click();
  await field(page, '预算（元）').locator('input').fill('18000');
  await page.getByRole('button', { name: '重新提交审批' }).click();
  await expect(page.getByText('提案已提交审批')).toBeVisible();
  await expect(header(page)).toContainText('第 2 轮');

  // Round 2: everyone approves, the first reviewer again on her phone; the case is created.
  await openAs(page, head, `/brandManage/case-detail?id=${id}`);
  await decide(page, '同意', '同意。');
  await approveOnPhone(browser, baseURL!, legal, id, '同意。');
  await openAs(page, finance, `/brandManage/case-detail?id=${id}`);
  await decide(page, '同意', '按 1.8 万执行。');
  await expect(header(page).locator('.proposal-state-tag')).toHaveText('已通过');
  await expect(page.getByTestId('proposal-notice')).toContainText('已建立 1 件案件');

  // The chart shows the path taken at every step, and the decisions of both rounds.
  await expect(node(page, 'end')).toHaveAttribute('data-state', 'passed');
  expect(await nodeStates(page)).toEqual({
    start: 'passed',
    deptHead: 'approved',
    budgetFork: 'passed',
    leaders: 'approved',
    copyHead: 'passed',
    end: 'passed',
  });
  const decisions = page.getByTestId('proposal-decisions');
  await expect(decisions.locator('[data-round="1"] [data-decision="rejected"]')).toContainText(finance.name);
  await expect(decisions.locator('[data-round="2"] [data-decision="approved"]')).toHaveCount(3);
  await expect(decisions).toContainText('商标检索无近似，同意。');
  await expect(page.getByTestId('proposal-cases')).toContainText('国内商标注册');
  const detail = await callApi(page.request, 'demand.demandDetails', { id }, admin);
  expect(detail.type).toMatchObject({ name: typeKey, title: typeTitle, version: 1 });
  expect(detail.state).toBe('approved');
});
