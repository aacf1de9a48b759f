import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Background, BackgroundVariant, Controls, Panel, ReactFlow, ReactFlowProvider, useReactFlow, type Connection, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button, Divider, theme, Tooltip } from 'antd';
import { ApartmentOutlined, AuditOutlined, BranchesOutlined, ExpandOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import type { ApprovalFlow, FlowPosition } from '../../../shared/approvalFlow/flowModel.js';
import type { FlowProblem } from '../../../shared/approvalFlow/flowProblems.js';
import type { FormField } from '../../../shared/approvalFlow/formFields.js';
import { FlowCard, type CardNode } from './FlowCard.js';
import { ConnectorActionsContext, ConnectorMarkers, FlowConnector, type ConnectorActions, type ConnectorEdge } from './FlowConnector.js';
import { routeConnector, type Box } from './connectorRoute.js';
import { addAfter, arrange, canConnect, connect, insertOnEdge, moveNodes, sizeOf, type AddableType, type Edited } from './flowEdits.js';
import { conditionsText, peopleText, type PeopleNames } from './flowText.js';

export type Selection = { kind: 'node' | 'edge'; id: string } | null;

export interface FlowCanvasProps {
  flow: ApprovalFlow;
  problems: FlowProblem[];
  fields: FormField[];
  names: PeopleNames;
  selection: Selection;
  onSelect(selection: Selection): void;
  /** A changed flow; `coalesce` names edits that make one undo step together. */
  onChange(flow: ApprovalFlow): void;
}

const nodeTypes = { card: FlowCard };
/** The canvas's words for screen readers and its controls, in Chinese. */
const ARIA_LABELS = {
  'node.a11yDescription.default': '按回车或空格选中节点，按 Delete 删除，按 Esc 取消。',
  'node.a11yDescription.keyboardDisabled': '按回车或空格选中节点，再用方向键移动它；按 Delete 删除，按 Esc 取消。',
  'node.a11yDescription.ariaLiveMessage': ({ x, y }: { direction: string; x: number; y: number }) => `节点已移动到 x ${x}，y ${y}`,
  'edge.a11yDescription.default': '按回车或空格选中连线，按 Delete 删除，按 Esc 取消。',
  'controls.ariaLabel': '画布控制',
  'controls.zoomIn.ariaLabel': '放大',
  'controls.zoomOut.ariaLabel': '缩小',
  'controls.fitView.ariaLabel': '适应画布',
  'controls.interactive.ariaLabel': '锁定画布',
  'minimap.ariaLabel': '缩略图',
  'handle.ariaLabel': '连接点',
};
const edgeTypes = { connector: FlowConnector };
const DRAG_TYPE = 'application/x-ipm-flow-node';
const NODE_WORDS = { start: '发起人', approver: '审批人', copy: '抄送人', condition: '条件分支', end: '结束' } as const;

const PALETTE: { type: AddableType; label: string; icon: typeof AuditOutlined }[] = [
  { type: 'approver', label: '审批人', icon: AuditOutlined },
  { type: 'copy', label: '抄送人', icon: SendOutlined },
  { type: 'condition', label: '条件分支', icon: BranchesOutlined },
  { type: 'end', label: '结束', icon: StopOutlined },
];

/** The approval flow drawn on a canvas: cards, connectors with their branches, a palette, and what is dragged or drawn there. */
export function FlowCanvas(props: FlowCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

function Canvas({ flow, problems, fields, names, selection, onSelect, onChange }: FlowCanvasProps) {
  const { token } = theme.useToken();
  const { screenToFlowPosition, fitView } = useReactFlow();
  const wrapper = useRef<HTMLDivElement>(null);
  // Positions while a card is dragged; written into the flow when it is let go.
  const [dragged, setDragged] = useState<Map<string, FlowPosition>>(new Map());
  const [fitPending, setFitPending] = useState(false);

  const positioned = useMemo(() => moveNodes(flow, dragged), [flow, dragged]);
  const problemsOf = (nodeId: string) => problems.filter((p) => p.nodeId === nodeId && !p.edgeId).map((p) => p.message);

  const nodes: CardNode[] = useMemo(
    () =>
      positioned.nodes.map((node) => {
        const size = sizeOf(node);
        const who = node.type === 'approver' ? peopleText(node.approvers, names) : node.type === 'copy' ? peopleText(node.recipients, names) : '';
        return {
          id: node.id,
          type: 'card',
          position: node.position,
          width: size.width,
          height: size.height,
          data: { node, who, problems: problemsOf(node.id) },
          selected: selection?.kind === 'node' && selection.id === node.id,
          deletable: false,
          ariaLabel: `${node.name}（${NODE_WORDS[node.type]}）`,
        };
      }),
    [positioned, names, problems, selection], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const markers = [
    { id: 'ipm-flow-arrow', colour: token.colorTextQuaternary },
    { id: 'ipm-flow-arrow-selected', colour: token.colorPrimary },
    { id: 'ipm-flow-arrow-problem', colour: token.colorError },
  ];

  const edges: ConnectorEdge[] = useMemo(() => {
    const boxes = new Map<string, Box>(positioned.nodes.map((n) => [n.id, { id: n.id, ...n.position, ...sizeOf(n) }]));
    const byId = new Map(positioned.nodes.map((n) => [n.id, n]));
    const order = new Map<string, number>();
    return positioned.edges
      .filter((e) => boxes.has(e.source) && boxes.has(e.target))
      .map((edge) => {
        const s = boxes.get(edge.source)!;
        const t = boxes.get(edge.target)!;
        const fromFork = byId.get(edge.source)?.type === 'condition';
        const others = [...boxes.values()].filter((b) => b.id !== s.id && b.id !== t.id);
        const route = routeConnector({ x: s.x + s.width / 2, y: s.y + s.height }, { x: t.x + t.width / 2, y: t.y }, fromFork, others, [s, t]);
        const problem = problems.some((p) => p.edgeId === edge.id);
        const selected = selection?.kind === 'edge' && selection.id === edge.id;
        const n = (order.get(edge.source) ?? 0) + 1;
        order.set(edge.source, n);
        return {
          id: edge.id,
          type: 'connector',
          source: edge.source,
          target: edge.target,
          selected,
          deletable: false,
          ariaLabel: `连线：${byId.get(edge.source)?.name ?? edge.source} → ${byId.get(edge.target)?.name ?? edge.target}`,
          data: {
            route,
            problem,
            marker: problem ? 'ipm-flow-arrow-problem' : selected ? 'ipm-flow-arrow-selected' : 'ipm-flow-arrow',
            branch: fromFork
              ? { label: edge.label ?? '', detail: conditionsText(edge.conditions ?? [], fields), isDefault: edge.isDefault === true, order: n }
              : undefined,
          },
        };
      });
  }, [positioned, problems, selection, fields]);

  const apply = ({ flow: next, select }: Edited) => {
    if (next !== flow) onChange(next);
    if (select) onSelect(select);
  };

  const actions: ConnectorActions = useMemo(
    () => ({
      insert: (edgeId, type) => {
        apply(insertOnEdge(flow, edgeId, type));
        setFitPending(true);
      },
      select: (edgeId) => onSelect({ kind: 'edge', id: edgeId }),
    }),
    [flow, onSelect], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // After an automatic arrangement the whole flow is brought into view, once it is drawn.
  useEffect(() => {
    if (!fitPending) return;
    const frame = requestAnimationFrame(() => {
      void fitView({ padding: 0.15, maxZoom: 1, duration: 200 });
      setFitPending(false);
    });
    return () => cancelAnimationFrame(frame);
  }, [fitPending, fitView]);

  const onNodesChange = (changes: NodeChange<CardNode>[]) => {
    const moves = changes.filter((c) => c.type === 'position' && c.position);
    if (moves.length === 0) return;
    setDragged((current) => {
      const next = new Map(current);
      for (const c of moves) if (c.type === 'position' && c.position) next.set(c.id, { x: Math.round(c.position.x), y: Math.round(c.position.y) });
      return next;
    });
  };

  const onDragStop = () => {
    if (dragged.size > 0) onChange(moveNodes(flow, dragged));
    setDragged(new Map());
  };

  const freeSpot = (): FlowPosition => {
    const rect = wrapper.current?.getBoundingClientRect();
    return rect ? screenToFlowPosition({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 3 }) : { x: 0, y: 0 };
  };

  const addFromPalette = (type: AddableType) => {
    const edited = addAfter(flow, selection?.kind === 'node' ? selection.id : undefined, type, freeSpot());
    apply(edited);
    if (edited.flow.nodes.some((n, i) => flow.nodes[i] && n.position !== flow.nodes[i].position)) setFitPending(true);
  };

  const onDrop = (e: DragEvent) => {
    const type = e.dataTransfer.getData(DRAG_TYPE) as AddableType;
    if (!PALETTE.some((p) => p.type === type)) return;
    e.preventDefault();
    const at = screenToFlowPosition({ x: e.clientX, y: e.clientY });
    const size = sizeOf({ type });
    apply(addAfter(flow, undefined, type, { x: Math.round(at.x - size.width / 2), y: Math.round(at.y - size.height / 2) }));
  };

  const onConnect = (c: Connection) => apply(connect(flow, c.source, c.target));

  return (
    <ConnectorActionsContext.Provider value={actions}>
      <div
        className="ipm-flow-canvas"
        ref={wrapper}
        aria-label="审批流程画布"
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes(DRAG_TYPE)) {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
          }
        }}
        onDrop={onDrop}
      >
        <ConnectorMarkers markers={markers} />
        <ReactFlow<CardNode, ConnectorEdge>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          onNodesChange={onNodesChange}
          onNodeDragStop={onDragStop}
          onNodeClick={(_e, node) => onSelect({ kind: 'node', id: node.id })}
          onEdgeClick={(_e, edge) => onSelect({ kind: 'edge', id: edge.id })}
          onPaneClick={() => onSelect(null)}
          onConnect={onConnect}
          isValidConnection={(c) => canConnect(flow, c.source, c.target)}
          connectionLineStyle={{ stroke: token.colorPrimary, strokeWidth: 2 }}
          deleteKeyCode={null}
          multiSelectionKeyCode={null}
          selectionKeyCode={null}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
          minZoom={0.3}
          maxZoom={1.6}
          proOptions={{ hideAttribution: true }}
          ariaLabelConfig={ARIA_LABELS}
        >
          <Background variant={BackgroundVariant.Dots} gap={18} size={1.2} color={token.colorBorder} />
          <Controls showInteractive={false} position="bottom-left" />
          <Panel position="top-left" className="ipm-flow-palette">
            <div className="ipm-flow-palette-title">添加节点</div>
            {PALETTE.map(({ type, label, icon: Icon }) => (
              <Tooltip key={type} placement="right" title={`加在所选节点之后；也可拖到画布上`}>
                <Button
                  block
                  icon={<Icon />}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData(DRAG_TYPE, type);
                    e.dataTransfer.effectAllowed = 'copy';
                  }}
                  onClick={() => addFromPalette(type)}
                  aria-label={`添加${label}`}
                >
                  {label}
                </Button>
              </Tooltip>
            ))}
            <Divider style={{ margin: '6px 0' }} />
            <Tooltip placement="right" title="自上而下重新排列全部节点">
              <Button
                block
                icon={<ApartmentOutlined />}
                onClick={() => {
                  onChange(arrange(flow));
                  setFitPending(true);
                }}
              >
                自动排列
              </Button>
            </Tooltip>
            <Button block icon={<ExpandOutlined />} onClick={() => void fitView({ padding: 0.15, maxZoom: 1, duration: 200 })}>
              适应画布
            </Button>
          </Panel>
        </ReactFlow>
      </div>
    </ConnectorActionsContext.Provider>
  );
}
