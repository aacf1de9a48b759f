import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import type { CaseStage } from '../../generated/types.js';
import { DEADLINE_TAG_COLOR, deadlineStatus } from '../../runtime/components/deadlineStatus.js';

const STATE: Record<CaseStage['state'], { text: string; color: string }> = {
  done: { text: '已完成', color: 'success' },
  current: { text: '当前', color: 'processing' },
  waiting: { text: '未到', color: 'default' },
};

const day = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD') : '--');

/** Whether a stage ran past its deadline: the current one by today, a finished one by when it was left. */
export function isOverdue(stage: CaseStage, today: string): boolean {
  if (!stage.deadline) return false;
  if (stage.state === 'current') return stage.deadline < today;
  if (stage.state === 'done' && stage.leftAt) return stage.deadline < day(stage.leftAt);
  return false;
}

/** The stages of a case's type: which are done, the current one, when each was entered and its deadline (overdue in red). */
export function CaseStages({ stages }: { stages: CaseStage[] }) {
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Table<CaseStage>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={stages}
      data-testid="case-stages"
      rowClassName={(s) => [s.state === 'current' ? 'case-stage-current' : '', isOverdue(s, today) ? 'case-stage-overdue' : ''].join(' ')}
      locale={{ emptyText: '暂无数据' }}
      columns={[
        { title: '阶段', dataIndex: 'title' },
        { title: '进度', dataIndex: 'state', width: 90, render: (s: CaseStage['state']) => <Tag color={STATE[s].color}>{STATE[s].text}</Tag> },
        { title: '进入日期', dataIndex: 'enteredAt', width: 120, render: day },
        {
          title: '办理期限',
          dataIndex: 'deadline',
          width: 200,
          render: (deadline: string | null, stage) => {
            if (!deadline) return stage.deadlineDays ? `进入后 ${stage.deadlineDays} 天` : '--';
            const status = stage.state === 'current' ? deadlineStatus(deadline, today) : null;
            return (
              <span className={isOverdue(stage, today) ? 'case-overdue' : undefined}>
                {deadline}
                {status && (
                  <Tag style={{ marginLeft: 8 }} color={DEADLINE_TAG_COLOR[status.tone]}>
                    {status.text}
                  </Tag>
                )}
              </span>
            );
          },
        },
        { title: '完成日期', dataIndex: 'leftAt', width: 120, render: day },
      ]}
    />
  );
}
