import { describe, expect, it } from 'vitest';
import type { DemandApprover, DemandDetail, DemandFlowChart } from '../../src/generated/types.js';
import { decisionBlocker, entryStateTitle, flowTimeline, modeText, waitingText } from '../../src/widgets/proposals/mobile/flowTimeline.js';
import { avatarNameOf, demandIdOf } from '../../src/widgets/proposals/mobile/demandState.js';
import { contactProblem, linkTokenOf } from '../../src/widgets/proposals/publicProposal/linkToken.js';
import { publicFormOf } from '../../src/widgets/proposals/publicProposal/publicForm.js';

type Node = DemandFlowChart['nodes'][number];

const node = (id: string, type: Node['type'], state: Node['state'], extra: Partial<Node> = {}): Node => ({
  id,
  type,
  name: id,
  position: { x: 0, y: 0 },
  mode: type === 'approver' ? 'any' : null,
  state,
  toAdmins: false,
  approvers: [],
  recipients: [],
  enteredAt: null,
  decidedAt: null,
  ...extra,
});

const approver = (userId: number, decision: DemandApprover['decision'], extra: Partial<DemandApprover> = {}): DemandApprover => ({
  id: userId * 10,
  stepId: 1,
  round: 1,
  nodeId: 'a',
  nodeName: '部门审批',
  userId,
  userName: `用户${userId}`,
  decision,
  comment: null,
  decidedAt: null,
  reassignedFromName: null,
  reassignReason: null,
  toAdmins: false,
  ...extra,
});

const edge = (source: string, target: string, extra: { label?: string; taken?: boolean } = {}) => ({
  id: `${source}-${target}`,
  source,
  target,
  label: extra.label ?? null,
  taken: extra.taken ?? false,
});

/** start → dept → condition → (budget over 10,000: director | otherwise: none) → copy → end */
function chart(overrides: Partial<DemandFlowChart> = {}): DemandFlowChart {
  return {
    round: 1,
    rounds: 1,
    state: 'approving',
    nodes: [
      node('end', 'end', 'notReached'),
      node('copy', 'copy', 'notReached', { recipients: [{ id: 9, name: '法务部' }] }),
      node('director', 'approver', 'notReached', { mode: 'all', approvers: [approver(3, 'pending'), approver(4, 'pending')] }),
      node('small', 'approver', 'skipped'),
      node('cond', 'condition', 'passed'),
      node('dept', 'approver', 'waiting', { approvers: [approver(2, 'pending')] }),
      node('start', 'start', 'passed', { enteredAt: '2026-11-01T08:00:00Z' }),
    ],
    edges: [
      edge('start', 'dept', { taken: true }),
      edge('dept', 'cond'),
      edge('cond', 'director', { label: '预算超过 1 万' }),
      edge('cond', 'small', { label: '其他情况' }),
      edge('director', 'copy'),
      edge('small', 'copy'),
      edge('copy', 'end'),
    ],
    path: ['start', 'dept'],
    ...overrides,
  };
}

describe('the approval timeline on a phone', () => {
  it('follows the path walked, then the predicted route ahead, leaving out conditions and branches not taken', () => {
    const entries = flowTimeline(chart());
    expect(entries.map((e) => e.id)).toEqual(['start', 'dept', 'director', 'copy', 'end']);
    expect(entries.find((e) => e.id === 'director')?.branch).toBe('预算超过 1 万');
    expect(entries.find((e) => e.id === 'dept')?.branch).toBeNull();
    expect(entries[0].time).toBe('2026-11-01T08:00:00Z');
  });

  it('places a node two branches join after both, whatever order the edges are listed in, and names only the branch ahead', () => {
    const joined = chart({
      nodes: chart().nodes.map((n) => (n.id === 'small' ? { ...n, state: 'skipped' as const } : n)),
      edges: [
        edge('cond', 'copy', { label: '其他情况' }),
        edge('copy', 'end'),
        edge('director', 'copy'),
        edge('cond', 'director', { label: '预算超过 1 万' }),
        edge('dept', 'cond'),
        edge('start', 'dept', { taken: true }),
      ],
    });
    const entries = flowTimeline(joined);
    expect(entries.map((e) => e.id)).toEqual(['start', 'dept', 'director', 'copy', 'end']);
    expect(entries.find((e) => e.id === 'director')?.branch).toBe('预算超过 1 万');
    expect(entries.find((e) => e.id === 'copy')?.branch).toBeNull();
  });

  it('names the branch a passed condition took, and no other', () => {
    const passed = chart({
      path: ['start', 'dept', 'cond', 'copy'],
      nodes: chart().nodes.map((n) =>
        n.id === 'director'
          ? { ...n, state: 'skipped' as const }
          : n.id === 'dept'
            ? { ...n, state: 'approved' as const }
            : n.id === 'copy'
              ? { ...n, state: 'passed' as const }
              : n,
      ),
      edges: [
        edge('start', 'dept', { taken: true }),
        edge('dept', 'cond', { taken: true }),
        edge('cond', 'director', { label: '预算超过 1 万' }),
        edge('cond', 'copy', { label: '其他情况', taken: true }),
        edge('director', 'copy'),
        edge('copy', 'end'),
      ],
    });
    const entries = flowTimeline(passed);
    expect(entries.map((e) => e.id)).toEqual(['start', 'dept', 'copy', 'end']);
    expect(entries.find((e) => e.id === 'copy')?.branch).toBe('其他情况');
  });

  it('walks a draft from its start node when no path has been walked yet', () => {
    const entries = flowTimeline(chart({ round: 0, path: [], state: 'draft' }));
    expect(entries.map((e) => e.id)).toEqual(['start', 'dept', 'director', 'copy', 'end']);
  });

  it('stops at a rejection: nodes after it are neither walked nor ahead', () => {
    const rejected = chart({
      state: 'rejected',
      path: ['start', 'dept'],
      nodes: chart().nodes.map((n) => (n.id === 'dept' ? { ...n, state: 'rejected' as const } : n.type === 'start' ? n : { ...n, state: 'skipped' as const })),
    });
    expect(flowTimeline(rejected).map((e) => e.id)).toEqual(['start', 'dept']);
  });

  it('names states and modes as an approval app does', () => {
    expect(entryStateTitle({ kind: 'approver', state: 'waiting' })).toBe('审批中');
    expect(entryStateTitle({ kind: 'approver', state: 'notReached' })).toBe('待审批');
    expect(entryStateTitle({ kind: 'copy', state: 'passed' })).toBe('已抄送');
    expect(entryStateTitle({ kind: 'start', state: 'passed' })).toBe('已提交');
    expect(modeText({ mode: 'all', approvers: [approver(1, 'approved'), approver(2, 'pending'), approver(5, 'reassigned')] })).toBe('会签 · 需全部同意（1/2）');
    expect(modeText({ mode: 'any', approvers: [approver(1, 'pending'), approver(2, 'pending')] })).toBe('或签 · 一人同意即可');
    expect(modeText({ mode: 'any', approvers: [approver(1, 'pending')] })).toBe('或签');
    expect(modeText({ mode: null, approvers: [] })).toBeNull();
  });
});

describe('why a user may not decide', () => {
  const actions = (decide: boolean): DemandDetail['actions'] => ({
    edit: false,
    submit: false,
    withdraw: false,
    delete: false,
    decide,
    reassign: false,
    addParticipants: false,
    comment: true,
    submitScheme: false,
    myStepId: decide ? 1 : null,
  });
  const step = (approvers: DemandApprover[]): DemandDetail['currentSteps'][number] => ({
    id: 1,
    round: 1,
    nodeId: 'a',
    nodeName: '部门审批',
    mode: 'all',
    state: 'waiting',
    toAdmins: false,
    enteredAt: '2026-11-01T08:00:00Z',
    decidedAt: null,
    approvers,
  });

  it('says nothing to a current approver', () => {
    expect(decisionBlocker({ state: 'approving', round: 1, actions: actions(true), currentSteps: [step([approver(2, 'pending')])] }, 2)).toBeNull();
  });

  it('tells one who decided already, one who handed the step on, one another approver spared, and one who is not on it', () => {
    const steps = [step([approver(2, 'approved'), approver(3, 'pending'), approver(4, 'reassigned'), approver(5, 'notNeeded')])];
    expect(decisionBlocker({ state: 'approving', round: 1, actions: actions(false), currentSteps: steps }, 2)).toBe('您已审批过这一步，不能重复审批');
    expect(decisionBlocker({ state: 'approving', round: 1, actions: actions(false), currentSteps: steps }, 4)).toBe('您已把这一步转交他人审批');
    expect(decisionBlocker({ state: 'approving', round: 1, actions: actions(false), currentSteps: steps }, 5)).toBe('这一步已由其他审批人处理，无需您再审批');
    expect(decisionBlocker({ state: 'approving', round: 1, actions: actions(false), currentSteps: steps }, 7)).toBe('您不是这一步的审批人');
  });

  it('names whom a proposal in approval waits for', () => {
    const steps = [step([approver(2, 'approved'), approver(3, 'pending'), approver(4, 'pending')])];
    expect(waitingText({ state: 'approving', currentSteps: steps })).toBe('等待 部门审批（用户3、用户4）');
    expect(waitingText({ state: 'approved', currentSteps: steps })).toBeNull();
    expect(waitingText({ state: 'approving', currentSteps: [] })).toBeNull();
  });

  it('tells that a proposal is not in approval, as the server does', () => {
    expect(decisionBlocker({ state: 'approved', round: 1, actions: actions(false), currentSteps: [] }, 2)).toBe('提案状态为“已通过”，不在审批中');
    expect(decisionBlocker({ state: 'withdrawn', round: 1, actions: actions(false), currentSteps: [] }, 2)).toBe('提案状态为“已撤回”，不在审批中');
  });
});

describe('addresses of the phone and outside pages', () => {
  it('reads a proposal id only as a positive whole number within the database range', () => {
    expect(demandIdOf('12')).toBe(12);
    expect(demandIdOf(7)).toBe(7);
    for (const bad of ['', '0', '-3', '1.5', 'abc', '9999999999', undefined, null]) expect(demandIdOf(bad)).toBeNull();
  });

  it('draws an avatar from the person, not from a note in brackets after the name', () => {
    expect(avatarNameOf('黄磊（华东事业部）')).toBe('黄磊');
    expect(avatarNameOf('Li Lei (Marketing)')).toBe('Li Lei');
    expect(avatarNameOf('赵主管')).toBe('赵主管');
    expect(avatarNameOf('（外部）')).toBe('（外部）');
  });

  it('takes the link token from ?link= or ?token=, only when written in its characters', () => {
    const token = 'a'.repeat(24) + '.B_c-9';
    expect(linkTokenOf(new URLSearchParams({ link: token }))).toBe(token);
    expect(linkTokenOf(new URLSearchParams({ token }))).toBe(token);
    // A short one is the server's to refuse, in its words.
    expect(linkTokenOf(new URLSearchParams({ link: '1.2.3' }))).toBe('1.2.3');
    expect(linkTokenOf(new URLSearchParams({ link: 'x'.repeat(201) }))).toBeNull();
    expect(linkTokenOf(new URLSearchParams({ link: `${token}<script>` }))).toBeNull();
    expect(linkTokenOf(new URLSearchParams())).toBeNull();
  });

  it('asks for a phone number or an e-mail address', () => {
    expect(contactProblem('', ' ')).toBe('请填写联系电话或邮箱，方便我们与你联系');
    expect(contactProblem('13800000000', '')).toBeNull();
    expect(contactProblem('', 'a@b.cn')).toBeNull();
  });
});

describe('a proposal type form on the public page', () => {
  it('shows no picker of the organisation records and asks for none, keeps text pickers as plain inputs', () => {
    const form = {
      type: 'object',
      properties: {
        section: {
          type: 'void',
          'x-component': 'Card',
          properties: {
            brandId: { type: 'integer', title: '商标', required: true, 'x-component': 'MarkPicker', 'x-component-props': { fill: { tmName: 'tmName' } } },
            other: { type: 'integer', title: '关联商标', 'x-component': 'MarkPicker', 'x-validator': [{ required: true, message: '请选择' }, { maximum: 9 }] },
            applicantName: {
              type: 'string',
              title: '申请人',
              required: true,
              'x-component': 'ApplicantPicker',
              'x-component-props': { maxLength: 100, fill: { a: 'b' } },
            },
            reason: { type: 'string', title: '申请理由', required: true, 'x-component': 'TextArea' },
          },
        },
      },
    };
    const shown = publicFormOf(form);
    const fields = shown.properties!.section.properties!;
    expect(fields.brandId).toEqual({ type: 'integer', title: '商标', 'x-component': 'PublicRecordNote', 'x-component-props': {} });
    expect(fields.other['x-validator']).toEqual([{ maximum: 9 }]);
    expect(fields.applicantName).toEqual({ type: 'string', title: '申请人', required: true, 'x-component': 'Input', 'x-component-props': { maxLength: 100 } });
    expect(fields.reason).toEqual(form.properties.section.properties.reason);
    // The type's own form is left as it was.
    expect(form.properties.section.properties.brandId['x-component']).toBe('MarkPicker');
  });
});
