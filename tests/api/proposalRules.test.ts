import { describe, expect, it } from 'vitest';
import type { ApprovalFlow, ApproverRule } from '../../src/shared/approvalFlow/flowModel.js';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';
import { addColleague, builtInType, messagesOf, publishType, registrationForm, userIdOf } from './support/proposals.js';

const at = (y: number) => ({ x: 250, y });

/** A straight flow: the start, one approver node of these people in this mode, optionally a second node of others, the end. */
function straightFlow(first: ApproverRule[], mode: 'all' | 'any', second?: ApproverRule[]): ApprovalFlow {
  const nodes: ApprovalFlow['nodes'] = [
    { id: 'start', type: 'start', name: '发起人', position: at(0) },
    { id: 'first', type: 'approver', name: '第一审', approvers: first, mode, position: at(100) },
  ];
  const edges: ApprovalFlow['edges'] = [{ id: 'e1', source: 'start', target: 'first' }];
  if (second) {
    nodes.push({ id: 'second', type: 'approver', name: '第二审', approvers: second, mode: 'any', position: at(200) });
    edges.push({ id: 'e2', source: 'first', target: 'second' }, { id: 'e3', source: 'second', target: 'end' });
  } else edges.push({ id: 'e2', source: 'first', target: 'end' });
  nodes.push({ id: 'end', type: 'end', name: '结束', position: at(300) });
  return { nodes, edges };
}

/** Bad input to the engine: each refused with a Chinese message, nothing changed. */
describe.skipIf(skipThisDatabase)(`proposal approval rules and refusals (${dbKind})`, () => {
  const shared = sharedTestServer(['corpAdmin', 'staff', 'admin']);
  const people: Record<'qian' | 'sun' | 'zhou', { id: number; token: string }> = {} as never;

  const start = async (title: string, budget = 5000) => {
    const { server, tokens } = shared;
    const draft = await server.call('demand.demandManagement', { typeName: 'registrationProposal', title, formData: registrationForm(budget) }, tokens.staff);
    return server.call('demand.submitForApproval', { id: draft.id }, tokens.staff);
  };

  it('sets up colleagues', async () => {
    const { server, tokens } = shared;
    people.qian = await addColleague(server, tokens.corpAdmin, 'qian2', '钱总监');
    people.sun = await addColleague(server, tokens.corpAdmin, 'sun2', '孙副总');
    people.zhou = await addColleague(server, tokens.corpAdmin, 'zhou2', '周员工');
  });

  it('lets only one of two any-one-of approvers decide a step, even when both decide at once', async () => {
    const { server, tokens } = shared;
    const body = builtInType('registrationProposal');
    await publishType(server, tokens.corpAdmin, 'registrationProposal', {
      ...body,
      approvalFlow: straightFlow(
        [
          { kind: 'user', userId: people.qian.id },
          { kind: 'user', userId: people.sun.id },
        ],
        'any',
      ),
    });
    const p = await start('或签并发');
    const stepId = p.currentSteps[0]!.id;
    const replies = await Promise.all([
      server.send('demand.demandApproval', { id: p.id, stepId, decision: 'approve', comment: '钱：同意' }, people.qian.token),
      server.send('demand.demandApproval', { id: p.id, stepId, decision: 'approve', comment: '孙：同意' }, people.sun.token),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = replies.find((r) => r.statusCode === 409)!;
    // Whoever came second finds the proposal decided: approved already, or (had it a next step) the step gone.
    expect([
      '提案状态为“已通过”，不在审批中',
      '这一步已经处理完毕（提案已进入下一步或已结束），请刷新后查看',
      '这一步已由其他审批人处理，无需您再审批',
    ]).toContain(loser.json().subMessage);
    const after = await server.call('demand.demandDetails', { id: p.id }, tokens.staff);
    expect(after.state).toBe('approved');
    expect(after.decisions.map((d) => d.decision).sort()).toEqual(['approved', 'notNeeded']);
    // The approval ended the flow once: one case, not two.
    expect(after.cases).toHaveLength(1);
  });

  it('moves a countersign on exactly once when its last two approvers decide at once', async () => {
    const { server, tokens } = shared;
    const corpAdminId = await userIdOf(server, tokens.corpAdmin);
    const body = builtInType('registrationProposal');
    await publishType(server, tokens.corpAdmin, 'registrationProposal', {
      ...body,
      approvalFlow: straightFlow(
        [
          { kind: 'user', userId: people.qian.id },
          { kind: 'user', userId: people.sun.id },
        ],
        'all',
        [{ kind: 'user', userId: corpAdminId }],
      ),
    });
    const p = await start('会签并发');
    const replies = await Promise.all([
      server.send('demand.demandApproval', { id: p.id, decision: 'approve' }, people.qian.token),
      server.send('demand.demandApproval', { id: p.id, decision: 'approve' }, people.sun.token),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    const chart = await server.call('demand.demandFlowChart', { id: p.id }, tokens.staff);
    expect(chart.path).toEqual(['start', 'first', 'second']);
    const after = await server.call('demand.demandDetails', { id: p.id }, tokens.corpAdmin);
    expect(after.currentSteps).toHaveLength(1);
    expect(after.currentSteps[0]!.approvers.map((a) => a.userId)).toEqual([corpAdminId]);
    expect(after.decisions.filter((d) => d.nodeId === 'second')).toHaveLength(1);
  });

  it('refuses a decision on a step that has moved on, a decision by someone who is not its approver, and an unknown step', async () => {
    const { server, tokens } = shared;
    const corpAdminId = await userIdOf(server, tokens.corpAdmin);
    const body = builtInType('registrationProposal');
    await publishType(server, tokens.corpAdmin, 'registrationProposal', {
      ...body,
      approvalFlow: straightFlow([{ kind: 'user', userId: people.qian.id }], 'any', [{ kind: 'user', userId: corpAdminId }]),
    });
    const p = await start('过期的步骤');
    const first = p.currentSteps[0]!.id;
    expect(await server.refused('/api/demandApproval', { id: p.id, stepId: first, decision: 'approve' }, people.sun.token, 404)).toBe('提案不存在');
    await server.call('demand.demandApproval', { id: p.id, stepId: first, decision: 'approve' }, people.qian.token);
    // The administrator's page still showed the first step.
    expect(await server.refused('/api/demandApproval', { id: p.id, stepId: first, decision: 'approve' }, tokens.corpAdmin, 403)).toBe('您不是这一步的审批人');
    expect(await server.refused('/api/demandApproval', { id: p.id, stepId: first, decision: 'approve' }, people.qian.token, 409)).toBe(
      '这一步已经处理完毕（提案已进入下一步或已结束），请刷新后查看',
    );
    const other = await start('另一个提案');
    expect(await server.refused('/api/demandApproval', { id: p.id, stepId: other.currentSteps[0]!.id, decision: 'approve' }, tokens.corpAdmin)).toBe(
      `审批步骤（编号 ${other.currentSteps[0]!.id}）不是这个提案的步骤`,
    );
    const unchanged = await server.call('demand.demandDetails', { id: p.id }, tokens.corpAdmin);
    expect(unchanged).toMatchObject({ state: 'approving', currentSteps: [{ nodeId: 'second' }] });
  });

  it('hands a step to a colleague with a reason; the one who handed it no longer decides', async () => {
    const { server, tokens } = shared;
    const corpAdminId = await userIdOf(server, tokens.corpAdmin);
    const body = builtInType('registrationProposal');
    await publishType(server, tokens.corpAdmin, 'registrationProposal', {
      ...body,
      approvalFlow: straightFlow([{ kind: 'user', userId: people.qian.id }], 'any'),
    });
    const p = await start('转交审批');
    expect(await server.refused('/api/demandReassign', { id: p.id, userId: people.qian.id, reason: '出差' }, people.qian.token)).toBe('不能转交给自己');
    const foreign = (await server.call('auth.getUserInfo', {}, tokens.admin)).id;
    expect(await server.refused('/api/demandReassign', { id: p.id, userId: foreign, reason: '出差' }, people.qian.token)).toBe(
      `转交给的用户（编号 ${foreign}）不存在或已停用`,
    );
    expect(await server.refused('/api/demandReassign', { id: p.id, userId: corpAdminId, reason: '出差' }, people.sun.token, 404)).toBe('提案不存在');
    const moved = await server.call('demand.demandReassign', { id: p.id, userId: corpAdminId, reason: '本周出差，请赵主管代审' }, people.qian.token);
    expect(moved.currentSteps[0]!.approvers.map((a) => [a.userName, a.decision, a.reassignedFromName, a.reassignReason])).toEqual([
      ['钱总监', 'reassigned', null, null],
      ['赵主管', 'pending', '钱总监', '本周出差，请赵主管代审'],
    ]);
    expect((await messagesOf(server, tokens.corpAdmin)).some((m) => m.link === `/mobile/demand?id=${p.id}` && m.content.includes('本周出差'))).toBe(true);
    expect(await server.refused('/api/demandApproval', { id: p.id, decision: 'approve' }, people.qian.token, 409)).toBe('您已把这一步转交他人审批');
    expect((await server.call('demand.demandApproval', { id: p.id, decision: 'approve' }, tokens.corpAdmin)).state).toBe('approved');
  });

  it('falls to the administrators when a rule finds nobody, and the chart says so', async () => {
    const { server, tokens } = shared;
    const corpAdminId = await userIdOf(server, tokens.corpAdmin);
    const body = builtInType('registrationProposal');
    // 周员工 has no department: nobody heads it.
    await publishType(server, tokens.corpAdmin, 'registrationProposal', { ...body, approvalFlow: straightFlow([{ kind: 'superior', levels: 1 }], 'any') });
    const draft = await server.call(
      'demand.demandManagement',
      { typeName: 'registrationProposal', title: '无部门', formData: registrationForm(100) },
      people.zhou.token,
    );
    const p = await server.call('demand.submitForApproval', { id: draft.id }, people.zhou.token);
    expect(p.currentSteps[0]).toMatchObject({ toAdmins: true });
    expect(p.currentSteps[0]!.approvers.map((a) => a.userId)).toEqual([corpAdminId]);
    const chart = await server.call('demand.demandFlowChart', { id: p.id }, tokens.corpAdmin);
    expect(chart.nodes.find((n) => n.id === 'first')).toMatchObject({ state: 'waiting', toAdmins: true });
    expect((await messagesOf(server, tokens.corpAdmin)).find((m) => m.link === `/mobile/demand?id=${p.id}`)!.content).toContain('已转交管理员');
  });

  it('refuses an approval whose case would be invalid, changing nothing', async () => {
    const { server, tokens } = shared;
    const corpAdminId = await userIdOf(server, tokens.corpAdmin);
    const body = builtInType('renewalProposal');
    type Section = { properties: { grid: { properties: Record<string, Record<string, unknown>> } } };
    // This version takes any registration number; the renewal case does not.
    delete (body.form as { properties: Record<string, Section> }).properties.section1!.properties.grid.properties.regNo!.pattern;
    await publishType(server, tokens.corpAdmin, 'renewalProposal', { ...body, approvalFlow: straightFlow([{ kind: 'user', userId: corpAdminId }], 'any') });
    const marks = await server.call('brandArchives.queryBrandPage', { pageSize: 1 }, tokens.corpAdmin);
    const mark = marks.list[0]!;
    const draft = await server.call(
      'demand.demandManagement',
      {
        typeName: 'renewalProposal',
        title: '注册号有误的续展',
        formData: { brandId: mark.id, tmName: '星辰', regNo: '第12号', intCls: 3, privateEndDate: '2027-05-01', renewalScope: 'all', reason: '仍在使用' },
      },
      tokens.staff,
    );
    const p = await server.call('demand.submitForApproval', { id: draft.id }, tokens.staff);
    expect(await server.refused('/api/demandApproval', { id: p.id, decision: 'approve' }, tokens.corpAdmin)).toBe(
      '审批未完成：要建立的“商标续展”案件注册号格式不对（来自提案字段“注册号”）',
    );
    const unchanged = await server.call('demand.demandDetails', { id: p.id }, tokens.corpAdmin);
    expect(unchanged).toMatchObject({ state: 'approving', cases: [], actions: { decide: true } });
    expect(unchanged.decisions.map((d) => d.decision)).toEqual(['pending']);
  });

  it('refuses to publish a mapping to a case field that does not exist', async () => {
    const { server, tokens } = shared;
    const body = builtInType('registrationProposal');
    const current = await server.call('designer.getSchema', { kind: 'caseTypes', key: 'registrationProposal' }, tokens.corpAdmin);
    const draft = await server.call(
      'designer.saveDraft',
      {
        kind: 'caseTypes',
        key: 'registrationProposal',
        body: {
          ...body,
          createsCases: [{ caseType: 'domesticRegistration', split: 'none', fields: { noSuchField: 'tmName', tmName: 'noSuchProposalField' } }],
        },
        baseVersion: current.versions[0]?.version ?? null,
      },
      tokens.corpAdmin,
    );
    expect(draft.problems.map((p) => p.message)).toEqual([
      '案件类型“国内商标注册”的表单中没有字段 noSuchField',
      '提案表单中没有字段 noSuchProposalField（填入案件的 tmName）',
    ]);
    const refusal = await server.refused('/designer/publish', { kind: 'caseTypes', key: 'registrationProposal', version: draft.version }, tokens.corpAdmin);
    expect(refusal).toMatch(/^描述有 2 处问题，不能发布。第一处在 \/createsCases\/0/);
  });

  it('checks form data, keeps proposals from people who have nothing to do with them, and lets participants in', async () => {
    const { server, tokens } = shared;
    await publishType(server, tokens.corpAdmin, 'registrationProposal', builtInType('registrationProposal'));
    expect(
      await server.refused(
        '/api/demandManagement',
        { typeName: 'registrationProposal', title: '多余字段', formData: { ...registrationForm(1), colour: '红' } },
        tokens.staff,
      ),
    ).toBe('提案内容中的字段“colour”不是商标注册提案表单中的字段');
    expect(
      await server.refused(
        '/api/demandManagement',
        { typeName: 'registrationProposal', title: '错的形式', formData: { ...registrationForm(1), markForm: 'smell' } },
        tokens.staff,
      ),
    ).toBe('提案内容有误：商标形式不在可选值中');
    expect(await server.refused('/api/demandManagement', { typeName: 'renewal', title: '案件类型', formData: {} }, tokens.staff)).toBe(
      '“商标续展”是案件类型，不能用来建提案',
    );
    const p = await start('参与人');
    expect(await server.refused('/api/demandDetails', { id: p.id }, people.zhou.token, 404)).toBe('提案不存在');
    expect((await server.call('demand.getDemandList', {}, people.zhou.token)).list.map((d) => d.id)).not.toContain(p.id);
    // A comment mentioning 周员工 lets them in and tells them.
    await server.call('demand.sendDemandComment', { id: p.id, content: '@周员工 请提供新品包装设计稿', mentionIds: [people.zhou.id] }, tokens.staff);
    expect((await server.call('demand.demandDetails', { id: p.id }, people.zhou.token)).participants.map((x) => x.name)).toContain('周员工');
    expect((await messagesOf(server, people.zhou.token))[0]).toMatchObject({
      title: `陈员工在提案 ${p.demandNo} 中提到了您`,
      link: `/mobile/demand?id=${p.id}`,
    });
    const added = await server.call('demand.addParticipants', { id: p.id, userIds: [people.sun.id] }, tokens.staff);
    expect(added.participants.map((x) => x.name)).toEqual(['周员工', '孙副总']);
    const comments = await server.call('demand.demandComments', { id: p.id }, people.sun.token);
    expect(comments.list.map((c) => [c.userName, c.content, c.mentions.map((m) => m.name)])).toEqual([['陈员工', '@周员工 请提供新品包装设计稿', ['周员工']]]);

    // A participant (the agency's analyst, say) offers a scheme; the approver chooses it.
    const scheme = await server.call(
      'demand.proxyAnalysisSub',
      { id: p.id, kind: 'filing', title: '第 3 类与第 21 类一并申请', content: '建议同时指定 0306 与 2106 群，官费合计 540 元。', fee: 3200.5 },
      people.sun.token,
    );
    expect(scheme).toMatchObject({ kind: 'filing', fee: 3200.5, submitterName: '孙副总', chosen: false });
    const otherScheme = await server.call(
      'demand.proxyAnalysisSub',
      { id: (await start('另一个')).id, kind: 'analysis', title: '另', content: '另' },
      tokens.staff,
    );
    expect(await server.refused('/api/demandApproval', { id: p.id, decision: 'approve', schemeId: otherScheme.id }, tokens.corpAdmin)).toBe(
      `方案（编号 ${otherScheme.id}）不是这个提案的方案`,
    );
    const approved = await server.call('demand.demandApproval', { id: p.id, decision: 'approve', schemeId: scheme.id }, tokens.corpAdmin);
    expect(approved.chosenSchemeId).toBe(scheme.id);
    expect((await server.call('demand.schemeList', { id: p.id }, tokens.staff)).list.map((s) => [s.title, s.chosen])).toEqual([
      ['第 3 类与第 21 类一并申请', true],
    ]);
    expect(await server.refused('/api/proxyAnalysisSub', { id: p.id, kind: 'analysis', title: '晚了', content: '晚了' }, tokens.staff, 409)).toBe(
      '提案已审批通过，不能再提交方案',
    );
  });

  it('starts a proposal from a letter, or adds a letter to one, with its mark; a mark lists its proposals', async () => {
    const { server, tokens } = shared;
    const letters = await server.call('officials.officialList', { business: 'trademark', pageSize: 5 }, tokens.corpAdmin);
    const letter = letters.list.find((l) => l.brandId !== null)!;
    const made = await server.call('demand.addOfficialToDemand', { officialId: letter.id, typeName: 'letterResponseProposal' }, tokens.corpAdmin);
    expect(made).toMatchObject({ state: 'draft', type: { name: 'letterResponseProposal' }, letters: [{ id: letter.id, appNo: letter.appNo }] });
    expect(made.formData).toMatchObject({ appNo: letter.appNo });
    expect(made.marks.map((m) => m.brandId)).toEqual([letter.brandId]);
    expect(await server.refused('/api/add-official-to-demand', { officialId: letter.id, demandId: made.id }, tokens.corpAdmin, 409)).toBe(
      `这份官文已在提案 ${made.demandNo} 中`,
    );
    expect(await server.refused('/api/add-official-to-demand', { officialId: letter.id }, tokens.corpAdmin)).toBe(
      '请选择要加入的提案，或选择提案类型新建一个（二者选一）',
    );
    const joined = await start('加入官文');
    const withLetter = await server.call('demand.addOfficialToDemand', { officialId: letter.id, demandId: joined.id }, tokens.corpAdmin);
    expect(withLetter.letters.map((l) => l.id)).toEqual([letter.id]);
    const ofMark = await server.call('demand.queryByTmInfo', { brandId: letter.brandId! }, tokens.corpAdmin);
    expect(ofMark.list.map((d) => d.id)).toEqual(expect.arrayContaining([made.id, joined.id]));
    const foreignLetter = (await server.call('officials.officialList', { business: 'trademark', pageSize: 1 }, tokens.admin)).list[0]!;
    expect(await server.refused('/api/add-official-to-demand', { officialId: foreignLetter.id, demandId: joined.id }, tokens.corpAdmin, 404)).toBe(
      `官文（编号 ${foreignLetter.id}）不存在或无权查看`,
    );
  });

  it('filters the list by state, type, keyword, mark and date, with counts per view', async () => {
    const { server, tokens } = shared;
    const all = await server.call('demand.getDemandList', { pageSize: 100 }, tokens.staff);
    expect(all.count).toBe(all.list.length);
    expect(all.views.submitted).toBe(all.list.filter((d) => d.submitterName === '陈员工').length);
    const approving = await server.call('demand.getDemandList', { state: ['approving'], pageSize: 100 }, tokens.staff);
    expect(approving.list.every((d) => d.state === 'approving')).toBe(true);
    expect(all.states.find((s) => s.key === 'approving')!.count).toBe(approving.count);
    const byKeyword = await server.call('demand.getDemandList', { keyword: '转交审批' }, tokens.staff);
    expect(byKeyword.list.map((d) => d.title)).toEqual(['转交审批']);
    const byNumber = await server.call('demand.getDemandList', { keyword: byKeyword.list[0]!.demandNo }, tokens.staff);
    expect(byNumber.count).toBe(1);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const none = await server.call('demand.getDemandList', { dateField: 'submittedAt', dateFrom: '2000-01-01', dateTo: '2000-01-02' }, tokens.staff);
    expect(none.count).toBe(0);
    const recent = await server.call('demand.getDemandList', { dateFrom: today, dateTo: today, typeName: 'renewalProposal', pageSize: 100 }, tokens.staff);
    expect(recent.list.map((d) => d.title)).toEqual(['注册号有误的续展']);
    const picker = await server.call('demand.demandList', { keyword: '参与人' }, tokens.staff);
    expect(picker.list).toHaveLength(0);
  });
});
