import { CheckOutlined, ClockCircleOutlined, CloseOutlined, FlagOutlined, SendOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { DemandApprover, DemandFlowChart } from '../../../generated/types.js';
import { AvatarBadge } from '../../../runtime/blocks/AvatarBadge.js';
import { avatarNameOf } from './demandState.js';
import { entryStateTitle, flowTimeline, modeText, type TimelineEntry } from './flowTimeline.js';

const shortTime = (value: string | null) => (value ? dayjs(value).format('MM-DD HH:mm') : '');

const DECISION: Record<DemandApprover['decision'], { title: string; tone: string }> = {
  pending: { title: '审批中', tone: 'm-waiting' },
  approved: { title: '已同意', tone: 'm-approved' },
  rejected: { title: '已驳回', tone: 'm-rejected' },
  reassigned: { title: '已转交', tone: 'm-muted' },
  notNeeded: { title: '无需审批', tone: 'm-muted' },
};

/** The tone of a node: waiting, approved (or passed) or rejected; null while not reached. */
function toneOf(entry: TimelineEntry): 'waiting' | 'approved' | 'rejected' | null {
  if (entry.state === 'waiting') return 'waiting';
  if (entry.state === 'rejected') return 'rejected';
  if (entry.state === 'approved' || entry.state === 'passed') return 'approved';
  return null;
}

function Dot({ entry, submitterName }: { entry: TimelineEntry; submitterName: string }) {
  const tone = toneOf(entry);
  const single = entry.kind === 'start' ? submitterName : entry.kind === 'approver' && entry.approvers.length === 1 ? entry.approvers[0].userName : null;
  const Icon =
    entry.kind === 'copy'
      ? SendOutlined
      : entry.kind === 'end'
        ? FlagOutlined
        : entry.kind === 'approver'
          ? entry.approvers.length > 1
            ? TeamOutlined
            : UserOutlined
          : UserOutlined;
  const Badge = tone === 'waiting' ? ClockCircleOutlined : tone === 'rejected' ? CloseOutlined : CheckOutlined;
  return (
    <span className="m-tl-dot">
      {single && entry.kind !== 'end' ? <AvatarBadge name={avatarNameOf(single)} size={36} /> : <Icon />}
      {tone && (
        <span className={`m-tl-dot-badge m-bg-${tone}`} aria-hidden>
          <Badge />
        </span>
      )}
    </span>
  );
}

function People({ approvers }: { approvers: DemandApprover[] }) {
  return (
    <ul className="m-tl-people">
      {approvers.map((a) => (
        <li key={a.id} className="m-tl-person" data-testid="timeline-approver">
          <span className="m-tl-person-name">{a.userName}</span>
          <span className={`m-tl-state ${DECISION[a.decision].tone}`}>{DECISION[a.decision].title}</span>
          {a.decidedAt && <span className="m-tl-time">{shortTime(a.decidedAt)}</span>}
          {a.reassignedFromName && (
            <span className="m-muted" style={{ width: '100%' }}>
              由{a.reassignedFromName}转交{a.reassignReason ? `：${a.reassignReason}` : ''}
            </span>
          )}
          {a.comment && <div className="m-tl-comment">{a.comment}</div>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The approval flow of one round as a vertical timeline (as phone approval apps draw it): the
 * submitter, each approver node with its people, decisions, times and comments, copy-to nodes and
 * the end; nodes not yet reached are shown ahead in grey.
 */
export function FlowTimeline({ chart, submitterName, submittedAt }: { chart: DemandFlowChart; submitterName: string; submittedAt: string | null }) {
  const entries = flowTimeline(chart);
  return (
    <ol className="m-timeline" data-testid="flow-timeline">
      {entries.map((entry) => {
        const tone = toneOf(entry);
        const mode = entry.kind === 'approver' ? modeText(entry) : null;
        const time = entry.kind === 'start' ? (submittedAt ?? entry.time) : entry.kind === 'approver' ? null : entry.time;
        return (
          <li key={entry.id} className="m-tl-item" data-testid="timeline-node" data-state={entry.state}>
            <div className="m-tl-rail">
              <Dot entry={entry} submitterName={submitterName} />
            </div>
            <div className="m-tl-body">
              <div className="m-tl-head">
                <span className="m-tl-name">{entry.kind === 'start' ? '发起人' : entry.name}</span>
                {time && <span className="m-tl-time">{shortTime(time)}</span>}
              </div>
              <div className="m-tl-sub">
                {entry.kind === 'start' ? (
                  <span>
                    {submitterName}
                    <span className={tone ? ` m-${tone}` : ''}> · {entryStateTitle(entry)}</span>
                  </span>
                ) : (
                  <>
                    <span className={tone ? `m-${tone}` : ''}>{entryStateTitle(entry)}</span>
                    {mode && <span> · {mode}</span>}
                  </>
                )}
              </div>
              {entry.branch && <span className="m-tl-branch">条件：{entry.branch}</span>}
              {entry.toAdmins && <div className="m-muted">审批人未找到，已转由管理员审批</div>}
              {entry.kind === 'approver' && entry.approvers.length > 0 && <People approvers={entry.approvers} />}
              {entry.kind === 'copy' && entry.recipients.length > 0 && (
                <div className="m-tl-sub">
                  抄送 {entry.recipients.length} 人：{entry.recipients.map((r) => r.name).join('、')}
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
