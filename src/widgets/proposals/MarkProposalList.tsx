import { useState } from 'react';
import { Card, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DemandSummary, MarkProposalListProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { NewProposalButton } from './NewProposalButton.js';
import './proposals.css';
import { ProposalCurrentStep, StateTag } from './ProposalListCells.js';
import { proposalPath } from './proposalLook.js';

const PAGE_SIZE = 10;

/** The proposals about one archive mark that the user may see, latest first, with 新建提案 already linked to the mark. */
export function MarkProposalList({ brandId }: MarkProposalListProps) {
  const runtime = useRuntime();
  const id = Number(brandId);
  const allowed = runtime.permissions.has('demand');
  const [pageNo, setPageNo] = useState(1);
  const { data, isLoading } = useOperation('demand.queryByTmInfo', allowed && id > 0 ? { brandId: id, pageNo, pageSize: PAGE_SIZE } : null);
  if (!allowed || !(id > 0)) return null;
  const open = (row: DemandSummary) => runtime.navigate(proposalPath(row.id));
  return (
    <Card title={`提案（${data?.count ?? 0}）`} size="small" extra={<NewProposalButton brandId={id} size="small" />} data-testid="mark-proposals">
      <Table<DemandSummary>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={
          (data?.count ?? 0) > PAGE_SIZE
            ? { current: pageNo, pageSize: PAGE_SIZE, total: data?.count ?? 0, onChange: setPageNo, showSizeChanger: false }
            : false
        }
        locale={{ emptyText: <Typography.Text type="secondary">该商标暂无提案</Typography.Text> }}
        columns={[
          {
            title: '提案编号',
            dataIndex: 'demandNo',
            width: 140,
            render: (no: string, row) => (
              <Typography.Link
                href={proposalPath(row.id)}
                onClick={(e) => {
                  e.preventDefault();
                  open(row);
                }}
              >
                {no}
              </Typography.Link>
            ),
          },
          { title: '提案标题', dataIndex: 'title', ellipsis: true },
          { title: '提案类型', dataIndex: 'typeTitle', width: 130 },
          { title: '状态', dataIndex: 'state', width: 90, render: (state: string) => <StateTag state={state} /> },
          {
            title: '当前节点',
            key: 'current',
            width: 200,
            render: (_, row) => <ProposalCurrentStep record={row as unknown as Record<string, unknown>} />,
          },
          { title: '发起人', dataIndex: 'submitterName', width: 90 },
          { title: '更新时间', dataIndex: 'updatedAt', width: 140, render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm') },
        ]}
      />
    </Card>
  );
}
