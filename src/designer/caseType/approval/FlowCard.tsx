import { memo, type CSSProperties } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { theme, Tooltip } from 'antd';
import { AuditOutlined, BranchesOutlined, ExclamationCircleFilled, SendOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import type { FlowNode, FlowNodeType } from '../../../shared/approvalFlow/flowModel.js';

export interface CardData extends Record<string, unknown> {
  node: FlowNode;
  /** Who the node names, in words; empty when nobody is set yet. */
  who: string;
  problems: string[];
}

export type CardNode = Node<CardData, 'card'>;

const TYPE_TEXT: Record<FlowNodeType, string> = { start: '发起人', approver: '审批人', copy: '抄送人', condition: '条件分支', end: '结束' };

const ICONS: Record<FlowNodeType, typeof UserOutlined> = {
  start: UserOutlined,
  approver: AuditOutlined,
  copy: SendOutlined,
  condition: BranchesOutlined,
  end: StopOutlined,
};

/** A node of the approval flow drawn as approval designers draw it: a card with a coloured head for people, a pill for a fork and the end. */
function FlowCardView({ data, selected }: NodeProps<CardNode>) {
  const { token } = theme.useToken();
  const { node, who, problems } = data;
  const Icon = ICONS[node.type];
  const accent: Record<FlowNodeType, string> = {
    start: token.colorTextSecondary,
    approver: token.colorPrimary,
    copy: token.colorInfo,
    condition: token.colorSuccess,
    end: token.colorTextSecondary,
  };
  const style = {
    '--ipm-flow-accent': accent[node.type],
    '--ipm-flow-on-accent': token.colorTextLightSolid,
    '--ipm-flow-selected': token.colorPrimary,
    '--ipm-flow-error': token.colorError,
    '--ipm-flow-card': token.colorBgContainer,
  } as CSSProperties;
  const classes = ['ipm-flow-card', `ipm-flow-card-${node.type}`, selected ? 'is-selected' : '', problems.length ? 'has-problem' : '']
    .filter(Boolean)
    .join(' ');
  const mark =
    problems.length > 0 ? (
      <Tooltip
        title={problems.map((p) => (
          <div key={p}>{p}</div>
        ))}
      >
        <ExclamationCircleFilled className="ipm-flow-card-problem" aria-label={`${problems.length} 处问题`} />
      </Tooltip>
    ) : null;
  const label = `${TYPE_TEXT[node.type]}节点 ${node.name}`;

  if (node.type === 'condition' || node.type === 'end') {
    return (
      <div className={classes} style={style} data-testid={`flow-node-${node.id}`} aria-label={label}>
        <Handle type="target" position={Position.Top} />
        <Icon className="ipm-flow-pill-icon" />
        <span className="ipm-flow-pill-text">{node.type === 'end' ? node.name || '结束' : node.name || '条件分支'}</span>
        {mark}
        {node.type === 'condition' && <Handle type="source" position={Position.Bottom} />}
      </div>
    );
  }

  const mode = node.type === 'approver' ? (node.mode === 'all' ? '会签' : '或签') : undefined;
  const remind = node.type === 'approver' && node.remindAfterHours ? `${node.remindAfterHours} 小时未处理催办` : undefined;
  const empty = node.type === 'approver' ? '请设置审批人' : node.type === 'copy' ? '请设置抄送人' : '';
  return (
    <div className={classes} style={style} data-testid={`flow-node-${node.id}`} aria-label={label}>
      {node.type !== 'start' && <Handle type="target" position={Position.Top} />}
      <div className="ipm-flow-card-head">
        <Icon />
        <span className="ipm-flow-card-title">{node.name || TYPE_TEXT[node.type]}</span>
        {mode && <span className="ipm-flow-card-mode">{mode}</span>}
        {mark}
      </div>
      <div className="ipm-flow-card-body">
        {node.type === 'start' ? (
          <span className="ipm-flow-card-who">提交提案的人</span>
        ) : who ? (
          <span className="ipm-flow-card-who" title={who}>
            {who}
          </span>
        ) : (
          <span className="ipm-flow-card-who is-empty">{empty}</span>
        )}
        <span className="ipm-flow-card-meta">
          {node.type === 'start' ? '发起提案后进入审批' : (remind ?? (node.type === 'copy' ? '流程经过时通知，可查看与评论' : '未设置超时催办'))}
        </span>
      </div>
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}

export const FlowCard = memo(FlowCardView);
