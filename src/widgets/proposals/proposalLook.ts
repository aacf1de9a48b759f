import type { DemandApprover, DemandDetail, DemandFlowChart } from '../../generated/types.js';

export type ProposalState = DemandDetail['state'];
export type FlowNodeState = DemandFlowChart['nodes'][number]['state'];
export type ApproverDecision = DemandApprover['decision'];

/** A proposal's state as its tag shows it: the title and an antd tag colour. */
export const STATE_LOOK: Record<ProposalState, { title: string; color: string }> = {
  draft: { title: '草稿', color: 'default' },
  approving: { title: '审批中', color: 'processing' },
  approved: { title: '已通过', color: 'success' },
  rejected: { title: '已驳回', color: 'error' },
  withdrawn: { title: '已撤回', color: 'warning' },
};

/** The states a proposal list offers as a filter, in the order a proposal goes through them. */
export const PROPOSAL_STATES = Object.keys(STATE_LOOK) as ProposalState[];

export function isProposalState(value: unknown): value is ProposalState {
  return typeof value === 'string' && value in STATE_LOOK;
}

/** How a node of the flow chart is drawn: the tone of its border and badge, and the words on its badge. */
export const NODE_LOOK: Record<FlowNodeState, { tone: 'done' | 'approved' | 'rejected' | 'waiting' | 'skipped' | 'idle'; title: string }> = {
  passed: { tone: 'done', title: '已经过' },
  approved: { tone: 'approved', title: '已通过' },
  rejected: { tone: 'rejected', title: '已驳回' },
  waiting: { tone: 'waiting', title: '审批中' },
  skipped: { tone: 'skipped', title: '未走此支' },
  notReached: { tone: 'idle', title: '未到达' },
};

/** An approver's decision as a tag: its words and an antd tag colour. */
export const DECISION_LOOK: Record<ApproverDecision, { title: string; color: string }> = {
  pending: { title: '待审批', color: 'processing' },
  approved: { title: '同意', color: 'success' },
  rejected: { title: '驳回', color: 'error' },
  reassigned: { title: '已转交', color: 'purple' },
  notNeeded: { title: '无需审批', color: 'default' },
};

export const NODE_TYPE_TITLES: Record<DemandFlowChart['nodes'][number]['type'], string> = {
  start: '发起人',
  approver: '审批',
  copy: '抄送',
  condition: '条件分支',
  end: '结束',
};

export const MODE_TITLES = { all: '会签（须全部同意）', any: '或签（一人决定即可）' } as const;

/** Where a proposal opens: its page by id, or the page that starts a new one of a type (with a mark of the archive when given). */
export function proposalPath(id: number): string {
  return `/brandManage/case-detail?id=${id}`;
}

export function newProposalPath(typeName: string, brandId?: number): string {
  const mark = brandId && brandId > 0 ? `&brandId=${brandId}` : '';
  return `/brandManage/case-detail?type=${encodeURIComponent(typeName)}${mark}`;
}

/** The list of proposals: the 提案 tab of 案件管理, on one of its views when given. */
export function proposalListPath(view?: 'toApprove' | 'submitted' | 'all'): string {
  return `/brand/caseList?tab=proposals${view ? `&view=${view}` : ''}`;
}
