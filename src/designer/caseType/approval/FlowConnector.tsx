import { createContext, memo, useContext, type CSSProperties } from 'react';
import { BaseEdge, EdgeLabelRenderer, type Edge, type EdgeProps } from '@xyflow/react';
import { Dropdown, theme } from 'antd';
import { AuditOutlined, BranchesOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { roundedPath, type Route } from './connectorRoute.js';

export interface ConnectorData extends Record<string, unknown> {
  route: Route;
  /** Out of a fork: the branch's label and its tests in words. */
  branch?: { label: string; detail: string; isDefault: boolean; order: number };
  problem: boolean;
  /** The id of the marker drawn at its end, by state. */
  marker: string;
}

export type ConnectorEdge = Edge<ConnectorData, 'connector'>;

/** What a connector can ask of the canvas. */
export interface ConnectorActions {
  insert(edgeId: string, type: 'approver' | 'copy' | 'condition'): void;
  select(edgeId: string): void;
}

export const ConnectorActionsContext = createContext<ConnectorActions>({ insert: () => undefined, select: () => undefined });

const INSERT_ITEMS = [
  { key: 'approver', icon: <AuditOutlined />, label: '审批人' },
  { key: 'copy', icon: <SendOutlined />, label: '抄送人' },
  { key: 'condition', icon: <BranchesOutlined />, label: '条件分支' },
];

/** A connector between two cards: a right-angled line with an arrow, a branch's label, and a button to put a node on it. */
function FlowConnectorView({ id, data, selected }: EdgeProps<ConnectorEdge>) {
  const { token } = theme.useToken();
  const actions = useContext(ConnectorActionsContext);
  if (!data) return null;
  const { route, branch, problem, marker } = data;
  const colour = problem ? token.colorError : selected ? token.colorPrimary : token.colorTextQuaternary;
  const style = {
    '--ipm-flow-accent': token.colorSuccess,
    '--ipm-flow-selected': token.colorPrimary,
    '--ipm-flow-error': token.colorError,
    '--ipm-flow-card': token.colorBgContainer,
    '--ipm-flow-plus': token.colorPrimary,
    '--ipm-flow-on-accent': token.colorTextLightSolid,
  } as CSSProperties;
  const plus = (
    <Dropdown
      trigger={['click']}
      menu={{ items: INSERT_ITEMS, onClick: ({ key }) => actions.insert(id, key as 'approver' | 'copy' | 'condition') }}
      placement="bottom"
    >
      <button type="button" className="ipm-flow-plus nodrag nopan" aria-label={`在连线 ${id} 上添加节点`} title="添加节点">
        <PlusOutlined />
      </button>
    </Dropdown>
  );
  return (
    <>
      <BaseEdge
        id={id}
        path={roundedPath(route.points)}
        markerEnd={`url(#${marker})`}
        style={{ stroke: colour, strokeWidth: selected ? 2.5 : 1.75 }}
        interactionWidth={18}
      />
      <EdgeLabelRenderer>
        {branch ? (
          <div
            className={`ipm-flow-branch nodrag nopan${selected ? ' is-selected' : ''}${problem ? ' has-problem' : ''}`}
            style={{ ...style, transform: `translate(-50%, -50%) translate(${route.labelAt.x}px, ${route.labelAt.y}px)` }}
            data-testid={`flow-branch-${id}`}
          >
            <button type="button" className="ipm-flow-branch-text" onClick={() => actions.select(id)} aria-label={`分支 ${branch.label}`}>
              <span className="ipm-flow-branch-label">{branch.isDefault ? branch.label || '其他情况' : branch.label || `条件 ${branch.order}`}</span>
              <span className={`ipm-flow-branch-detail${!branch.detail && !branch.isDefault ? ' is-empty' : ''}`}>
                {branch.isDefault ? '其余条件都不满足时' : branch.detail || '请设置条件'}
              </span>
            </button>
            {plus}
          </div>
        ) : (
          <div
            className="ipm-flow-plus-at nodrag nopan"
            style={{ ...style, transform: `translate(-50%, -50%) translate(${route.plusAt.x}px, ${route.plusAt.y}px)` }}
          >
            {plus}
          </div>
        )}
      </EdgeLabelRenderer>
    </>
  );
}

export const FlowConnector = memo(FlowConnectorView);

/** Arrowheads for the connectors, one per colour a connector takes. */
export function ConnectorMarkers({ markers }: { markers: { id: string; colour: string }[] }) {
  return (
    <svg style={{ position: 'absolute', width: 0, height: 0 }} aria-hidden>
      <defs>
        {markers.map((m) => (
          <marker key={m.id} id={m.id} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={m.colour} />
          </marker>
        ))}
      </defs>
    </svg>
  );
}
