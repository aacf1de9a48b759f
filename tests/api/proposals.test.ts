import { describe, expect, it } from 'vitest';
import type { ApprovalFlow, ApproverNode } from '../../src/shared/approvalFlow/flowModel.js';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';
import { addColleague, builtInType, messagesOf, publishType, registrationForm, userIdOf } from './support/proposals.js';

/**
 * The check through the calls: the company's administrator sets a flow with a condition
 * and a countersign; staff submit a proposal that takes the conditional branch; one countersigner
 * approves, the other rejects; the submitter edits and submits again; everyone approves; the case
 * is created and linked both ways; the flow chart shows the path of each round.
 */
describe.skipIf(skipThisDatabase)(`proposals from draft to cases (${dbKind})`, () => {
  const shared = sharedTestServer(['corpAdmin', 'staff', 'admin']);

  it('walks a proposal through a conditional countersign, a rejection, a second round and the cases it creates', async () => {
    const { server, tokens } = shared;
    const qian = await addColleague(server, tokens.corpAdmin, 'qianzong', '钱总监');
    const sun = await addColleague(server, tokens.corpAdmin, 'sunfuzong', '孙副总');
    const corpAdminId = await userIdOf(server, tokens.corpAdmin);
    const staffId = await userIdOf(server, tokens.staff);

    // The administrator's flow: the department head, then over 10,000 a countersign of two named directors.
    const body = builtInType('registrationProposal');
    const flow: ApprovalFlow = structuredClone(body.approvalFlow);
    const leaders = flow.nodes.find((n) => n.id === 'leaders') as ApproverNode;
    leaders.approvers = [
      { kind: 'user', userId: qian.id },
      { kind: 'user', userId: sun.id },
    ];
    // A named user the organisation does not have is refused at publishing, naming the node.
    const broken = structuredClone(flow);
    (broken.nodes.find((n) => n.id === 'leaders') as ApproverNode).approvers = [{ kind: 'user', userId: 2147483647 }];
    const current = await server.call('designer.getSchema', { kind: 'caseTypes', key: 'registrationProposal' }, tokens.corpAdmin);
    const draft = await server.call(
      'designer.saveDraft',
      { kind: 'caseTypes', key: 'registrationProposal', body: { ...body, approvalFlow: broken }, baseVersion: current.versions[0]?.version ?? null },
      tokens.corpAdmin,
    );
    expect(draft.problems.map((p) => p.message)).toEqual(['审批节点“分管领导会签”的审批人（用户编号 2147483647）不是本组织的成员']);
    expect(await server.refused('/designer/publish', { kind: 'caseTypes', key: 'registrationProposal', version: draft.version }, tokens.corpAdmin)).toContain(
      '审批节点“分管领导会签”的审批人（用户编号 2147483647）不是本组织的成员',
    );
    const version = await publishType(server, tokens.corpAdmin, 'registrationProposal', { ...body, approvalFlow: flow });

    // Staff write a draft over the threshold and submit it.
    const types = await server.call('demand.demandTypes', {}, tokens.staff);
    expect(types.list.map((t) => t.title)).toEqual(['商标注册提案', '海外注册提案', '续展提案', '官文应对提案', '异议提案']);
    expect(types.list[0]).toMatchObject({ name: 'registrationProposal', version, createsCases: ['domesticRegistration'] });
    const created = await server.call(
      'demand.demandManagement',
      { typeName: 'registrationProposal', title: '新品洗护系列“星辰花语”注册', formData: registrationForm(25000) },
      tokens.staff,
    );
    expect(created).toMatchObject({ state: 'draft', round: 0, submitterId: staffId, type: { name: 'registrationProposal', version } });
    expect(created.demandNo).toMatch(/^TA20\d{2}\d{4}$/);
    expect(created.actions).toMatchObject({ edit: true, submit: true, delete: true, withdraw: false, decide: false });
    const id = created.id;

    const preview = await server.call('demand.demandFlowChart', { id }, tokens.staff);
    expect(preview.round).toBe(0);
    expect(preview.nodes.find((n) => n.id === 'leaders')!.state).toBe('notReached');

    const submitted = await server.call('demand.submitForApproval', { id }, tokens.staff);
    expect(submitted).toMatchObject({ state: 'approving', round: 1 });
    expect(submitted.currentSteps).toHaveLength(1);
    expect(submitted.currentSteps[0]).toMatchObject({ nodeId: 'deptHead', nodeName: '部门负责人审批', mode: 'any', toAdmins: false });
    expect(submitted.currentSteps[0]!.approvers.map((a) => [a.userId, a.decision])).toEqual([[corpAdminId, 'pending']]);
    // The department head is told, with a link to the phone page.
    const told = (await messagesOf(server, tokens.corpAdmin)).find((m) => m.link === `/mobile/demand?id=${id}`);
    expect(told?.title).toBe(`待审批：${created.demandNo} 新品洗护系列“星辰花语”注册`);

    // Only the current approver decides.
    expect(await server.refused('/api/demandApproval', { id, decision: 'approve' }, tokens.staff, 403)).toBe('您不是这一步的审批人');
    const listed = await server.call('demand.getDemandList', { view: 'toApprove' }, tokens.corpAdmin);
    expect(listed.list.map((d) => d.id)).toContain(id);
    expect(listed.list.find((d) => d.id === id)).toMatchObject({ mineToApprove: true, currentNodes: ['部门负责人审批'] });
    expect(listed.views.toApprove).toBeGreaterThanOrEqual(1);

    const head = await server.call('demand.demandDetails', { id }, tokens.corpAdmin);
    expect(head.actions).toMatchObject({ decide: true, myStepId: submitted.currentSteps[0]!.id });
    const afterHead = await server.call(
      'demand.demandApproval',
      { id, stepId: head.actions.myStepId!, decision: 'approve', comment: '同意，预算请控制在三万内' },
      tokens.corpAdmin,
    );
    // Over 10,000: the countersign of the two directors.
    expect(afterHead.currentSteps[0]).toMatchObject({ nodeId: 'leaders', mode: 'all' });
    expect(afterHead.currentSteps[0]!.approvers.map((a) => a.userName).sort()).toEqual(['孙副总', '钱总监']);

    // The submitter can no longer withdraw: someone decided.
    expect(await server.refused('/api/withdrawDemand', { id }, tokens.staff, 409)).toBe('已有审批人作出决定，不能撤回');

    // One director approves (from the phone page, which sends the step it shows), the other rejects.
    const qianView = await server.call('demand.demandDetails', { id }, qian.token);
    await server.call('demand.demandApproval', { id, stepId: qianView.actions.myStepId!, decision: 'approve' }, qian.token);
    expect(await server.refused('/api/demandApproval', { id, stepId: qianView.actions.myStepId!, decision: 'approve' }, qian.token, 409)).toBe(
      '您已审批过这一步，不能重复审批',
    );
    expect(await server.refused('/api/demandApproval', { id, decision: 'reject' }, sun.token)).toBe('驳回时请填写审批意见');
    const rejected = await server.call('demand.demandApproval', { id, decision: 'reject', comment: '类别不全：请一并申请第 21 类' }, sun.token);
    expect(rejected).toMatchObject({ state: 'rejected', round: 1, currentSteps: [] });
    expect(rejected.actions.edit).toBe(false);
    const staffView = await server.call('demand.demandDetails', { id }, tokens.staff);
    expect(staffView.actions).toMatchObject({ edit: true, submit: true, delete: false });
    expect((await messagesOf(server, tokens.staff)).some((m) => m.title.startsWith('提案被驳回') && m.content.includes('类别不全'))).toBe(true);

    const firstRound = await server.call('demand.demandFlowChart', { id, round: 1 }, tokens.staff);
    expect(firstRound.path).toEqual(['start', 'deptHead', 'budgetFork', 'leaders']);
    const state1 = Object.fromEntries(firstRound.nodes.map((n) => [n.id, n.state]));
    expect(state1).toEqual({ start: 'passed', deptHead: 'approved', budgetFork: 'passed', leaders: 'rejected', copyHead: 'skipped', end: 'skipped' });
    expect(firstRound.edges.filter((e) => e.taken).map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);

    // The submitter adds the class and submits again: a new round; the old decisions stay.
    const form = registrationForm(25000);
    form.parentCgInfo.push({ tmCl: 21, goods: [{ name: '梳子' }] });
    await server.call('demand.demandManagement', { id, title: '新品洗护系列“星辰花语”注册（含第 21 类）', formData: form }, tokens.staff);
    const again = await server.call('demand.submitForApproval', { id }, tokens.staff);
    expect(again).toMatchObject({ state: 'approving', round: 2 });
    const step2 = (await server.call('demand.demandDetails', { id }, tokens.corpAdmin)).actions.myStepId!;
    await server.call('demand.demandApproval', { id, stepId: step2, decision: 'approve' }, tokens.corpAdmin);
    await server.call('demand.demandApproval', { id, decision: 'approve', comment: '同意' }, sun.token);
    const approved = await server.call('demand.demandApproval', { id, decision: 'approve' }, qian.token);
    expect(approved.state).toBe('approved');
    expect(approved.decidedAt).not.toBeNull();

    // Every decision of both rounds is kept: who, when, what, the comment.
    const decisions = approved.decisions.map((d) => [d.round, d.nodeId, d.userName, d.decision, d.comment]);
    expect(decisions).toEqual([
      [1, 'deptHead', '赵主管', 'approved', '同意，预算请控制在三万内'],
      [1, 'leaders', '钱总监', 'approved', null],
      [1, 'leaders', '孙副总', 'rejected', '类别不全：请一并申请第 21 类'],
      [2, 'deptHead', '赵主管', 'approved', null],
      [2, 'leaders', '钱总监', 'approved', null],
      [2, 'leaders', '孙副总', 'approved', '同意'],
    ]);
    expect(approved.decisions.every((d) => d.decidedAt !== null)).toBe(true);

    // The case: created through the cases' own save, linked both ways, its handler told.
    expect(approved.cases).toHaveLength(1);
    const made = approved.cases[0]!;
    expect(made).toMatchObject({ caseType: 'domesticRegistration', caseTypeTitle: '国内商标注册' });
    const theCase = await server.call('caseManage.queryCase', { caseNo: made.caseNo }, tokens.corpAdmin);
    expect(theCase.demand).toEqual({ id, demandNo: created.demandNo, title: '新品洗护系列“星辰花语”注册（含第 21 类）' });
    expect(theCase.bizParam.tmName).toBe('星辰花语');
    expect(theCase.bizParam.tmItems.map((i) => [i.appCountry, i.tmCl])).toEqual([['CN', [3, 21]]]);
    expect(theCase.bizParam.form).toMatchObject({ applicantName: '星辰日化股份有限公司', markForm: 'word' });
    expect(theCase.handlerId).toBe(staffId);
    const trends = await server.call('caseManage.getTrendsList', { caseNo: made.caseNo }, tokens.corpAdmin);
    expect(trends.list.some((t) => t.actionTitle === '提案建立' && t.content.includes(created.demandNo))).toBe(true);
    expect((await messagesOf(server, tokens.staff)).some((m) => m.title.startsWith('提案已通过') && m.content.includes(made.caseNo))).toBe(true);

    // The second round's path: through the countersign, the copy-to node (the head is told) and the end.
    const chart = await server.call('demand.demandFlowChart', { id }, tokens.staff);
    expect(chart).toMatchObject({ round: 2, rounds: 2, state: 'approved' });
    expect(chart.path).toEqual(['start', 'deptHead', 'budgetFork', 'leaders', 'copyHead', 'end']);
    const copy = chart.nodes.find((n) => n.id === 'copyHead')!;
    expect(copy).toMatchObject({ state: 'passed', recipients: [{ id: corpAdminId, name: '赵主管' }] });
    expect(chart.nodes.find((n) => n.id === 'leaders')!.approvers.map((a) => a.decision)).toEqual(['approved', 'approved']);
    expect(approved.participants.map((p) => p.name)).toContain('赵主管');

    // Trends tell the story, newest first.
    const story = (await server.call('demand.demandTrends', { id, pageSize: 50 }, tokens.staff)).list.map((t) => t.actionTitle).reverse();
    expect(story).toEqual(['新建', '提交审批', '同意', '同意', '驳回', '修改', '提交审批', '同意', '同意', '同意', '审批通过']);

    // An approved proposal is kept: it cannot be deleted or edited.
    expect(await server.refused('/api/delDemand', { id }, tokens.staff, 409)).toBe('提案状态为“已通过”，只有草稿和已撤回的提案可以删除');
    expect(await server.refused('/api/demandManagement', { id, title: '改', formData: form }, tokens.staff, 409)).toBe('提案状态为“已通过”，不能修改');

    // Another organisation does not find it.
    expect((await server.send('demand.demandDetails', { id }, tokens.admin)).statusCode).toBe(404);
    expect(await server.refused('/api/demandApproval', { id, decision: 'approve' }, tokens.admin, 404)).toBe('提案不存在');
  });

  it('goes straight on when the budget is small, and lets the submitter withdraw before anyone decides, then delete', async () => {
    const { server, tokens } = shared;
    const small = await server.call(
      'demand.demandManagement',
      // As the page sends it: no picture uploaded is an empty list, which the case's handler fills in later.
      { typeName: 'registrationProposal', title: '小预算注册', formData: { ...registrationForm(3000, '花语'), markImage: [] } },
      tokens.staff,
    );
    await server.call('demand.submitForApproval', { id: small.id }, tokens.staff);
    expect(await server.refused('/api/delDemand', { id: small.id }, tokens.staff, 409)).toBe('提案状态为“审批中”，只有草稿和已撤回的提案可以删除');
    const withdrawn = await server.call('demand.withdrawDemand', { id: small.id, reason: '预算另行申请' }, tokens.staff);
    expect(withdrawn).toMatchObject({ state: 'withdrawn', currentSteps: [] });
    expect(withdrawn.decisions.map((d) => d.decision)).toEqual(['notNeeded']);
    expect((await messagesOf(server, tokens.corpAdmin)).some((m) => m.title === `提案已撤回：${small.demandNo} 小预算注册`)).toBe(true);
    // Submitted again, the head's approval ends it: no countersign under 10,000.
    await server.call('demand.submitForApproval', { id: small.id }, tokens.staff);
    const done = await server.call('demand.demandApproval', { id: small.id, decision: 'approve' }, tokens.corpAdmin);
    expect(done.state).toBe('approved');
    expect(done.cases).toHaveLength(1);
    const chart = await server.call('demand.demandFlowChart', { id: small.id }, tokens.corpAdmin);
    expect(chart.path).toEqual(['start', 'deptHead', 'budgetFork', 'copyHead', 'end']);
    expect(chart.nodes.find((n) => n.id === 'leaders')!.state).toBe('skipped');

    const scrap = await server.call('demand.demandManagement', { typeName: 'registrationProposal', title: '作废的草稿', formData: {} }, tokens.staff);
    expect(await server.refused('/api/submitForApproval', { id: scrap.id }, tokens.staff)).toMatch(/^提案还不能提交：商标名称不能为空/);
    await server.call('demand.delDemand', { id: scrap.id }, tokens.staff);
    expect((await server.send('demand.demandDetails', { id: scrap.id }, tokens.staff)).statusCode).toBe(404);
  });
});
