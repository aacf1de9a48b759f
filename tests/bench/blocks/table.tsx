import { createRoot } from 'react-dom/client';
import { Table } from 'antd';
import { GenericTable } from '../../../src/runtime/blocks/GenericTable.js';
import type { TableColumn } from '../../../src/runtime/blocks/table/types.js';
import { BenchRuntime } from '../benchRuntime.js';
import { timeFirstRender } from '../firstRender.js';
import { scrollToBottom } from './scrollReport.js';

// ?rows=100&cols=50 : the real GenericTable on generated rows; the page size is the row count.
const params = new URLSearchParams(location.search);
const rowCount = Number(params.get('rows') ?? 100);
const colCount = Number(params.get('cols') ?? 50);

const KINDS = ['text', 'number', 'date', 'select', 'datetime'] as const;
const STATES = { 0: '待提交', 1: '审查中', 2: '已注册', 3: '已驳回' };
const columns: TableColumn[] = [
  { prop: 'index', label: '序号', type: 'index' },
  ...Array.from({ length: colCount }, (_, c): TableColumn => {
    const type = KINDS[c % KINDS.length];
    return { prop: `c${c}`, label: `第 ${c + 1} 列`, type, width: 140, sortable: c % 10 === 0, ...(type === 'select' ? { options: STATES } : {}) };
  }),
];
const day = Date.UTC(2024, 0, 1);
const rows = Array.from({ length: rowCount }, (_, r) => {
  const row: Record<string, unknown> = { id: r + 1 };
  for (let c = 0; c < colCount; c++) {
    const kind = KINDS[c % KINDS.length];
    row[`c${c}`] =
      kind === 'number'
        ? r * 37 + c
        : kind === 'select'
          ? (r + c) % 4
          : kind === 'text'
            ? `商标名称 ${r + 1}-${c + 1} 第 ${((r * 7 + c) % 45) + 1} 类`
            : new Date(day + (r * 3 + c) * 86_400_000).toISOString();
  }
  return row;
});

const list = (body: Record<string, unknown>) => {
  const pageNo = Number(body.pageNo ?? 1);
  const pageSize = Number(body.pageSize ?? 10);
  return { list: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), count: rows.length };
};

/**
 * ?empty=1 : a scrolling box as tall as the 10,000 rows with nothing in it, scrolled with no
 * script running but the scroll's own: the slow frames this machine and browser give anyway, the
 * control for the table's.
 */
function EmptyScroller() {
  return (
    <div className="ant-table-body" style={{ height: 560, overflowY: 'auto' }}>
      <div className="ant-table-row" style={{ height: rowCount * 47 }} />
    </div>
  );
}

// ?bare=1 : antd's Table alone on the same rows and columns, plain text cells, for reference.
const bare = params.get('bare') === '1';
const bareColumns = columns.map((c) => ({ key: c.prop, dataIndex: c.prop, title: c.label, width: c.width ?? 64 }));

timeFirstRender(
  () =>
    createRoot(document.getElementById('root')!).render(
      params.get('empty') === '1' ? (
        <EmptyScroller />
      ) : bare ? (
        <BenchRuntime operations={{}}>
          <Table rowKey="id" columns={bareColumns} dataSource={rows} pagination={false} tableLayout="fixed" scroll={{ x: 'max-content' }} />
        </BenchRuntime>
      ) : (
        <BenchRuntime operations={{ 'bench.list': list }}>
          <GenericTable
            operation="bench.list"
            tableKey={`bench-${rowCount}x${colCount}`}
            title={`${rowCount} 行 × ${colCount} 列`}
            columns={columns}
            pageSizes={[rowCount]}
            defaultPageSize={rowCount}
            // ?virtual=0 : every row rendered, whatever the count.
            virtualThreshold={params.get('virtual') === '0' ? Number.MAX_SAFE_INTEGER : undefined}
            rowButtons={
              params.get('buttons') === '0'
                ? []
                : [
                    { label: '编辑', operation: 'bench.noop' },
                    { label: '删除', operation: 'bench.noop', danger: true },
                  ]
            }
          />
        </BenchRuntime>
      ),
    ),
  () => document.querySelectorAll('.ant-table-row').length > 0,
);

window.benchScroll = scrollToBottom;
