import { Table, Typography } from 'antd';
import type { DemandDetail } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { casePath } from '../cases/index.js';

type CreatedCase = DemandDetail['cases'][number];

/** The cases the approval created, each a link to its case page. */
export function ProposalCases({ cases, state }: { cases: DemandDetail['cases']; state: DemandDetail['state'] }) {
  const runtime = useRuntime();
  const types = useOperation('caseManage.caseTypes', runtime.permissions.has('caseManage') ? {} : null);
  const pathOf = (c: CreatedCase) =>
    casePath(
      types.data?.list.find((t) => t.name === c.caseType),
      c.caseNo,
      c.caseType,
    );
  return (
    <Table<CreatedCase>
      size="small"
      rowKey="caseNo"
      pagination={false}
      dataSource={cases}
      data-testid="proposal-cases"
      locale={{
        emptyText: <Typography.Text type="secondary">{state === 'approved' ? '该提案没有建立案件' : '审批通过后将按提案类型自动建立案件'}</Typography.Text>,
      }}
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
        { title: '国家/地区', dataIndex: 'country', render: (v: string | null) => v || '--' },
        { title: '类别', dataIndex: 'intCls', render: (v: string | null) => (v ? `第${v}类` : '--') },
        { title: '状态', dataIndex: 'statusTitle' },
      ]}
    />
  );
}
