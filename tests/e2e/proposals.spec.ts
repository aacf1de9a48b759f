import { expect, test } from './serverPerWorker.js';
import { callApi } from './callApi.js';
import { openSignedIn, storedUser } from './support.js';
import { addColleague, decide, field, header, node, nodeStates, openAs, submitRegistrationProposal } from './proposalSupport.js';

const WIDE = { width: 1440, height: 900 };

test('a proposal of the built-in registration type takes the budget branch; a countersigner rejects it, the submitter edits and resubmits, everyone approves, and the case opens from the proposal', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(WIDE);

  // The company's administrator sets up a brand centre (钱总监) with a planning team (孙经理) and a planner (周策划):
  // the type's flow then asks the planner's head, and over 10,000 yuan the heads of two levels together.
  await openSignedIn(page, 'corpAdmin', '/deal');
  const admin = (await storedUser(page)).token;
  const roleId = (await callApi(page.request, 'role.list', {}, admin)).list.find((r) => r.name === '员工')!.id;
  const centre = await callApi(page.request, 'department.save', { name: `品牌中心${Date.now() % 10000}` }, admin);
  const team = await callApi(page.request, 'department.save', { name: '品牌策划组', parentId: centre.id }, admin);
  // The director only approves: a role with the workbench alone still opens the proposal's page.
  const approverRole = await callApi(page.request, 'role.save', { name: `审批人${Date.now() % 10000}`, roleAuth: ['workbench'] }, admin);
  const director = await addColleague(page.request, admin, approverRole.id, centre.id, '钱总监');
  const manager = await addColleague(page.request, admin, roleId, team.id, '孙经理');
  const planner = await addColleague(page.request, admin, roleId, team.id, '周策划');
  await callApi(page.request, 'department.save', { id: centre.id, name: centre.name, parentId: null, headUserId: director.id }, admin);
  await callApi(page.request, 'department.save', { id: team.id, name: team.name, parentId: centre.id, headUserId: manager.id }, admin);

  // The planner starts a proposal from the list's 提案 tab.
  await openAs(page, planner, '/brand/caseList?tab=proposals');
  await expect(page.getByRole('tab', { name: '提案', selected: true })).toBeVisible();
  await page.getByRole('button', { name: /新建提案/ }).click();
  await page.getByRole('menuitem', { name: '商标注册提案' }).click();
  await expect(page).toHaveURL(/\/brandManage\/case-detail\?type=registrationProposal$/);
  await expect(page.getByRole('heading', { name: '新建商标注册提案' })).toBeVisible();

  // Submitting an empty form sends nothing and names what is missing.
  const sent: string[] = [];
  page.on('request', (r) => /demandManagement|submitForApproval/.test(r.url()) && sent.push(r.url()));
  await page.getByRole('button', { name: '提交审批' }).click();
  await expect(page.getByText(/还不能提交：请输入提案标题；.*商标名称不能为空/)).toBeVisible();
  expect(sent).toEqual([]);

  const id = await submitRegistrationProposal(page, {
    title: '会员礼盒“星辰花语”第 3 类注册',
    tmName: '星辰花语',
    budget: 25000,
    reason: '会员礼盒明年春节上市，礼盒内香皂需先行注册。',
  });
  await expect(header(page).locator('.proposal-state-tag')).toHaveText('审批中');
  await expect(page.getByTestId('proposal-notice')).toContainText('“部门负责人审批”等待 孙经理 审批');
  await expect(node(page, 'deptHead')).toHaveAttribute('data-state', 'waiting');
  expect(await nodeStates(page)).toMatchObject({ start: 'passed', deptHead: 'waiting' });
  // The list shows it among the planner's own, waiting for the manager.
  await page.goto('/brand/caseList?tab=proposals&view=submitted');
  const row = page.locator('.ipm-generic-table').filter({ hasText: '提案列表' }).locator('tr').filter({ hasText: '会员礼盒“星辰花语”第 3 类注册' });
  await expect(row).toContainText('审批中');
  await expect(row).toContainText('部门负责人审批 · 孙经理');
  await expect(page.getByTestId('proposal-views').locator('[data-view="submitted"]')).toContainText('1');

  // The manager finds it on the workbench, opens it and approves his step.
  await openAs(page, manager, '/deal');
  const queue = page.getByTestId('workbench-approvals');
  await expect(queue.getByTestId('workbench-section-count')).toHaveText('1');
  await queue.getByRole('link', { name: '会员礼盒“星辰花语”第 3 类注册' }).click();
  await expect(page).toHaveURL(new RegExp(`case-detail\\?id=${id}$`));
  await expect(page.getByTestId('proposal-notice')).toContainText('待你审批');
  await decide(page, '同意', '同意，礼盒方案已与市场部确认。');
  // Over 10,000: the fork took the countersign branch, the default branch was not taken.
  await expect(node(page, 'leaders')).toHaveAttribute('data-state', 'waiting');
  expect(await nodeStates(page)).toMatchObject({ start: 'passed', deptHead: 'approved', budgetFork: 'passed', leaders: 'waiting' });
  await expect(node(page, 'budgetFork')).toContainText('走“预算超过一万元”分支');
  await expect(page.locator('.proposal-flow-edge.edge-current')).toHaveCount(1);
  await expect(page.getByTestId('proposal-notice')).toContainText('“分管领导会签”等待 孙经理、钱总监 审批（会签）');
  // The manager is one of the two countersigners too.
  await decide(page, '同意', '同意。');
  await expect(node(page, 'leaders')).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByTestId('proposal-notice')).toContainText('等待 钱总监 审批');
  await expect(header(page).getByRole('button', { name: '同意' })).toHaveCount(0);

  // The director rejects: a comment is required, the round ends.
  await openAs(page, director, `/brandManage/case-detail?id=${id}`);
  await header(page).getByRole('button', { name: '驳回' }).click();
  const reject = page.getByRole('dialog', { name: '驳回' });
  await reject.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(reject.getByText('驳回时必须填写审批意见')).toBeVisible();
  await reject.getByLabel('驳回理由').fill('预算请按两个年度拆分，今年先报 1.8 万。');
  await reject.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(page.locator('.ant-message').getByText('已驳回')).toBeVisible();
  await expect(header(page).locator('.proposal-state-tag')).toHaveText('已驳回');
  await expect(node(page, 'leaders')).toHaveAttribute('data-state', 'rejected');
  await expect(page.getByTestId('proposal-decisions')).toContainText('预算请按两个年度拆分');

  // The planner reads why, edits the budget (still over the threshold) and submits again.
  await openAs(page, planner, `/brandManage/case-detail?id=${id}`);
  await expect(page.getByTestId('proposal-notice')).toContainText('钱总监 在“分管领导会签”驳回了提案');
  await expect(page.getByTestId('proposal-notice')).toContainText('驳回理由：预算请按两个年度拆分，今年先报 1.8 万。');
  await header(page)
    .getByRole('button', { name: /^编\s*辑$/ })
    .click();
  await expect(page.getByRole('heading', { name: /编辑提案 · TA\d+/ })).toBeVisible();
  await field(page, '预算（元）').locator('input').fill('18000');
  await page.getByRole('button', { name: '重新提交审批' }).click();
  await expect(page.getByText('提案已提交审批')).toBeVisible();
  await expect(header(page).locator('.proposal-state-tag')).toHaveText('审批中');
  await expect(header(page)).toContainText('第 2 轮');
  // The chart draws the new round a moment after the header.
  await expect(node(page, 'deptHead')).toHaveAttribute('data-state', 'waiting');
  expect(await nodeStates(page)).toMatchObject({ start: 'passed', deptHead: 'waiting' });
  // The first round is still there to look at.
  await page.getByTestId('proposal-flow').getByText('第 1 轮', { exact: true }).click();
  await expect(page.getByTestId('proposal-flow')).toHaveAttribute('data-round', '1');
  await expect(node(page, 'leaders')).toHaveAttribute('data-state', 'rejected');

  // Second round: the manager approves both his steps, the director approves last.
  await openAs(page, manager, `/brandManage/case-detail?id=${id}`);
  await decide(page, '同意', '同意。');
  await decide(page, '同意', '同意，按 1.8 万执行。');
  await openAs(page, director, `/brandManage/case-detail?id=${id}`);
  await expect(node(page, 'leaders')).toHaveAttribute('data-state', 'waiting');
  await decide(page, '同意', '同意。');
  await expect(header(page).locator('.proposal-state-tag')).toHaveText('已通过');
  await expect(page.getByTestId('proposal-notice')).toContainText('已建立 1 件案件');
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
  await expect(decisions.locator('[data-round="2"] [data-decision="approved"]')).toHaveCount(3);
  await expect(decisions.locator('[data-round="1"] [data-decision="rejected"]')).toContainText('钱总监');
  await page.screenshot({ path: 'test-results/proposal-approved.png', fullPage: true });

  // The case the approval created opens from the proposal, for the planner whose role manages cases.
  await openAs(page, planner, `/brandManage/case-detail?id=${id}`);
  const cases = page.getByTestId('proposal-cases');
  const caseLink = cases.getByRole('link', { name: /^AJ\d{13}$/ });
  await expect(cases).toContainText('国内商标注册');
  const caseNo = (await caseLink.textContent())!;
  await caseLink.click();
  await expect(page).toHaveURL(new RegExp(`caseNo=${caseNo}`));
  await expect(page.getByTestId('case-info')).toContainText(caseNo);
});

test('the proposal list: views with their counts, a draft deleted after confirming, and the external links drawer', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openSignedIn(page, 'corpAdmin', '/brand/caseList?tab=proposals');
  const table = page.locator('.ipm-generic-table').filter({ hasText: '提案列表' });
  await expect(table.locator('.proposal-state-tag').first()).toBeVisible();

  // A draft of the administrator's own: deleted from its row after confirming.
  const token = (await storedUser(page)).token;
  const title = `待删除草稿 ${Date.now()}`;
  await callApi(page.request, 'demand.demandManagement', { typeName: 'objectionProposal', title, formData: {} }, token);
  await page.getByTestId('proposal-views').locator('[data-view="submitted"]').click();
  const row = table.locator('tr').filter({ hasText: title });
  await expect(row).toContainText('草稿');
  await row.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByTestId('proposal-views').locator('[data-view="all"]').click();
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/proposal-list.png', fullPage: true });

  // 外部提案链接: a link for two types, copied, then revoked.
  await page.getByRole('button', { name: '外部提案链接' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '外部提案链接' });
  await drawer.getByRole('button', { name: '新建链接' }).click();
  const create = page.getByRole('dialog', { name: '新建外部提案链接' });
  const linkTitle = `华东事业部 ${Date.now() % 100000}`;
  await create.getByLabel('链接名称').fill(linkTitle);
  await create.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('商标注册提案').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('异议提案').click();
  await page.keyboard.press('Escape');
  await create.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('链接已生成，可复制后发给对方')).toBeVisible();
  const link = drawer.locator('tr').filter({ hasText: linkTitle });
  await expect(link).toContainText('有效');
  await expect(link).toContainText('/case-proposal?token=');
  await link.getByRole('button', { name: '撤销' }).click();
  await page
    .getByRole('dialog', { name: '确认要撤销该链接吗？' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('链接已撤销')).toBeVisible();
  await expect(link).toContainText('已失效');
  await expect(link.getByRole('button', { name: '撤销' })).toHaveCount(0);
});

test('a letter starts a proposal linked to it, and the mark’s page lists the mark’s proposals', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openSignedIn(page, 'corpAdmin', '/brand/filesAll');
  const table = page.locator('.ipm-generic-table').filter({ hasText: '官文管理' });
  const letterRow = table.locator('tbody tr.ant-table-row').filter({ hasText: '驳回通知书' }).first();
  const appNo = (await letterRow.locator('td').nth(3).textContent())!.trim();
  await letterRow.getByRole('button', { name: '加入提案' }).click();
  const dialog = page.getByRole('dialog', { name: '加入提案' });
  await dialog.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('官文应对提案').click();
  const title = `驳回通知书应对 ${Date.now() % 100000}`;
  await dialog.getByLabel('提案标题').fill(title);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/已新建提案 TA\d+/)).toBeVisible();
  // The new draft opens in its editor, the letter's application number already in the form.
  await expect(page).toHaveURL(/case-detail\?id=\d+&edit=1$/);
  await expect(page.getByLabel('提案标题')).toHaveValue(title);
  await expect(field(page, '申请号').locator('input')).toHaveValue(appNo);
  await expect(field(page, '文件类型')).toContainText('驳回通知书');
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const detail = await callApi(page.request, 'demand.demandDetails', { id }, (await storedUser(page)).token);
  expect(detail.letters.map((l) => l.appNo)).toContain(appNo);

  // The mark of the letter lists the proposal, and starts another one already linked to it.
  const brandId = detail.marks[0]?.brandId;
  test.skip(!brandId, 'the letter belongs to no archive mark');
  await page.goto(`/brandManage/brandRecord/recordDetail?id=${brandId}`);
  const card = page.getByTestId('mark-proposals');
  await expect(card.locator('tr').filter({ hasText: title })).toContainText('草稿');
  await card.getByRole('button', { name: /新建提案/ }).click();
  await page.getByRole('menuitem', { name: '续展提案' }).click();
  await expect(page).toHaveURL(new RegExp(`case-detail\\?type=renewalProposal&brandId=${brandId}$`));
  await expect(page.getByRole('heading', { name: '新建续展提案' })).toBeVisible();
  // Listed among the marks the proposal concerns, and chosen in the type form's own mark field.
  await expect(page.locator('.proposal-field').filter({ hasText: '涉及的商标' })).toContainText(detail.marks[0]!.tmName);
  await expect(field(page, '商标')).toContainText(detail.marks[0]!.tmName);
});

test('on a proposal page: a scheme, a comment naming a colleague, participants, a hand-over with its reason; the submitter withdraws and deletes another', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await openSignedIn(page, 'staff', '/deal');
  const staff = (await storedUser(page)).token;
  const form = {
    tmName: '星辰小样',
    markForm: 'word',
    parentCgInfo: [{ tmCl: 3, goods: [{ name: '香皂' }] }],
    applicantName: '星辰日化股份有限公司',
    budget: 3000,
    reason: '试用装随会员礼盒赠送。',
  };
  const handed = await callApi(
    page.request,
    'demand.demandManagement',
    { typeName: 'registrationProposal', title: `试用装“星辰小样”注册 ${Date.now() % 100000}`, formData: form },
    staff,
  );
  await callApi(page.request, 'demand.submitForApproval', { id: handed.id }, staff);
  const withdrawn = await callApi(
    page.request,
    'demand.demandManagement',
    { typeName: 'registrationProposal', title: `旅行装注册 ${Date.now() % 100000}`, formData: form },
    staff,
  );
  await callApi(page.request, 'demand.submitForApproval', { id: withdrawn.id }, staff);

  // The submitter takes one back before anyone decided, then deletes it.
  await page.goto(`/brandManage/case-detail?id=${withdrawn.id}`);
  await header(page)
    .getByRole('button', { name: /更\s*多/ })
    .click();
  await page.getByRole('menuitem', { name: '撤回' }).click();
  const withdraw = page.getByRole('dialog', { name: '撤回提案' });
  await withdraw.getByLabel('撤回理由').fill('旅行装推迟到明年。');
  await withdraw.getByRole('button', { name: /撤\s*回/ }).click();
  await expect(page.locator('.ant-message').getByText('提案已撤回')).toBeVisible();
  await expect(header(page).locator('.proposal-state-tag')).toHaveText('已撤回');
  await header(page)
    .getByRole('button', { name: /更\s*多/ })
    .click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await page
    .getByRole('dialog', { name: '确认要删除该提案吗？' })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(page).toHaveURL(/\/brand\/caseList\?tab=proposals$/);

  // The department head offers a scheme, asks the submitter with @, adds a colleague and hands the step over.
  await openSignedIn(page, 'corpAdmin', `/brandManage/case-detail?id=${handed.id}`);
  await page.getByRole('button', { name: '提交方案' }).click();
  const scheme = page.getByRole('dialog', { name: '提交方案' });
  await scheme.getByLabel('方案名称').fill('第 3 类单独申请');
  await scheme.getByLabel('方案内容').fill('只报 0306 群香皂一项，官费 270 元。');
  await scheme.getByLabel('预计费用（元）').fill('1200');
  await scheme.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('方案已提交')).toBeVisible();
  await expect(page.getByTestId('proposal-schemes')).toContainText('第 3 类单独申请');
  await expect(page.getByTestId('proposal-schemes')).toContainText('预计 1,200.00 元');

  const box = page.getByLabel('评论内容');
  await box.click();
  await box.pressSequentially('请补充样品照片 @陈');
  await page.locator('.ant-mentions-dropdown:visible').getByText('陈员工').click();
  await page.getByRole('button', { name: '发表评论' }).click();
  await expect(page.getByTestId('proposal-comments').locator('.ant-list-item')).toContainText('@陈员工');

  await header(page)
    .getByRole('button', { name: /更\s*多/ })
    .click();
  await page.getByRole('menuitem', { name: '添加参与人' }).click();
  const participants = page.getByRole('dialog', { name: '添加参与人' });
  await participants.locator('.ant-select-selector').click();
  await page.keyboard.type('刘洋');
  await page.locator('.ant-select-dropdown:visible').getByText('刘洋').first().click();
  await participants.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已添加 1 位参与人')).toBeVisible();
  await expect(page.getByTestId('proposal-participants')).toContainText('刘洋');

  await header(page)
    .getByRole('button', { name: /^转\s*交$/ })
    .click();
  const reassign = page.getByRole('dialog', { name: '转交审批' });
  await reassign.getByRole('button', { name: /确\s*定/ }).click();
  await expect(reassign.getByText('请选择转交给谁')).toBeVisible();
  await reassign.locator('.ant-select-selector').click();
  await page.keyboard.type('刘洋');
  await page.locator('.ant-select-dropdown:visible').getByText('刘洋').first().click();
  await reassign.getByLabel('转交理由').fill('市场部更了解试用装的用量。');
  await reassign.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已转交给刘洋')).toBeVisible();
  await expect(page.getByTestId('proposal-notice')).toContainText('等待 刘洋 审批');
  await expect(header(page).getByRole('button', { name: '同意' })).toHaveCount(0);
  await expect(page.getByTestId('proposal-decisions')).toContainText('已转交');
  await expect(page.getByTestId('proposal-decisions')).toContainText('由 赵主管 转交：市场部更了解试用装的用量。');
  await expect(node(page, 'deptHead')).toContainText('刘洋');
});
