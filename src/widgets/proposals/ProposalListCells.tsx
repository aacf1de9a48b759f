import type { MouseEvent } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ProposalCurrentStepProps, ProposalOpenLinkProps, ProposalStateTagProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { STATE_LOOK, isProposalState, proposalPath } from './proposalLook.js';
import './proposals.css';

export function StateTag({ state }: { state: string }) {
  if (!isProposalState(state)) return <Tag bordered={false}>{state || '--'}</Tag>;
  const look = STATE_LOOK[state];
  return (
    <Tag color={look.color} bordered={false} className="proposal-state-tag" data-state={state}>
      {look.title}
    </Tag>
  );
}

/** A proposal list row's state as a coloured tag. */
export function ProposalStateTag({ record }: ProposalStateTagProps) {
  if (!record) return null;
  return <StateTag state={String(record.state ?? '')} />;
}

/** A proposal list row's number as a link to its page, or 查看. */
export function ProposalOpenLink({ record, link }: ProposalOpenLinkProps) {
  const runtime = useRuntime();
  const id = Number(record?.id);
  if (!(id > 0)) return null;
  const path = proposalPath(id);
  const open = (event: MouseEvent) => {
    event.preventDefault();
    runtime.navigate(path);
  };
  return (
    <Typography.Link href={path} onClick={open} style={link ? undefined : { marginInlineEnd: 12 }}>
      {link ? String(record?.demandNo ?? id) : '查看'}
    </Typography.Link>
  );
}

interface Person {
  id: number;
  name: string;
}

/** Where an approving proposal waits: the step's name and its approvers, marked when the signed-in user is one of them. */
export function ProposalCurrentStep({ record }: ProposalCurrentStepProps) {
  if (!record || record.state !== 'approving') return <Typography.Text type="secondary">--</Typography.Text>;
  const nodes = Array.isArray(record.currentNodes) ? (record.currentNodes as string[]) : [];
  const approvers = Array.isArray(record.currentApprovers) ? (record.currentApprovers as Person[]) : [];
  const names = approvers.map((a) => a.name).join('、');
  return (
    <Space size={4} wrap className="proposal-current-step">
      <Tooltip title={names ? `审批人：${names}` : undefined}>
        <span>
          {nodes.join('、') || '审批中'}
          {names && <Typography.Text type="secondary">{` · ${names}`}</Typography.Text>}
        </span>
      </Tooltip>
      {record.mineToApprove === true && (
        <Tag color="orange" bordered={false}>
          待我审批
        </Tag>
      )}
    </Space>
  );
}
