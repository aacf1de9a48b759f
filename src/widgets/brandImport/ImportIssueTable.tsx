import { useState } from 'react';
import { Radio, Space, Table, Tag } from 'antd';
import type { BrandImportIssue } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';

type Level = 'all' | 'error' | 'warning';

/** The problems the server found, by row; a report of thousands of rows is read page by page. */
export function ImportIssueTable({ jobId }: { jobId: number }) {
  const [level, setLevel] = useState<Level>('all');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const { data, isLoading } = useOperation('brandImport.issues', {
    jobId,
    ...(level === 'all' ? {} : { level }),
    ...page,
  });

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group
        value={level}
        optionType="button"
        size="small"
        onChange={(e) => {
          setLevel(e.target.value as Level);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        options={[
          { label: '全部问题', value: 'all' },
          { label: '错误', value: 'error' },
          { label: '提示', value: 'warning' },
        ]}
      />
      <Table<BrandImportIssue>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '没有发现问题，全部行都可以导入' }}
        columns={[
          { title: '行号', dataIndex: 'rowNo', width: 80 },
          { title: '列', dataIndex: 'column', width: 140 },
          {
            title: '级别',
            dataIndex: 'level',
            width: 80,
            render: (value: BrandImportIssue['level']) => (value === 'error' ? <Tag color="red">错误</Tag> : <Tag color="orange">提示</Tag>),
          },
          { title: '问题', dataIndex: 'message' },
        ]}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: data?.count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </Space>
  );
}
