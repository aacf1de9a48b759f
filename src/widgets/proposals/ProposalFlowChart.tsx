import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Empty, Popover, Segmented, Skeleton, Space, Tag, Timeline, Typography, theme } from 'antd';
import { Background, Controls, Handle, MarkerType, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { ApartmentOutlined, CheckCircleFilled, ClockCircleFilled, CloseCircleFilled, FlagOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { FastColor } from '@ant-design/fast-color';
import type { DemandFlowChart, ProposalFlowChartProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import {
  NODE_SIZE,
  nodeLine,
  edgeTone,
  orientationOf,
  pathNodes,
  spreadPositions,
  type ChartNode,
  type EdgeTone,
  type Orientation,
} from './flowChartLayout.js';
import { DECISION_LOOK, MODE_TITLES, NODE_LOOK, NODE_TYPE_TITLES, STATE_LOOK } from './proposalLook.js';
import './proposals.css';

const at = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

type FlowNodeData = { node: ChartNode; orientation: Orientation; line: string };
type FlowNode = Node<FlowNodeData, 'proposalStep'>;

const TYPE_ICONS: Record<ChartNode['type'], ReactNode> = {
  start: <UserOutlined />,
  approver: <CheckCircleFilled />,
  copy: <SendOutlined />,
  condition: <ApartmentOutlined />,
  end: <FlagOutlined />,
};

const TONE_TAG: Record<(typeof NODE_LOOK)[keyof typeof NODE_LOOK]['tone'], string> = {
  approved: 'success',
  done: 'success',
  rejected: 'error',
  waiting: 'warning',
  idle: 'default',
  skipped: 'default',
};

/** The approvers of a node and what each decided, with time, comment and a hand-over's reason. */
function NodeDetails({ node }: { node: ChartNode }) {
  const look = NODE_LOOK[node.state];
  return (
    <div className="proposal-node-details">
      <Space size={6} wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{node.name}</Typography.Text>
        {(node.type === 'copy' || node.type === 'condition') && <Tag bordered={false}>{NODE_TYPE_TITLES[node.type]}</Tag>}
        <Tag bordered={false} color={TONE_TAG[look.tone]}>
          {look.title}
        </Tag>
        {node.mode && <Tag bordered={false}>{MODE_TITLES[node.mode]}</Tag>}
      </Space>
      {node.toAdmins && <Alert type="warning" showIcon message="审批规则在本组织找不到人，已转交组织管理员审批" style={{ marginBottom: 8 }} />}
      {node.type === 'approver' &&
        (node.approvers.length ? (
          <ul className="proposal-approver-list">
            {node.approvers.map((a) => (
              <li key={a.id}>
                <Space size={6} wrap>
                  <Typography.Text>{a.userName}</Typography.Text>
                  <Tag color={DECISION_LOOK[a.decision].color} bordered={false}>
                    {DECISION_LOOK[a.decision].title}
                  </Tag>
                  {a.decidedAt && <Typography.Text type="secondary">{at(a.decidedAt)}</Typography.Text>}
                </Space>
                {a.reassignedFromName && (
                  <div className="proposal-approver-note">
                    由 {a.reassignedFromName} 转交{a.reassignReason ? `：${a.reassignReason}` : ''}
                  </div>
                )}
                {a.comment && <div className="proposal-approver-comment">“{a.comment}”</div>}
              </li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">{node.state === 'skipped' ? '本轮未经过此节点' : '到达此节点时按审批规则确定审批人'}</Typography.Text>
        ))}
      {node.type === 'copy' && (
        <Typography.Text type="secondary">
          {node.recipients.length ? `抄送：${node.recipients.map((r) => r.name).join('、')}` : '经过时按规则确定抄送人'}
        </Typography.Text>
      )}
      {(node.enteredAt || node.decidedAt) && (
        <div className="proposal-node-times">
          {node.enteredAt && <span>到达 {at(node.enteredAt)}</span>}
          {node.decidedAt && <span>完成 {at(node.decidedAt)}</span>}
        </div>
      )}
    </div>
  );
}

/** One node of the read-only chart: a card in its state's tone; hovering shows its approvers and their decisions. */
function StepNode({ data }: NodeProps<FlowNode>) {
  const { node, orientation, line } = data;
  const look = NODE_LOOK[node.state];
  const vertical = orientation === 'vertical';
  return (
    <Popover content={<NodeDetails node={node} />} trigger="hover" placement="right" overlayClassName="proposal-node-popover">
      <div
        className={`proposal-flow-node type-${node.type} tone-${look.tone}`}
        data-testid="flow-node"
        data-node-id={node.id}
        data-state={node.state}
        aria-label={`${node.name}：${look.title}`}
        style={{ width: NODE_SIZE.width }}
      >
        <Handle type="target" position={vertical ? Position.Top : Position.Left} isConnectable={false} className="proposal-flow-handle" />
        <div className="proposal-flow-node-head">
          <span className="proposal-flow-node-icon">{TYPE_ICONS[node.type]}</span>
          <span className="proposal-flow-node-name" title={node.name}>
            {node.name}
          </span>
          <span className="proposal-flow-node-badge" data-testid="flow-node-state">
            {node.state === 'waiting' && <ClockCircleFilled />}
            {node.state === 'approved' && <CheckCircleFilled />}
            {node.state === 'rejected' && <CloseCircleFilled />}
            {look.title}
          </span>
        </div>
        <div className="proposal-flow-node-body">
          {line && <div className="proposal-flow-node-line">{line}</div>}
          <div className="proposal-flow-node-meta">
            {node.mode && <span>{node.mode === 'all' ? '会签' : '或签'}</span>}
            {node.toAdmins && <span className="proposal-flow-node-admins">转交管理员</span>}
            {node.decidedAt ? <span>{at(node.decidedAt)}</span> : node.enteredAt ? <span>到达 {at(node.enteredAt)}</span> : null}
          </div>
        </div>
        <Handle type="source" position={vertical ? Position.Bottom : Position.Right} isConnectable={false} className="proposal-flow-handle" />
      </div>
    </Popover>
  );
}

const NODE_TYPES = { proposalStep: StepNode };
const keepPointer = () => undefined;

/** The chart's colours from the theme, as variables its style sheet reads. */
function useChartColours(): CSSProperties & Record<`--${string}`, string> {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      '--pf-approved': token.colorSuccess,
      '--pf-approved-bg': token.colorSuccessBg,
      '--pf-rejected': token.colorError,
      '--pf-rejected-bg': token.colorErrorBg,
      '--pf-waiting': token.colorWarning,
      '--pf-waiting-bg': token.colorWarningBg,
      '--pf-done': token.colorPrimary,
      '--pf-idle': token.colorTextTertiary,
      '--pf-line': token.colorBorder,
    }),
    [token],
  );
}

function edgeColour(tone: EdgeTone, colours: Record<string, string>): string {
  if (tone === 'current') return colours['--pf-waiting']!;
  if (tone === 'rejected') return colours['--pf-rejected']!;
  if (tone === 'taken') return colours['--pf-approved']!;
  return colours['--pf-line']!;
}

/** The chart drawn from the server's flow: nodes where the admin placed them, the path taken in colour, the rest quiet. */
export function FlowCanvas({ chart }: { chart: DemandFlowChart }) {
  const colours = useChartColours();
  const { token } = theme.useToken();
  // The canvas, its controls and edge labels follow the page's light or dark appearance.
  const colorMode = new FastColor(token.colorBgContainer).isDark() ? 'dark' : 'light';
  const { nodes, edges, height } = useMemo(() => {
    const orientation = orientationOf(chart.nodes);
    const positions = spreadPositions(chart.nodes);
    const byId = new Map(chart.nodes.map((n) => [n.id, n]));
    const flowNodes: FlowNode[] = chart.nodes.map((n) => ({
      id: n.id,
      type: 'proposalStep',
      position: positions.get(n.id)!,
      data: { node: n, orientation, line: nodeLine(n, chart) },
      draggable: false,
      selectable: false,
      connectable: false,
    }));
    const flowEdges: Edge[] = chart.edges.map((e) => {
      const tone = edgeTone(e, byId);
      const colour = edgeColour(tone, colours as Record<string, string>);
      return {
        id: e.id,
        source: e.source,
        target: e.target,
        type: 'smoothstep',
        label: e.label ?? undefined,
        animated: tone === 'current',
        className: `proposal-flow-edge edge-${tone}`,
        style: { stroke: colour, strokeWidth: tone === 'idle' ? 1.5 : 2.5, strokeDasharray: tone === 'idle' ? '6 4' : undefined },
        markerEnd: { type: MarkerType.ArrowClosed, color: colour, width: 16, height: 16 },
        labelBgPadding: [6, 2] as [number, number],
        labelBgBorderRadius: 4,
        labelStyle: { fontSize: 12, fill: tone === 'idle' ? token.colorTextSecondary : colours['--pf-approved'] },
        labelBgStyle: { fill: token.colorBgContainer },
        data: { taken: e.taken },
      };
    });
    const maxY = Math.max(0, ...[...positions.values()].map((p) => p.y)) + NODE_SIZE.height;
    return { nodes: flowNodes, edges: flowEdges, height: Math.min(820, Math.max(280, maxY + 72)) };
  }, [chart, colours, token]);

  return (
    <div className="proposal-flow-canvas" style={{ ...colours, height }} data-testid="flow-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        colorMode={colorMode}
        fitView
        fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
        minZoom={0.3}
        maxZoom={1.5}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        zoomOnScroll={false}
        preventScrolling={false}
        // A node handler makes read-only nodes answer the pointer (xyflow turns it off otherwise): hovering shows the decisions.
        onNodeMouseEnter={keepPointer}
      >
        <Background gap={20} size={1} />
        <Controls showInteractive={false} position="bottom-left" />
      </ReactFlow>
    </div>
  );
}

/** The nodes the round went through, in order: who decided what, when, and with what comment. */
function PathList({ chart }: { chart: DemandFlowChart }) {
  const nodes = pathNodes(chart);
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未提交，暂无走过的节点" />;
  const colourOf = (n: ChartNode) =>
    n.state === 'approved' || n.state === 'passed' ? 'green' : n.state === 'rejected' ? 'red' : n.state === 'waiting' ? 'orange' : 'gray';
  return (
    <Timeline
      className="proposal-path-list"
      data-testid="flow-path"
      items={nodes.map((n) => ({
        key: n.id,
        color: colourOf(n),
        children: <NodeDetails node={n} />,
      }))}
    />
  );
}

const LEGEND: Array<{ tone: string; title: string }> = [
  { tone: 'approved', title: '通过' },
  { tone: 'rejected', title: '驳回' },
  { tone: 'waiting', title: '审批中' },
  { tone: 'done', title: '已经过' },
  { tone: 'idle', title: '未到达' },
  { tone: 'skipped', title: '未走此支' },
];

/**
 * The approval flow of a proposal (demand.demandFlowChart), read-only: the chart with each node in its
 * state's colour and the path taken highlighted, a round picker when it was submitted more than once,
 * and the list of the path's nodes with approvers, decisions, times and comments.
 */
export function ProposalFlowChart({ demandId, sideList = true }: ProposalFlowChartProps) {
  const id = Number(demandId);
  const [round, setRound] = useState<number | null>(null);
  const body = id > 0 ? (round ? { id, round } : { id }) : null;
  const { data, error, isLoading } = useOperation('demand.demandFlowChart', body);
  const colours = useChartColours();
  if (!(id > 0)) return null;
  if (error) return <Alert type="error" showIcon message={error.message} />;
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const rounds = Array.from({ length: data.rounds }, (_, i) => i + 1);
  return (
    <div className="proposal-flow" data-testid="proposal-flow" data-round={data.round}>
      <div className="proposal-flow-toolbar">
        <div className="proposal-flow-legend" style={colours}>
          {LEGEND.map((l) => (
            <span key={l.tone} className={`proposal-legend-item tone-${l.tone}`}>
              <i />
              {l.title}
            </span>
          ))}
        </div>
        <Space size={8}>
          {data.round === 0 ? (
            <Typography.Text type="secondary">尚未提交：按当前内容预估的路径</Typography.Text>
          ) : (
            <Tag color={STATE_LOOK[data.state].color}>{`第 ${data.round} 轮 · ${STATE_LOOK[data.state].title}`}</Tag>
          )}
          {rounds.length > 1 && (
            <Segmented
              size="small"
              value={data.round}
              onChange={(value) => setRound(Number(value))}
              options={rounds.map((r) => ({ value: r, label: `第 ${r} 轮` }))}
              aria-label="提交轮次"
            />
          )}
        </Space>
      </div>
      <div className={sideList ? 'proposal-flow-body with-side' : 'proposal-flow-body'}>
        <FlowCanvas chart={data} />
        {sideList && (
          <div className="proposal-flow-side" style={colours}>
            <Typography.Text strong className="proposal-flow-side-title">
              走过的节点
            </Typography.Text>
            <PathList chart={data} />
          </div>
        )}
      </div>
    </div>
  );
}
