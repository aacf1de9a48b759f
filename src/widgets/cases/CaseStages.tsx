import { Steps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { CaseStage } from '../../generated/types.js';
import { DEADLINE_TAG_COLOR, deadlineStatus } from '../../runtime/components/deadlineStatus.js';

const STATE_TEXT: Record<CaseStage['state'], string> = { done: '已完成', current: '当前', waiting: '未到' };

/** A stage before the current one that the case never entered (a refusal it did not get): passed over, not done. */
const skipped = (stage: CaseStage) => stage.state === 'done' && !stage.enteredAt;

const day = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD') : '');

/** Whether a stage ran past its deadline: the current one by today, a finished one by when it was left. */
export function isOverdue(stage: CaseStage, today: string): boolean {
  if (!stage.deadline) return false;
  if (stage.state === 'current') return stage.deadline < today;
  if (stage.state === 'done' && stage.leftAt) return stage.deadline < day(stage.leftAt);
  return false;
}

function StageDates({ stage, today }: { stage: CaseStage; today: string }) {
  const overdue = isOverdue(stage, today);
  const status = stage.state === 'current' && stage.deadline ? deadlineStatus(stage.deadline, today) : null;
  const parts = [stage.enteredAt ? `进入 ${day(stage.enteredAt)}` : '', stage.leftAt ? `完成 ${day(stage.leftAt)}` : ''].filter(Boolean);
  return (
    <div className="case-stage-dates">
      {parts.length > 0 && <Typography.Text type="secondary">{parts.join(' · ')}</Typography.Text>}
      {stage.deadline ? (
        <div className={overdue ? 'case-overdue' : undefined}>
          期限 {stage.deadline}
          {status && (
            <Tag style={{ marginLeft: 8 }} color={DEADLINE_TAG_COLOR[status.tone]}>
              {status.text}
            </Tag>
          )}
          {overdue && !status && <Tag color="error">逾期完成</Tag>}
        </div>
      ) : (
        stage.deadlineDays && stage.state === 'waiting' && <Typography.Text type="secondary">进入后 {stage.deadlineDays} 天内办理</Typography.Text>
      )}
    </div>
  );
}

/** The stages of a case's type: which are done, the current one, when each was entered and left, and its deadline (overdue in red). */
export function CaseStages({ stages }: { stages: CaseStage[] }) {
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Steps
      direction="vertical"
      size="small"
      data-testid="case-stages"
      current={Math.max(
        0,
        stages.findIndex((s) => s.state === 'current'),
      )}
      items={stages.map((stage) => ({
        key: stage.key,
        status: skipped(stage)
          ? 'wait'
          : stage.state === 'done'
            ? 'finish'
            : stage.state === 'current'
              ? isOverdue(stage, today)
                ? 'error'
                : 'process'
              : 'wait',
        title: (
          <span className="case-stage" data-state={skipped(stage) ? 'skipped' : stage.state}>
            {stage.title}
            <Typography.Text type="secondary" className="case-stage-state">
              {skipped(stage) ? '未经过' : STATE_TEXT[stage.state]}
            </Typography.Text>
          </span>
        ),
        description: <StageDates stage={stage} today={today} />,
      }))}
    />
  );
}
