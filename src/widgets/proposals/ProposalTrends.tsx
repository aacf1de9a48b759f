import { Empty, Skeleton, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useOperation } from '../../runtime/useOperation.js';

/** What happened on a proposal, by whom and when, newest first (the latest 100). */
export function ProposalTrends({ demandId }: { demandId: number }) {
  const { data, isLoading } = useOperation('demand.demandTrends', { id: demandId, pageNo: 1, pageSize: 100 });
  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!data?.list.length) return <Empty description="暂无动态" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="proposal-trends"
      items={data.list.map((t) => ({
        key: t.id,
        children: (
          <div className="proposal-trend">
            <Typography.Text strong>{t.actionTitle}</Typography.Text>
            {t.content && <span className="proposal-comment-text">{t.content}</span>}
            <Typography.Text type="secondary" className="proposal-trend-meta">
              {t.userName || '系统'} · {dayjs(t.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
