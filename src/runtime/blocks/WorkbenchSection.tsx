import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import type { WorkbenchSectionProps, WorkQueue } from '../../generated/types.js';
import { useNamedOperation } from '../useOperation.js';
import { RouterLink } from '../components/RouterLink.js';
import { DEADLINE_TAG_COLOR, deadlineStatusIn } from '../components/deadlineStatus.js';

/**
 * One kind of work on the workbench: how many there are, the few whose deadline comes first, and a
 * link to the list filtered to exactly them. What the work is comes from the operation (a WorkQueue).
 */
export function WorkbenchSection({ title, operation, body, link, linkText = '查看全部', emptyText = '暂无需要处理的事项' }: WorkbenchSectionProps) {
  const { data, error, isLoading, mutate } = useNamedOperation<WorkQueue>(operation, body ?? {});
  const count = data?.count ?? 0;
  // A failed call is not "nothing to do": say so, and offer to ask again.
  const empty = error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未能读取，请稍后重试">
      <Button size="small" onClick={() => void mutate()}>
        重试
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
  );
  return (
    <Card
      size="small"
      className="ipm-workbench-section"
      title={title}
      extra={
        <RouterLink to={link}>
          {linkText} <RightOutlined />
        </RouterLink>
      }
    >
      <div className="ipm-workbench-section-summary">
        <RouterLink to={link}>
          <span className="ipm-workbench-section-count" data-testid="workbench-section-count">
            {isLoading ? '…' : error ? '—' : count}
          </span>{' '}
          件
        </RouterLink>
        {data?.note && <Typography.Text type="secondary">{data.note}</Typography.Text>}
      </div>
      <List
        size="small"
        loading={isLoading}
        dataSource={data?.items ?? []}
        locale={{ emptyText: empty }}
        renderItem={(item) => {
          const status = deadlineStatusIn(item.daysLeft);
          return (
            <List.Item
              key={item.id}
              extra={
                <Tag color={DEADLINE_TAG_COLOR[status.tone]} bordered={false}>
                  {status.text}
                </Tag>
              }
            >
              <List.Item.Meta
                title={<RouterLink to={item.link}>{item.title}</RouterLink>}
                description={
                  <Space size={4} wrap split={<span aria-hidden>·</span>}>
                    <span>{item.description}</span>
                    <span>
                      {item.dateLabel} {item.date}
                    </span>
                  </Space>
                }
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
