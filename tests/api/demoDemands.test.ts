import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

/** The demo organisations show proposals in every state: one waits for the demo administrator, one approved has its case. */
describe.skipIf(skipThisDatabase)(`demo proposals (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin', 'agent', 'staff']);

  for (const [account, waitingTitle, approvedType] of [
    ['admin', '“青禾优选”第 29 类注册', 'overseasRegistration'],
    ['corpAdmin', '新品洗护系列“星辰花语”注册', 'renewal'],
  ] as const) {
    it(`${account}: every state, one waiting for the administrator with a message, one approved with its case`, async () => {
      const { server, tokens } = shared;
      const all = await server.call('demand.getDemandList', { pageSize: 100 }, tokens[account]);
      expect(new Set(all.list.map((d) => d.state))).toEqual(new Set(['draft', 'approving', 'approved', 'rejected', 'withdrawn']));
      expect(all.states.every((s) => s.count > 0)).toBe(true);
      const mine = await server.call('demand.getDemandList', { view: 'toApprove' }, tokens[account]);
      const waiting = mine.list.find((d) => d.title === waitingTitle)!;
      expect(waiting).toMatchObject({ state: 'approving', mineToApprove: true });
      const messages = (await server.call('home.getMessageList', { pageSize: 50 }, tokens[account])).list;
      expect(messages.some((m) => m.link === `/mobile/demand?id=${waiting.id}` && m.title.startsWith('待审批'))).toBe(true);

      const approved = all.list.find((d) => d.state === 'approved')!;
      const detail = await server.call('demand.demandDetails', { id: approved.id }, tokens[account]);
      expect(detail.cases.length).toBeGreaterThan(0);
      expect(detail.cases.every((c) => c.caseType === approvedType)).toBe(true);
      const theCase = await server.call('caseManage.queryCase', { caseNo: detail.cases[0]!.caseNo }, tokens[account]);
      expect(theCase.demand?.id).toBe(approved.id);

      const fromLink = all.list.find((d) => d.source === 'link')!;
      expect(fromLink).toMatchObject({ state: 'draft', submitterId: null });
      expect((await server.call('demand.demandLinks', {}, tokens[account])).list[0]).toMatchObject({ active: true, submissions: 1 });
    });
  }

  it('falls to the administrator where the flow finds nobody, and says so', async () => {
    const { server, tokens } = shared;
    const rejected = (await server.call('demand.getDemandList', { state: ['rejected'] }, tokens.corpAdmin)).list.find((d) => d.title.includes('东南亚'))!;
    const chart = await server.call('demand.demandFlowChart', { id: rejected.id }, tokens.corpAdmin);
    expect(chart.nodes.find((n) => n.id === 'deptHead')).toMatchObject({ state: 'rejected', toAdmins: true });
  });

  it('dates every node of an approved proposal’s chart in the order the flow passed them', async () => {
    const { server, tokens } = shared;
    const approved = (await server.call('demand.getDemandList', { state: ['approved'] }, tokens.corpAdmin)).list[0]!;
    const chart = await server.call('demand.demandFlowChart', { id: approved.id }, tokens.corpAdmin);
    const times = chart.path.map((id) => chart.nodes.find((n) => n.id === id)!.enteredAt);
    expect(times.every((t) => t !== null)).toBe(true);
    // To the minute, as the chart shows them.
    const minutes = times.map((t) => t!.slice(0, 16));
    expect([...minutes].sort()).toEqual(minutes);
    const start = Date.parse(times[0]!);
    // The demo's proposals were submitted days ago, the start with them.
    expect(Date.now() - start).toBeGreaterThan(24 * 3600 * 1000);
  });

  it('took days from submission to decision, as approvers do, not hours', async () => {
    const { server, tokens } = shared;
    const decided = (await server.call('demand.getDemandList', { view: 'all', state: ['approved', 'rejected'], pageSize: 100 }, tokens.admin)).list;
    expect(decided.length).toBeGreaterThan(0);
    for (const d of decided) expect((Date.parse(d.decidedAt!) - Date.parse(d.submittedAt!)) / 86_400_000, d.title).toBeGreaterThanOrEqual(1);
  });

  it('shows staff only what they take part in', async () => {
    const { server, tokens } = shared;
    const agentSees = await server.call('demand.getDemandList', { pageSize: 100 }, tokens.agent);
    expect(agentSees.list.every((d) => d.submitterName === '李代理' || d.currentApprovers.some((a) => a.name === '李代理'))).toBe(true);
    expect(agentSees.list.some((d) => d.source === 'link')).toBe(false);
  });
});
