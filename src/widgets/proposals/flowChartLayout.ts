import type { DemandFlowChart } from '../../generated/types.js';

export type ChartNode = DemandFlowChart['nodes'][number];
export type ChartEdge = DemandFlowChart['edges'][number];

/** The box a node of the read-only chart takes; positions are spread so boxes of this size never overlap. */
export const NODE_SIZE = { width: 220, height: 84 } as const;
const GAP = { x: 40, y: 36 } as const;

export type Orientation = 'vertical' | 'horizontal';

/**
 * Which way the flow runs, from where its start and its end nodes were drawn: down the page (as
 * DingTalk and Feishu draw approvals) unless the end lies further to the side than below.
 */
export function orientationOf(nodes: readonly ChartNode[]): Orientation {
  const start = nodes.find((n) => n.type === 'start');
  const end = nodes.find((n) => n.type === 'end');
  if (!start || !end) return 'vertical';
  const dx = Math.abs(end.position.x - start.position.x);
  const dy = Math.abs(end.position.y - start.position.y);
  return dx > dy ? 'horizontal' : 'vertical';
}

/**
 * The drawn positions, stretched along each axis just enough that no two boxes of NODE_SIZE
 * overlap: the editor may draw smaller nodes closer together, and the admin's arrangement is kept.
 */
export function spreadPositions(nodes: readonly ChartNode[]): Map<string, { x: number; y: number }> {
  let scaleX = 1;
  let scaleY = 1;
  const needX = NODE_SIZE.width + GAP.x;
  const needY = NODE_SIZE.height + GAP.y;
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      const dx = Math.abs(nodes[i]!.position.x - nodes[j]!.position.x);
      const dy = Math.abs(nodes[i]!.position.y - nodes[j]!.position.y);
      if (dx * scaleX >= needX || dy * scaleY >= needY) continue;
      // Stretch the axis on which the two lie further apart: that keeps rows as rows and columns as columns.
      if (dy >= dx && dy > 0) scaleY = Math.max(scaleY, needY / dy);
      else if (dx > 0) scaleX = Math.max(scaleX, needX / dx);
    }
  }
  const minX = Math.min(...nodes.map((n) => n.position.x));
  const minY = Math.min(...nodes.map((n) => n.position.y));
  return new Map(nodes.map((n) => [n.id, { x: Math.round((n.position.x - minX) * scaleX), y: Math.round((n.position.y - minY) * scaleY) }]));
}

/** How an edge is drawn: on the path taken, leading to the step now waiting, or not taken. */
export type EdgeTone = 'taken' | 'current' | 'rejected' | 'idle';

export function edgeTone(edge: ChartEdge, nodes: ReadonlyMap<string, ChartNode>): EdgeTone {
  if (!edge.taken) return 'idle';
  const target = nodes.get(edge.target);
  if (target?.state === 'waiting') return 'current';
  if (target?.state === 'rejected') return 'rejected';
  return 'taken';
}

/** The nodes of the path taken, in the order they were reached, each once: the side list of the chart. */
export function pathNodes(chart: DemandFlowChart): ChartNode[] {
  const byId = new Map(chart.nodes.map((n) => [n.id, n]));
  const seen = new Set<string>();
  const out: ChartNode[] = [];
  for (const id of chart.path) {
    const node = byId.get(id);
    if (!node || seen.has(id)) continue;
    seen.add(id);
    out.push(node);
  }
  return out;
}

/** The short line under an approver node's name: its approvers (the first few, then how many more). */
export function approverLine(node: ChartNode, shown = 3): string {
  if (node.type === 'copy') {
    const names = node.recipients.map((r) => r.name);
    return names.length ? `抄送 ${names.slice(0, shown).join('、')}${names.length > shown ? ` 等 ${names.length} 人` : ''}` : '抄送人待定';
  }
  if (node.type !== 'approver') return '';
  const names = [...new Set(node.approvers.filter((a) => a.decision !== 'reassigned').map((a) => a.userName))];
  if (!names.length) return node.state === 'skipped' || node.state === 'notReached' ? '到达时确定审批人' : '暂无审批人';
  return `${names.slice(0, shown).join('、')}${names.length > shown ? ` 等 ${names.length} 人` : ''}`;
}

/** The line under a node's name: an approver's or copy node's people, the branch a fork took, the end's outcome. */
export function nodeLine(node: ChartNode, chart: DemandFlowChart): string {
  if (node.type === 'approver' || node.type === 'copy') return approverLine(node);
  if (node.type === 'condition') {
    const taken = chart.edges.find((e) => e.source === node.id && e.taken);
    if (taken) return taken.label ? `走“${taken.label}”分支` : '已选定分支';
    return node.state === 'skipped' ? '' : '按提案内容选择分支';
  }
  if (node.type === 'end') {
    if (node.state === 'passed') return '审批通过';
    return chart.state === 'rejected' ? '' : '全部通过后结束';
  }
  return chart.round > 0 ? `第 ${chart.round} 次提交` : '尚未提交';
}
