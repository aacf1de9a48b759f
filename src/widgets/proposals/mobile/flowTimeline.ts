import type { DemandApprover, DemandDetail, DemandFlowChart, PersonOption } from '../../../generated/types.js';

type FlowNode = DemandFlowChart['nodes'][number];

/** One row of the phone's approval timeline: a node the proposal passed, waits at, or will reach. */
export interface TimelineEntry {
  id: string;
  kind: 'start' | 'approver' | 'copy' | 'end';
  name: string;
  state: FlowNode['state'];
  mode: FlowNode['mode'];
  toAdmins: boolean;
  approvers: DemandApprover[];
  recipients: PersonOption[];
  /** When the node was reached, or decided when it has been. */
  time: string | null;
  /** The condition branch that led here, when a condition node chose it. */
  branch: string | null;
}

/**
 * The nodes of one round in the order a reader follows them: the path walked so far, then the
 * nodes still ahead on the predicted route, in the order the edges lead to them (a node two
 * branches join comes after both). Condition nodes are not rows of their own: the branch they
 * chose, or will choose by the form's data, is told on the node it leads to. Nodes off the route
 * (a branch not taken) are left out.
 */
export function flowTimeline(chart: DemandFlowChart): TimelineEntry[] {
  const byId = new Map(chart.nodes.map((n) => [n.id, n]));
  const onRoute = (id: string) => {
    const node = byId.get(id);
    return node !== undefined && node.state !== 'skipped';
  };
  const walked = chart.path.filter((id, i) => byId.has(id) && chart.path.indexOf(id) === i);
  const walkedSet = new Set(walked);
  const start = chart.nodes.find((n) => n.type === 'start');
  const origins = walked.length > 0 ? walked : start ? [start.id] : [];

  // Ahead: every node on the route reachable from the path (or from the start of a draft), found breadth first.
  const found: string[] = walked.length > 0 ? [] : origins;
  const reached = new Set([...walked, ...found]);
  for (let queue = [...origins]; queue.length > 0;) {
    const from = queue.shift()!;
    for (const edge of chart.edges) {
      if (edge.source !== from || reached.has(edge.target) || !onRoute(edge.target)) continue;
      reached.add(edge.target);
      found.push(edge.target);
      queue.push(edge.target);
    }
  }
  // In edge order among themselves: a node is placed once every node ahead leading to it is.
  const ahead: string[] = [];
  const pending = new Set(found);
  while (pending.size > 0) {
    const ready = found.find((id) => pending.has(id) && !chart.edges.some((e) => e.target === id && e.source !== id && pending.has(e.source)));
    const next = ready ?? found.find((id) => pending.has(id))!;
    pending.delete(next);
    ahead.push(next);
  }

  const reaches = (from: string, to: string): boolean => {
    const stack = [from];
    const visited = new Set<string>();
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (id === to) return true;
      if (visited.has(id)) continue;
      visited.add(id);
      for (const e of chart.edges) if (e.source === id && onRoute(e.target)) stack.push(e.target);
    }
    return false;
  };
  const branchInto = (id: string): string | null => {
    for (const edge of chart.edges) {
      if (edge.target !== id || !edge.label || byId.get(edge.source)?.type !== 'condition') continue;
      if (edge.taken) return edge.label;
      // A condition not passed yet: its branch is the one edge to the route that no other such edge's branch leads through.
      if (chart.edges.some((e) => e.source === edge.source && e.taken) || !onRoute(id)) continue;
      const candidates = chart.edges.filter((e) => e.source === edge.source && onRoute(e.target));
      const chosen = candidates.filter((c) => !candidates.some((o) => o !== c && reaches(o.target, c.target)));
      if (chosen.length === 1 && chosen[0] === edge) return edge.label;
    }
    return null;
  };

  return [...walked, ...ahead.filter((id) => !walkedSet.has(id))]
    .map((id) => byId.get(id)!)
    .filter((node): node is FlowNode & { type: TimelineEntry['kind'] } => node.type !== 'condition')
    .map((node) => ({
      id: node.id,
      kind: node.type,
      name: node.name,
      state: node.state,
      mode: node.mode,
      toAdmins: node.toAdmins,
      approvers: node.approvers,
      recipients: node.recipients,
      time: node.decidedAt ?? node.enteredAt,
      branch: branchInto(node.id),
    }));
}

/** What an approver node's state reads as on the timeline. */
export function entryStateTitle(entry: Pick<TimelineEntry, 'kind' | 'state'>): string {
  if (entry.kind === 'start') return entry.state === 'notReached' ? '待提交' : '已提交';
  if (entry.kind === 'copy') return entry.state === 'passed' ? '已抄送' : '待抄送';
  if (entry.kind === 'end') return entry.state === 'passed' ? '已结束' : '结束';
  const titles: Record<TimelineEntry['state'], string> = {
    passed: '已经过',
    waiting: '审批中',
    approved: '已同意',
    rejected: '已驳回',
    skipped: '未走此支',
    notReached: '待审批',
  };
  return titles[entry.state];
}

/** 会签 / 或签 as the approver sees it, with how many have agreed of a countersign. */
export function modeText(entry: Pick<TimelineEntry, 'mode' | 'approvers'>): string | null {
  if (entry.mode === 'all') {
    const agreed = entry.approvers.filter((a) => a.decision === 'approved').length;
    const counted = entry.approvers.filter((a) => a.decision !== 'reassigned').length;
    return counted > 1 ? `会签 · 需全部同意（${agreed}/${counted}）` : '会签';
  }
  if (entry.mode === 'any') return entry.approvers.length > 1 ? '或签 · 一人同意即可' : '或签';
  return null;
}

const STATE_TITLES: Record<DemandDetail['state'], string> = { draft: '草稿', approving: '审批中', approved: '已通过', rejected: '已驳回', withdrawn: '已撤回' };

/**
 * Why the signed-in user cannot decide this proposal now, before any call is made, in the words the
 * server refuses such a decision with; null when they can. The server still decides: a page opened
 * before someone else moved the step is refused by it, and its own message is shown then.
 */
export function decisionBlocker(detail: Pick<DemandDetail, 'state' | 'actions' | 'currentSteps' | 'round'>, userId: number | null): string | null {
  if (detail.actions.decide) return null;
  if (detail.state !== 'approving') return `提案状态为“${STATE_TITLES[detail.state]}”，不在审批中`;
  const mine = detail.currentSteps.flatMap((s) => s.approvers).filter((a) => a.userId === userId);
  if (mine.some((a) => a.decision === 'approved' || a.decision === 'rejected')) return '您已审批过这一步，不能重复审批';
  if (mine.some((a) => a.decision === 'reassigned')) return '您已把这一步转交他人审批';
  if (mine.some((a) => a.decision === 'notNeeded')) return '这一步已由其他审批人处理，无需您再审批';
  return '您不是这一步的审批人';
}

/** Whom a proposal in approval waits for, as the head of its page says it: “等待 总监审批（王管理、赵主管）”; null when it waits for nobody. */
export function waitingText(detail: Pick<DemandDetail, 'state' | 'currentSteps'>): string | null {
  if (detail.state !== 'approving') return null;
  const waiting = detail.currentSteps.filter((s) => s.state === 'waiting');
  if (waiting.length === 0) return null;
  const who = waiting.flatMap((s) => s.approvers.filter((a) => a.decision === 'pending').map((a) => a.userName));
  return `等待 ${waiting.map((s) => s.nodeName).join('、')}${who.length > 0 ? `（${who.join('、')}）` : ''}`;
}
