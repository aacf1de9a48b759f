import { Empty, Space, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DemandApprover } from '../../generated/types.js';
import { DECISION_LOOK } from './proposalLook.js';

const at = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

const DOT: Record<DemandApprover['decision'], string> = {
  pending: 'blue',
  approved: 'green',
  rejected: 'red',
  reassigned: 'purple',
  notNeeded: 'gray',
};

/** Every decision on the proposal, round by round, the latest round first: who, at which step, what, when and with what comment. */
export function ProposalDecisions({ decisions }: { decisions: DemandApprover[] }) {
  if (!decisions.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未提交审批" />;
  const rounds = [...new Set(decisions.map((d) => d.round))].sort((a, b) => b - a);
  return (
    <div data-testid="proposal-decisions">
      {rounds.map((round) => (
        <section key={round} className="proposal-round" data-round={round}>
          <Typography.Text type="secondary" className="proposal-round-title">
            第 {round} 轮
          </Typography.Text>
          <Timeline
            items={decisions
              .filter((d) => d.round === round)
              .map((d) => ({
                key: d.id,
                color: DOT[d.decision],
                children: (
                  <div className="proposal-decision" data-decision={d.decision}>
                    <Space size={6} wrap>
                      <Typography.Text strong>{d.userName}</Typography.Text>
                      <Tag color={DECISION_LOOK[d.decision].color} bordered={false}>
                        {DECISION_LOOK[d.decision].title}
                      </Tag>
                      {d.toAdmins && (
                        <Tag color="orange" bordered={false}>
                          转交管理员
                        </Tag>
                      )}
                    </Space>
                    <div className="proposal-decision-meta">
                      {d.nodeName}
                      {d.decidedAt ? ` · ${at(d.decidedAt)}` : ''}
                    </div>
                    {d.reassignedFromName && (
                      <div className="proposal-decision-meta">
                        由 {d.reassignedFromName} 转交{d.reassignReason ? `：${d.reassignReason}` : ''}
                      </div>
                    )}
                    {d.decision === 'reassigned' && d.reassignReason && !d.reassignedFromName && (
                      <div className="proposal-decision-meta">转交理由：{d.reassignReason}</div>
                    )}
                    {d.comment && <div className="proposal-approver-comment">{d.comment}</div>}
                  </div>
                ),
              }))}
          />
        </section>
      ))}
    </div>
  );
}
