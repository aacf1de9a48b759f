import { expect, test } from './serverPerWorker.js';
import { callAsPage, openSignedIn } from './support.js';
import { designerCard, clickConnectorBelow, drawConnector, inspector, panelField, pickPerson, problems, section } from './proposalSupport.js';

test.use({ viewport: { width: 1600, height: 1000 } });

test('an admin builds a proposal type: its form, an approval flow with a budget branch to a countersign and a copy-to node, and publishes it', async ({
  page,
}, testInfo) => {
  // The whole of an admin's drawing, each step checked on the page, then stored: longer than most tests.
  test.slow();
  const key = `budgetProposal${Date.now() % 1_000_000}`;
  // Reached from 用户与配置, beside the case types.
  await openSignedIn(page, 'admin', '/system/userConfig?tab=caseTypes');
  await page.getByRole('link', { name: '提案配置' }).click();
  await expect(page).toHaveURL(/\/system\/proposalConfig$/);
  await expect(page.getByRole('heading', { name: '新建一种提案类型' })).toBeVisible();
  // Only proposal types are offered here: the built-in case types are on /system/caseCreate.
  await expect(page.locator('.ant-table-row').filter({ hasText: '国内商标注册' })).toHaveCount(0);

  await page.getByRole('button', { name: '空白类型' }).click();
  await expect(page.getByRole('tab')).toHaveText([/^基本信息/, /^提案表单/, /^审批流程/, /^审批通过后建立的案件/, /^附件/]);
  await page.getByLabel('名称', { exact: true }).fill('海外商标申请立项');
  await page.getByLabel('标识', { exact: true }).fill(key);
  await expect(page.getByLabel('类别')).toHaveText('提案');

  await section(page, '提案表单').click();
  await page.getByLabel('画布').click({ position: { x: 4, y: 4 } });
  await page.getByRole('button', { name: '构件 数字', exact: true }).press('Enter');
  const panel = page.getByLabel('属性面板');
  await panelField(panel, '字段名').fill('budget');
  await panelField(panel, '标题').fill('预算');
  await expect(page.getByTestId('node-budget')).toContainText('预算');

  // A new type starts with the smallest flow that can be published.
  await section(page, '审批流程').click();
  await expect(designerCard(page, 'start')).toContainText('发起人');
  await expect(designerCard(page, 'superior')).toContainText('发起人的直属上级');
  await expect(designerCard(page, 'end')).toBeVisible();
  await expect(problems(page)).toContainText('流程完整');

  // After the superior, a fork: the palette puts it on the superior's way out, with a conditional branch and 其他情况.
  await designerCard(page, 'superior').click();
  await page.getByRole('button', { name: '添加条件分支' }).click();
  await expect(designerCard(page, 'branch1')).toBeVisible();
  await expect(designerCard(page, 'approver1')).toContainText('请设置审批人');
  await expect(problems(page)).toContainText('审批节点“审批人”没有设置审批人');
  await expect(problems(page)).toContainText('的分支“条件 1”没有设置条件');
  await expect(section(page, '审批流程')).toContainText('2');

  // The conditional branch: budget over 10,000.
  await expect(inspector(page)).toContainText('分支条件');
  await inspector(page).getByLabel('分支名称').fill('预算超过一万');
  await inspector(page).getByRole('button', { name: '添加条件' }).click();
  await expect(inspector(page).getByRole('combobox', { name: '本分支第 1 个条件的字段' })).toBeVisible();
  // A number field offers comparisons of size; 大于 is what this branch needs.
  await inspector(page).locator('.ipm-flow-condition-operator').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('大于等于');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^大于$/ })
    .click();
  await inspector(page).getByRole('spinbutton', { name: '本分支第 1 个条件的值' }).fill('10000');
  const branch = page.locator('.ipm-flow-branch').filter({ hasText: '预算超过一万' });
  await expect(branch).toContainText('预算 大于 10000');
  await expect(page.locator('.ipm-flow-branch').filter({ hasText: '其他情况' })).toBeVisible();

  // Its approver: two named colleagues who must both approve.
  await designerCard(page, 'approver1').click();
  await inspector(page).getByLabel('节点名称').fill('总监会签');
  await pickPerson(page, '李代理');
  await pickPerson(page, '孙欣');
  await inspector(page).getByText('会签（须全部同意）').click();
  await expect(designerCard(page, 'approver1')).toContainText('李代理、孙欣');
  await expect(designerCard(page, 'approver1')).toContainText('会签');

  // Then a copy to the administrators' role.
  await page.getByRole('button', { name: '添加抄送人' }).click();
  await expect(designerCard(page, 'copy1')).toBeVisible();
  await inspector(page).getByLabel('节点名称').fill('抄送法务');
  await inspector(page)
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: '抄送人的角色' }) })
    .click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '管理员' }).click();
  await page.keyboard.press('Escape');
  await expect(designerCard(page, 'copy1')).toContainText('角色：管理员');
  await expect(problems(page)).toContainText('流程完整');
  await expect(section(page, '审批流程').locator('.ant-badge-count')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('approval-flow.png') });

  // A branch left leading nowhere is named at once and its card outlined; undo and redo go through it.
  await expect(page.getByRole('group', { name: '连线：抄送法务 → 结束' })).toHaveCount(1);
  await clickConnectorBelow(page, 'copy1');
  await expect(inspector(page)).toContainText('抄送法务 → 结束');
  await page.keyboard.press('Delete');
  await expect(problems(page)).toContainText('抄送节点“抄送法务”之后没有连到任何节点');
  await expect(designerCard(page, 'copy1')).toHaveClass(/has-problem/);
  await expect(section(page, '审批流程')).toContainText('2');
  await page.screenshot({ path: testInfo.outputPath('approval-flow-dangling.png') });
  await page.keyboard.press('Control+z');
  await expect(problems(page)).toContainText('流程完整');
  await page.keyboard.press('Control+y');
  await expect(problems(page)).toContainText('之后没有连到任何节点');

  // Drawn again from the card's handle to the end: the problem is gone.
  await drawConnector(page, 'copy1', 'end');
  await expect(problems(page)).toContainText('流程完整');
  await expect(designerCard(page, 'copy1')).not.toHaveClass(/has-problem/);

  await page.getByRole('button', { name: '发布' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /发\s?布/ })
    .click();
  await expect(page.getByText('已发布第 1 版')).toBeVisible();

  // Stored as a version of the designer's store, the flow as drawn.
  const listed = await callAsPage(page, 'designer.listSchemas', { kind: 'caseTypes', keyword: key });
  expect(listed.list).toEqual([expect.objectContaining({ key, title: '海外商标申请立项', category: 'proposal', publishedVersion: 1 })]);
  const stored = await callAsPage(page, 'designer.getVersion', { kind: 'caseTypes', key, version: 1 });
  expect(stored.version.status).toBe('published');
  const colleagues = await callAsPage(page, 'person.getUserList', { search: '李代理', pageNo: 0, pageSize: 30 });
  const overseas = await callAsPage(page, 'person.getUserList', { search: '孙欣', pageNo: 0, pageSize: 30 });
  const flow = stored.body.approvalFlow as { nodes: Record<string, unknown>[]; edges: Record<string, unknown>[] };
  expect(flow.nodes.map((n) => [n.id, n.type, n.name])).toEqual([
    ['start', 'start', '发起人'],
    ['superior', 'approver', '直属上级审批'],
    ['end', 'end', '结束'],
    ['branch1', 'condition', '条件判断'],
    ['approver1', 'approver', '总监会签'],
    ['copy1', 'copy', '抄送法务'],
  ]);
  expect(flow.nodes.find((n) => n.id === 'approver1')).toMatchObject({
    mode: 'all',
    approvers: [
      { kind: 'user', userId: colleagues[0].id },
      { kind: 'user', userId: overseas[0].id },
    ],
  });
  expect(flow.nodes.find((n) => n.id === 'copy1')).toMatchObject({ recipients: [{ kind: 'role' }] });
  const route = (source: string) => flow.edges.filter((e) => e.source === source).map((e) => e.target);
  expect(route('start')).toEqual(['superior']);
  expect(route('superior')).toEqual(['branch1']);
  expect(route('branch1').sort()).toEqual(['approver1', 'end']);
  expect(route('approver1')).toEqual(['copy1']);
  expect(route('copy1')).toEqual(['end']);
  expect(flow.edges.find((e) => e.source === 'branch1' && e.target === 'approver1')).toMatchObject({
    label: '预算超过一万',
    conditions: [{ field: 'budget', operator: 'gt', value: 10000 }],
  });
  expect(flow.edges.find((e) => e.source === 'branch1' && e.target === 'end')).toMatchObject({ label: '其他情况', isDefault: true });
  expect(Object.keys((stored.body.form as { properties: object }).properties)).toEqual(['budget']);
  expect(stored.body).not.toHaveProperty('stages');

  // Listed with the proposal types, not with the case types.
  await page.reload();
  await page.getByLabel('查找类型').fill(key);
  await expect(page.locator('.ant-table-row').filter({ hasText: key })).toContainText('已发布 第 1 版');
  await page.goto('/system/caseCreate');
  await page.getByLabel('查找类型').fill(key);
  await expect(page.locator('.ant-table-row').filter({ hasText: key })).toHaveCount(0);
});
