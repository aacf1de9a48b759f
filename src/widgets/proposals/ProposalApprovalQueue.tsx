import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { ProposalApprovalQueueProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { RouterLink } from '../../runtime/components/RouterLink.js';
import { proposalListPath, proposalPath } from './proposalLook.js';
import './proposals.css';

/** Days since a time, in words: 今天, 1 天前… */
function ago(value: string | null): string {
  if (!value) return '';
  const days = dayjs().startOf('day').diff(dayjs(value).startOf('day'), 'day');
  return days <= 0 ? '今天提交' : `${days} 天前提交`;
}

/**
 * 待我审批 on the workbench, laid out as its other sections: how many proposals wait for the user's
 * decision, the few submitted longest ago first in line, and a link to the list on that view.
 */
export function ProposalApprovalQueue({ title = '待我审批', limit = 5 }: ProposalApprovalQueueProps) {
  const { data, error, isLoading, mutate } = useOperation('demand.getDemandList', { view: 'toApprove', state: ['approving'], pageNo: 1, pageSize: limit });
  const link = proposalListPath('toApprove');
  const count = data?.count ?? 0;
  const empty = error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未能读取，请稍后重试">
      <Button size="small" onClick={() => void mutate()}>
        重试
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有等待你审批的提案" />
  );
  return (
    <Card
      size="small"
      className="ipm-workbench-section"
      title={title}
      data-testid="workbench-approvals"
      extra={
        <RouterLink to={link}>
          在提案列表中查看 <RightOutlined />
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
        <Typography.Text type="secondary">审批中、等待你决定的提案</Typography.Text>
      </div>
      <List
        size="small"
        loading={isLoading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: empty }}
        renderItem={(item) => (
          <List.Item
            key={item.id}
            extra={
              <Tag color="orange" bordered={false}>
                {ago(item.submittedAt)}
              </Tag>
            }
          >
            <List.Item.Meta
              title={<RouterLink to={proposalPath(item.id)}>{item.title}</RouterLink>}
              description={
                <Space size={4} wrap split={<span aria-hidden>·</span>}>
                  <span>{item.demandNo}</span>
                  <span>{item.typeTitle}</span>
                  <span>{item.submitterName}</span>
                  {item.currentNodes.length > 0 && <span>{item.currentNodes.join('、')}</span>}
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
