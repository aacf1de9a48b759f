import { MAX_SUPERIOR_LEVELS, type ApprovalFlow, type FlowCondition, type FlowNode } from './flowModel.js';

/** One thing wrong with a flow, in Chinese, with the node or edge it is about (for the editor to mark). */
export interface FlowProblem {
  message: string;
  nodeId?: string;
  edgeId?: string;
}

/**
 * What keeps a flow from being published, by its shape alone: one start, at least one end, every
 * node reached from the start and leading to an end, no loops, exactly one way out of every node but
 * a fork (a condition node: two or more, exactly one of them the default, the others with tests),
 * approver and copy-to nodes naming somebody. Whether the people named exist is the server's check;
 * whether a test's field exists, `fieldNames` (the proposal form's field names) checks when given.
 */
export function flowProblems(flow: ApprovalFlow, fieldNames?: ReadonlySet<string>): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const nodes = new Map<string, FlowNode>();
  for (const node of flow.nodes) {
    if (nodes.has(node.id)) problems.push({ message: `节点标识“${node.id}”重复`, nodeId: node.id });
    nodes.set(node.id, node);
    if (!node.name.trim()) problems.push({ message: `${nodeText(node)}没有名称`, nodeId: node.id });
  }
  const starts = flow.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) problems.push({ message: starts.length === 0 ? '流程没有发起人节点' : '流程只能有一个发起人节点' });
  if (!flow.nodes.some((n) => n.type === 'end')) problems.push({ message: '流程没有结束节点' });

  const outgoing = new Map<string, typeof flow.edges>();
  const edgeIds = new Set<string>();
  for (const edge of flow.edges) {
    if (edgeIds.has(edge.id)) problems.push({ message: `连线标识“${edge.id}”重复`, edgeId: edge.id });
    edgeIds.add(edge.id);
    const source = nodes.get(edge.source);
    if (!source || !nodes.has(edge.target)) {
      problems.push({ message: '有一条连线的一端没有连到节点', edgeId: edge.id });
      continue;
    }
    if (edge.source === edge.target) problems.push({ message: `${nodeText(source)}连回了自己`, edgeId: edge.id, nodeId: source.id });
    if (source.type !== 'condition' && (edge.conditions?.length || edge.isDefault)) {
      problems.push({ message: `只有条件分支的连线可以设置条件（${nodeText(source)}之后的连线）`, edgeId: edge.id });
    }
    outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge]);
  }

  for (const node of flow.nodes) {
    const out = outgoing.get(node.id) ?? [];
    if (node.type === 'end') {
      if (out.length) problems.push({ message: `${nodeText(node)}之后不能再有节点`, nodeId: node.id });
      continue;
    }
    if (node.type === 'condition') {
      if (out.length < 2) problems.push({ message: `${nodeText(node)}至少要有两个分支`, nodeId: node.id });
      const defaults = out.filter((e) => e.isDefault);
      if (defaults.length !== 1) problems.push({ message: `${nodeText(node)}须有且只有一个“其他情况”分支`, nodeId: node.id });
      for (const edge of out) {
        if (!edge.isDefault && !edge.conditions?.length)
          problems.push({ message: `${nodeText(node)}的分支“${edge.label ?? edge.target}”没有设置条件`, nodeId: node.id, edgeId: edge.id });
        for (const condition of edge.conditions ?? []) {
          const wrong = conditionProblem(condition, fieldNames);
          if (wrong) problems.push({ message: `${nodeText(node)}的分支条件${wrong}`, nodeId: node.id, edgeId: edge.id });
        }
      }
    } else if (out.length !== 1) {
      problems.push({
        message: out.length === 0 ? `${nodeText(node)}之后没有连到任何节点` : `${nodeText(node)}之后只能连一个节点，要分支请加条件分支`,
        nodeId: node.id,
      });
    }
    if (node.type === 'approver' && node.approvers.length === 0) problems.push({ message: `${nodeText(node)}没有设置审批人`, nodeId: node.id });
    if (node.type === 'copy' && node.recipients.length === 0) problems.push({ message: `${nodeText(node)}没有设置抄送人`, nodeId: node.id });
    if (node.type === 'approver' && node.remindAfterHours !== undefined && !(node.remindAfterHours > 0)) {
      problems.push({ message: `${nodeText(node)}的催办时限须大于 0 小时`, nodeId: node.id });
    }
    for (const rule of node.type === 'approver' ? node.approvers : node.type === 'copy' ? node.recipients : []) {
      if (rule.kind === 'superior' && !(Number.isInteger(rule.levels) && rule.levels >= 1 && rule.levels <= MAX_SUPERIOR_LEVELS)) {
        problems.push({ message: `${nodeText(node)}的上级层数须为 1 到 ${MAX_SUPERIOR_LEVELS}`, nodeId: node.id });
      }
    }
  }

  const start = starts[0];
  if (start) {
    const reached = reachable([start.id], outgoing);
    for (const node of flow.nodes) if (!reached.has(node.id)) problems.push({ message: `${nodeText(node)}从发起人走不到`, nodeId: node.id });
    const cycleAt = firstCycle(start.id, outgoing);
    if (cycleAt) problems.push({ message: `流程在${nodeText(nodes.get(cycleAt)!)}处形成了回路`, nodeId: cycleAt });
  }
  const incoming = new Map<string, string[]>();
  for (const edge of flow.edges) incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge.source]);
  const leadsToEnd = reachableBackwards(
    flow.nodes.filter((n) => n.type === 'end').map((n) => n.id),
    incoming,
  );
  for (const node of flow.nodes) {
    if (node.type !== 'end' && !leadsToEnd.has(node.id) && (outgoing.get(node.id)?.length ?? 0) > 0) {
      problems.push({ message: `${nodeText(node)}之后走不到结束节点`, nodeId: node.id });
    }
  }
  return problems;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Whether a flow has the shape flowProblems reads (ids, types, names, lists of people); when it does
 * not, the meta-schema has already said where.
 */
export function readableFlow(value: unknown): value is ApprovalFlow {
  if (!isObject(value) || !Array.isArray(value.nodes) || !Array.isArray(value.edges)) return false;
  const nodesReadable = value.nodes.every(
    (n) =>
      isObject(n) &&
      typeof n.id === 'string' &&
      typeof n.type === 'string' &&
      typeof n.name === 'string' &&
      (n.type !== 'approver' || Array.isArray(n.approvers)) &&
      (n.type !== 'copy' || Array.isArray(n.recipients)),
  );
  const edgesReadable = value.edges.every(
    (e) =>
      isObject(e) &&
      typeof e.id === 'string' &&
      typeof e.source === 'string' &&
      typeof e.target === 'string' &&
      (e.conditions === undefined || (Array.isArray(e.conditions) && e.conditions.every((c) => isObject(c) && typeof c.field === 'string'))),
  );
  return nodesReadable && edgesReadable;
}

/**
 * Where in a proposal type a flow problem is (a JSON pointer): the edge it is about, else the node,
 * else the flow. The server reports problems so and the editor matches them to its own.
 */
export function problemPointer(flow: ApprovalFlow, problem: FlowProblem): string {
  const edge = problem.edgeId === undefined ? -1 : flow.edges.findIndex((e) => e.id === problem.edgeId);
  if (edge >= 0) return `/approvalFlow/edges/${edge}`;
  const node = problem.nodeId === undefined ? -1 : flow.nodes.findIndex((n) => n.id === problem.nodeId);
  return node >= 0 ? `/approvalFlow/nodes/${node}` : '/approvalFlow';
}

const isBlank = (value: FlowCondition['value']) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * What is wrong with one test on a proposal's field, said after “分支条件” or “条件”, or undefined:
 * a field the form does not have (when `fieldNames` is given), a missing value, a list test without
 * a list, a comparison of size without a number.
 */
export function conditionProblem(condition: FlowCondition, fieldNames?: ReadonlySet<string>): string | undefined {
  if (fieldNames && !fieldNames.has(condition.field)) return `用了提案表单中没有的字段“${condition.field}”`;
  if (condition.operator === 'empty' || condition.operator === 'notEmpty') return undefined;
  if (isBlank(condition.value)) return `“${condition.field}”没有填写比较的值`;
  if ((condition.operator === 'in' || condition.operator === 'notIn') && !Array.isArray(condition.value)) return `“${condition.field}”应填写一组值`;
  if (['gt', 'gte', 'lt', 'lte'].includes(condition.operator)) {
    const value = condition.value;
    const numeric = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));
    if (!numeric) return `“${condition.field}”比较大小的值应是数字`;
  }
  return undefined;
}

const NODE_TYPE_TEXT: Record<FlowNode['type'], string> = { start: '发起人', approver: '审批节点', copy: '抄送节点', condition: '条件分支', end: '结束节点' };

/** How a problem names a node: 审批节点“法务审批”. */
export function nodeText(node: FlowNode): string {
  return node.name.trim() ? `${NODE_TYPE_TEXT[node.type]}“${node.name.trim()}”` : NODE_TYPE_TEXT[node.type];
}

function reachable(from: string[], outgoing: Map<string, { target: string }[]>): Set<string> {
  const seen = new Set<string>(from);
  const queue = [...from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const edge of outgoing.get(id) ?? []) {
      if (seen.has(edge.target)) continue;
      seen.add(edge.target);
      queue.push(edge.target);
    }
  }
  return seen;
}

function reachableBackwards(from: string[], incoming: Map<string, string[]>): Set<string> {
  const seen = new Set<string>(from);
  const queue = [...from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const source of incoming.get(id) ?? []) {
      if (seen.has(source)) continue;
      seen.add(source);
      queue.push(source);
    }
  }
  return seen;
}

/** A node on a loop reached from the start, or undefined. */
function firstCycle(start: string, outgoing: Map<string, { target: string }[]>): string | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): string | undefined => {
    state.set(id, 'open');
    for (const edge of outgoing.get(id) ?? []) {
      const s = state.get(edge.target);
      if (s === 'open') return edge.target;
      if (s === undefined) {
        const found = visit(edge.target);
        if (found) return found;
      }
    }
    state.set(id, 'done');
    return undefined;
  };
  return visit(start);
}
