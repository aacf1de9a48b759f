import { Empty, Skeleton, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useOperation } from '../../runtime/useOperation.js';

/** What happened on a case, by whom and when, newest first (the latest 100). */
export function CaseTrends({ caseNo }: { caseNo: string }) {
  const { data, isLoading } = useOperation('caseManage.getTrendsList', { caseNo, pageNo: 1, pageSize: 100 });
  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!data?.list.length) return <Empty description="暂无动态" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="case-trends"
      items={data.list.map((t) => ({
        key: t.id,
        children: (
          <div className="case-trend">
            <Typography.Text strong>{t.actionTitle}</Typography.Text>
            <span className="case-trend-content">{t.content}</span>
            <Typography.Text type="secondary" className="case-trend-meta">
              {t.userName || '系统'} · {dayjs(t.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
