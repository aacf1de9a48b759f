import { Card, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { CaseSummary, MarkCaseListProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { casePath } from './caseRoutes.js';
import { CaseStatusTag } from './CaseStatusTag.js';
import { NewCaseButton } from './NewCaseButton.js';

/** The cases of one archive mark (as the main mark or among those concerned), newest first, with 新建案件 for it. */
export function MarkCaseList({ brandId }: MarkCaseListProps) {
  const runtime = useRuntime();
  const id = Number(brandId);
  const allowed = runtime.permissions.has('caseManage');
  const { data, isLoading } = useOperation('caseManage.queryByTmInfo', allowed && id > 0 ? { brandId: id } : null);
  const types = useOperation('caseManage.caseTypes', allowed ? {} : null);
  if (!allowed || !(id > 0)) return null;
  const pathOf = (c: CaseSummary) =>
    casePath(
      types.data?.list.find((t) => t.name === c.caseType),
      c.caseNo,
      c.caseType,
    );
  return (
    <Card title={`案件（${data?.list.length ?? 0}）`} size="small" extra={<NewCaseButton brandId={id} />} data-testid="mark-cases">
      <Table<CaseSummary>
        size="small"
        rowKey="caseNo"
        loading={isLoading}
        pagination={false}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">该商标暂无案件</Typography.Text> }}
        columns={[
          {
            title: '案件编号',
            dataIndex: 'caseNo',
            render: (no: string, c) => (
              <Typography.Link
                href={pathOf(c)}
                onClick={(e) => {
                  e.preventDefault();
                  runtime.navigate(pathOf(c));
                }}
              >
                {no}
              </Typography.Link>
            ),
          },
          { title: '案件类型', dataIndex: 'caseTypeTitle' },
          { title: '状态', dataIndex: 'status', render: (_, c) => <CaseStatusTag record={c as unknown as Record<string, unknown>} /> },
          { title: '阶段', dataIndex: 'stageTitle' },
          { title: '阶段期限', dataIndex: 'deadline', render: (d: string | null) => d ?? '--' },
          { title: '申请号', dataIndex: 'appNo', render: (n: string) => n || '--' },
          { title: '更新时间', dataIndex: 'updatedAt', render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm') },
        ]}
      />
    </Card>
  );
}
