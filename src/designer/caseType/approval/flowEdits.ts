import type { ApprovalFlow, FlowEdge, FlowNode, FlowNodeType, FlowPosition } from '../../../shared/approvalFlow/flowModel.js';
import { layoutFlow, type NodeSize } from '../../../shared/approvalFlow/flowLayout.js';

/** Sizes of the cards on the canvas (approvalFlow.css draws them so); the layout and the connectors use them. */
export const NODE_SIZES: Record<FlowNodeType, NodeSize> = {
  start: { width: 232, height: 76 },
  approver: { width: 232, height: 76 },
  copy: { width: 232, height: 76 },
  condition: { width: 176, height: 44 },
  end: { width: 128, height: 40 },
};

export const sizeOf = (node: { type: FlowNodeType }): NodeSize => NODE_SIZES[node.type];

/** Top to bottom, as the toolbar's 自动排列 does. */
export const arrange = (flow: ApprovalFlow): ApprovalFlow => layoutFlow(flow, sizeOf, { rowGap: 88, columnGap: 48, passageWidth: 200 });

/** The node types the palette adds. */
export type AddableType = Exclude<FlowNodeType, 'start'>;

const ID_PREFIX: Record<AddableType, string> = { approver: 'approver', copy: 'copy', condition: 'branch', end: 'end' };

function unusedId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

const nodeIds = (flow: ApprovalFlow) => flow.nodes.map((n) => n.id);
const edgeIds = (flow: ApprovalFlow) => flow.edges.map((e) => e.id);

/** A node of `type` with what it needs to be filled in: approvers and recipients are chosen in the side panel. */
export function newNode(flow: ApprovalFlow, type: AddableType, position: FlowPosition): FlowNode {
  const id = unusedId(ID_PREFIX[type], nodeIds(flow));
  switch (type) {
    case 'approver':
      return { id, type, name: '审批人', approvers: [], mode: 'any', position };
    case 'copy':
      return { id, type, name: '抄送人', recipients: [], position };
    case 'condition':
      return { id, type, name: '条件分支', position };
    case 'end':
      return { id, type, name: '结束', position };
  }
}

/** A new edge id, unused in the flow and in `also` (edges being made alongside it). */
export const newEdgeId = (flow: ApprovalFlow, also: string[] = []) => unusedId('e', [...edgeIds(flow), ...also]);

/** The label a new branch of a fork gets: 条件 1, 条件 2, … */
function branchLabel(flow: ApprovalFlow, fork: string, extra = 0): string {
  const branches = flow.edges.filter((e) => e.source === fork && !e.isDefault).length;
  return `条件 ${branches + 1 + extra}`;
}

const below = (node: FlowNode, by = 1): FlowPosition => ({ x: node.position.x, y: node.position.y + by * (sizeOf(node).height + 88) });

export interface Edited {
  flow: ApprovalFlow;
  /** What to select after the edit. */
  select?: { kind: 'node' | 'edge'; id: string };
}

/**
 * Puts a node of `type` on the edge `edgeId`: source → new → target, the edge keeping its branch
 * (label and tests) into the new node. A fork put on an edge gets two branches as approval designers
 * make them: a conditional one through a new approver node and 其他情况 straight on, both to the old target.
 */
export function insertOnEdge(flow: ApprovalFlow, edgeId: string, type: Exclude<AddableType, 'end'>): Edited {
  const edge = flow.edges.find((e) => e.id === edgeId);
  const source = edge && flow.nodes.find((n) => n.id === edge.source);
  if (!edge || !source) return { flow };
  const node = newNode(flow, type, below(source));
  const into: FlowEdge = { ...edge, target: node.id };
  let nodes = [...flow.nodes, node];
  const edges = flow.edges.map((e) => (e.id === edgeId ? into : e));
  if (type !== 'condition') {
    edges.push({ id: newEdgeId(flow), source: node.id, target: edge.target });
    return { flow: arrange({ nodes, edges }), select: { kind: 'node', id: node.id } };
  }
  const branchNode = newNode({ nodes, edges }, 'approver', below(node));
  nodes = [...nodes, branchNode];
  const ids = uniqueIds(flow, 3);
  edges.push(
    { id: ids[0], source: node.id, target: branchNode.id, label: '条件 1', conditions: [] },
    { id: ids[1], source: node.id, target: edge.target, label: '其他情况', isDefault: true },
    { id: ids[2], source: branchNode.id, target: edge.target },
  );
  return { flow: arrange({ nodes, edges }), select: { kind: 'edge', id: ids[0] } };
}

/** `count` edge ids unused in the flow and different from each other. */
function uniqueIds(flow: ApprovalFlow, count: number): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(newEdgeId(flow, ids));
  return ids;
}

/**
 * Adds a node of `type` after the selected node, as the palette does: on a fork, as a new branch;
 * on a node that leads on, between it and the next (an end is then placed apart instead); on a
 * node that leads nowhere yet, joined to it. Without a node to follow it is placed at `free`.
 */
export function addAfter(flow: ApprovalFlow, anchorId: string | undefined, type: AddableType, free: FlowPosition): Edited {
  const anchor = flow.nodes.find((n) => n.id === anchorId);
  if (!anchor || anchor.type === 'end') {
    const node = newNode(flow, type, free);
    return { flow: { ...flow, nodes: [...flow.nodes, node] }, select: { kind: 'node', id: node.id } };
  }
  const out = flow.edges.filter((e) => e.source === anchor.id);
  if (anchor.type !== 'condition' && out.length === 1 && type !== 'end') return insertOnEdge(flow, out[0].id, type);
  const node = newNode(flow, type, below(anchor));
  const placed = { ...flow, nodes: [...flow.nodes, node] };
  if (anchor.type === 'condition') {
    // A new branch rejoins where the fork's 其他情况 goes, as a new column of the fork.
    const rejoin = type === 'end' ? undefined : flow.edges.find((e) => e.source === anchor.id && e.isDefault)?.target;
    const [branchId, onwardId] = uniqueIds(flow, 2);
    const edges: FlowEdge[] = [...flow.edges, { id: branchId, source: anchor.id, target: node.id, label: branchLabel(flow, anchor.id), conditions: [] }];
    if (rejoin) edges.push({ id: onwardId, source: node.id, target: rejoin });
    return { flow: arrange({ ...placed, edges }), select: { kind: 'edge', id: branchId } };
  }
  if (out.length === 0) {
    return {
      flow: arrange({ ...placed, edges: [...flow.edges, { id: newEdgeId(flow), source: anchor.id, target: node.id }] }),
      select: { kind: 'node', id: node.id },
    };
  }
  return {
    flow: { ...placed, nodes: placed.nodes.map((n) => (n.id === node.id ? { ...n, position: { x: anchor.position.x + 300, y: n.position.y } } : n)) },
    select: { kind: 'node', id: node.id },
  };
}

/** Whether `source` → `target` may be drawn: no loop on itself, nothing into the start or out of an end, not twice. */
export function canConnect(flow: ApprovalFlow, source: string, target: string): boolean {
  if (source === target) return false;
  const from = flow.nodes.find((n) => n.id === source);
  const to = flow.nodes.find((n) => n.id === target);
  if (!from || !to || from.type === 'end' || to.type === 'start') return false;
  return !flow.edges.some((e) => e.source === source && e.target === target);
}

/** Draws `source` → `target`; out of a fork it is a new branch waiting for its tests. */
export function connect(flow: ApprovalFlow, source: string, target: string): Edited {
  if (!canConnect(flow, source, target)) return { flow };
  const fork = flow.nodes.find((n) => n.id === source)?.type === 'condition';
  const edge: FlowEdge = fork
    ? { id: newEdgeId(flow), source, target, label: branchLabel(flow, source), conditions: [] }
    : { id: newEdgeId(flow), source, target };
  return { flow: { ...flow, edges: [...flow.edges, edge] }, select: fork ? { kind: 'edge', id: edge.id } : undefined };
}

/**
 * Removes a node and its edges. An approver or copy-to node with one way in and one way out is
 * taken out of the line: what led into it leads on to its next node. The start stays.
 */
export function removeNode(flow: ApprovalFlow, id: string): ApprovalFlow {
  const node = flow.nodes.find((n) => n.id === id);
  if (!node || node.type === 'start') return flow;
  const into = flow.edges.filter((e) => e.target === id);
  const out = flow.edges.filter((e) => e.source === id);
  const nodes = flow.nodes.filter((n) => n.id !== id);
  const kept = flow.edges.filter((e) => e.source !== id && e.target !== id);
  if ((node.type === 'approver' || node.type === 'copy') && into.length === 1 && out.length === 1 && canConnect(flow, into[0].source, out[0].target)) {
    return { nodes, edges: flow.edges.filter((e) => e.id !== out[0].id).map((e) => (e.id === into[0].id ? { ...e, target: out[0].target } : e)) };
  }
  return { nodes, edges: kept };
}

export const removeEdge = (flow: ApprovalFlow, id: string): ApprovalFlow => ({ ...flow, edges: flow.edges.filter((e) => e.id !== id) });

export function updateNode(flow: ApprovalFlow, id: string, patch: Partial<FlowNode>): ApprovalFlow {
  return { ...flow, nodes: flow.nodes.map((n) => (n.id === id ? ({ ...n, ...patch } as FlowNode) : n)) };
}

export function updateEdge(flow: ApprovalFlow, id: string, patch: Partial<FlowEdge>): ApprovalFlow {
  return { ...flow, edges: flow.edges.map((e) => (e.id === id ? stripEmpty({ ...e, ...patch }) : e)) };
}

/** Optional parts left empty are left out, as the meta-schema's readers expect. */
function stripEmpty(edge: FlowEdge): FlowEdge {
  const next = { ...edge };
  if (next.label === undefined || next.label === '') delete next.label;
  if (!next.isDefault) delete next.isDefault;
  return next;
}

/**
 * Makes a branch the fork's 其他情况 (or a conditional branch again): only one branch of a fork is
 * the default, and the default has no tests of its own.
 */
export function setDefaultBranch(flow: ApprovalFlow, edgeId: string, isDefault: boolean): ApprovalFlow {
  const edge = flow.edges.find((e) => e.id === edgeId);
  if (!edge) return flow;
  return {
    ...flow,
    edges: flow.edges.map((e) => {
      if (e.id === edgeId) {
        if (isDefault) {
          const { conditions: _conditions, ...rest } = e;
          return { ...rest, isDefault: true, label: !e.label || /^条件 \d+$/.test(e.label) ? '其他情况' : e.label };
        }
        return stripEmpty({ ...e, isDefault: false, conditions: e.conditions ?? [], label: e.label === '其他情况' ? undefined : e.label });
      }
      if (isDefault && e.source === edge.source && e.isDefault) return stripEmpty({ ...e, isDefault: false, conditions: e.conditions ?? [] });
      return e;
    }),
  };
}

/** A fork's branches are tried in edge order (the default last): moves a branch one place earlier or later among its fork's other conditional branches. */
export function moveBranch(flow: ApprovalFlow, edgeId: string, offset: -1 | 1): ApprovalFlow {
  const edge = flow.edges.find((e) => e.id === edgeId);
  if (!edge || edge.isDefault) return flow;
  const siblings = flow.edges.map((e, i) => ({ e, i })).filter(({ e }) => e.source === edge.source && !e.isDefault);
  const at = siblings.findIndex(({ e }) => e.id === edgeId);
  const other = siblings[at + offset];
  if (!other) return flow;
  const edges = [...flow.edges];
  [edges[siblings[at].i], edges[other.i]] = [edges[other.i], edges[siblings[at].i]];
  return { ...flow, edges };
}

/** The fork's branches in the order they are tried, the default last whatever its place. */
export function branchesOf(flow: ApprovalFlow, forkId: string): FlowEdge[] {
  const out = flow.edges.filter((e) => e.source === forkId);
  return [...out.filter((e) => !e.isDefault), ...out.filter((e) => e.isDefault)];
}

/** New positions for dragged nodes. */
export function moveNodes(flow: ApprovalFlow, moved: ReadonlyMap<string, FlowPosition>): ApprovalFlow {
  if (moved.size === 0) return flow;
  return { ...flow, nodes: flow.nodes.map((n) => (moved.has(n.id) ? { ...n, position: moved.get(n.id)! } : n)) };
}
