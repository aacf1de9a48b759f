import type { ApprovalFlow, FlowCondition, FlowEdge, FlowNode } from './flowModel.js';

/** The value at a dotted path of a proposal's form data. */
export function fieldValue(data: Record<string, unknown>, path: string): unknown {
  let at: unknown = data;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Equality as a form means it: 1 and '1' are the same answer. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x === y;
  return typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b);
}

/**
 * Whether one branch test holds for the proposal's data. A list field (countries, classes) holds a
 * test when any of its items does: countries notIn [CN] holds when any country is overseas.
 */
export function conditionHolds(condition: FlowCondition, data: Record<string, unknown>): boolean {
  const value = fieldValue(data, condition.field);
  const wanted = condition.value;
  const items = Array.isArray(value) ? value : [value];
  switch (condition.operator) {
    case 'empty':
      return isEmpty(value);
    case 'notEmpty':
      return !isEmpty(value);
    case 'eq':
      return items.some((item) => same(item, wanted));
    case 'ne':
      return items.some((item) => !same(item, wanted));
    case 'in':
      return Array.isArray(wanted) && items.some((item) => wanted.some((w) => same(item, w)));
    case 'notIn':
      return Array.isArray(wanted) && items.some((item) => !wanted.some((w) => same(item, w)));
    case 'contains':
      return (
        typeof wanted !== 'object' && wanted !== undefined && items.some((item) => item !== null && item !== undefined && String(item).includes(String(wanted)))
      );
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const x = asNumber(value);
      const y = asNumber(wanted);
      if (x === undefined || y === undefined) return false;
      return condition.operator === 'gt' ? x > y : condition.operator === 'gte' ? x >= y : condition.operator === 'lt' ? x < y : x <= y;
    }
  }
}

/** The edge a node leaves by for this data: a fork's first branch whose tests all hold, else its default; any other node's only edge. */
export function edgeTaken(flow: ApprovalFlow, node: FlowNode, data: Record<string, unknown>): FlowEdge | undefined {
  const out = flow.edges.filter((edge) => edge.source === node.id);
  if (node.type !== 'condition') return out[0];
  return out.find((edge) => !edge.isDefault && (edge.conditions ?? []).every((c) => conditionHolds(c, data))) ?? out.find((edge) => edge.isDefault);
}

/**
 * The nodes the flow passes through after `fromId` for this data, up to and including the next node
 * that waits for people (an approver node) or the end: forks are decided on the way and copy-to nodes
 * passed (they are returned so their recipients can be told). A published flow always gets there;
 * a broken one stops at the node it cannot leave.
 */
export function walkToNextStop(flow: ApprovalFlow, fromId: string, data: Record<string, unknown>): FlowNode[] {
  const byId = new Map(flow.nodes.map((n) => [n.id, n]));
  const passed: FlowNode[] = [];
  const seen = new Set<string>([fromId]);
  let at = byId.get(fromId);
  while (at) {
    const edge = edgeTaken(flow, at, data);
    const next = edge ? byId.get(edge.target) : undefined;
    if (!next || seen.has(next.id)) break;
    seen.add(next.id);
    passed.push(next);
    if (next.type === 'approver' || next.type === 'end') break;
    at = next;
  }
  return passed;
}

/** The start node of a flow. */
export function startNode(flow: ApprovalFlow): FlowNode | undefined {
  return flow.nodes.find((n) => n.type === 'start');
}
