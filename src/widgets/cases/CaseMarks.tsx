import { Table, Tag, Typography } from 'antd';
import type { CaseMark } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';

/** The archive marks a case concerns, its main mark first; each opens the mark's page. */
export function CaseMarks({ marks }: { marks: CaseMark[] }) {
  const runtime = useRuntime();
  return (
    <Table<CaseMark>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...marks].sort((a, b) => Number(b.main) - Number(a.main))}
      locale={{ emptyText: <Typography.Text type="secondary">案件没有关联档案商标</Typography.Text> }}
      columns={[
        {
          title: '商标名称',
          dataIndex: 'tmName',
          render: (name: string, mark) => (
            <>
              <Typography.Link
                href={`/brand/detail?id=${mark.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  runtime.navigate(`/brand/detail?id=${mark.id}`);
                }}
              >
                {name || '图形'}
              </Typography.Link>
              {mark.main && (
                <Tag color="blue" style={{ marginLeft: 8 }}>
                  主商标
                </Tag>
              )}
            </>
          ),
        },
        { title: '类别', dataIndex: 'tmCl', width: 80, render: (c: number | null) => (c ? `第 ${c} 类` : '--') },
        { title: '申请号', dataIndex: 'appNo', width: 140 },
        { title: '注册号', dataIndex: 'regNo', width: 140, render: (n: string | null) => n || '--' },
        { title: '申请人', dataIndex: 'applicant' },
      ]}
    />
  );
}
