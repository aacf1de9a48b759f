import { useState } from 'react';
import { Card, Segmented, Table, Typography } from 'antd';
import type { FinanceTotal, FinanceTotalsProps } from '../../generated/types.js';
import type { OperationRequest } from '../../generated/client.js';
import { useOperation } from '../../runtime/useOperation.js';
import { usePageQuery, useQueryValue } from '../../runtime/pageQueries.js';
import { rowFilter } from '../../runtime/pageQuery.js';
import { money } from './financeLook.js';

type GroupBy = 'client' | 'month' | 'currency';
type TotalsBody = OperationRequest<'finance.totals'>;

const GROUPS: { value: GroupBy; label: string; column: string }[] = [
  { value: 'client', label: '按客户', column: '客户' },
  { value: 'month', label: '按月份', column: '发布月份' },
  { value: 'currency', label: '按币种', column: '币种' },
];

/** The conditions of the list the totals take: all but the publish state (the totals are of published records). */
function totalsBody(conditions: Record<string, unknown>, groupBy: GroupBy): TotalsBody {
  const { state: _state, ...rest } = rowFilter(conditions);
  return { ...(rest as Omit<TotalsBody, 'groupBy'>), groupBy };
}

/** Published records summed per client, month or currency under the list's conditions; each currency on its own row. */
export function FinanceTotals({ channel }: FinanceTotalsProps) {
  const query = usePageQuery(channel);
  const conditions = useQueryValue(query, 'conditions');
  const [groupBy, setGroupBy] = useState<GroupBy>('client');
  const { data, isLoading } = useOperation('finance.totals', totalsBody(conditions, groupBy));
  const column = GROUPS.find((g) => g.value === groupBy)!.column;
  return (
    <Card
      size="small"
      className="finance-totals"
      data-testid="finance-totals"
      title="已发布款项汇总"
      extra={<Segmented value={groupBy} options={GROUPS.map(({ value, label }) => ({ value, label }))} onChange={(v) => setGroupBy(v as GroupBy)} />}
    >
      <Table<FinanceTotal>
        size="small"
        loading={isLoading}
        rowKey={(t) => `${t.key}\u0000${t.label}\u0000${t.currency}`}
        dataSource={data?.list ?? []}
        pagination={data && data.list.length > 6 ? { pageSize: 6, size: 'small' } : false}
        locale={{ emptyText: '没有已发布的款项' }}
        columns={[
          { title: column, dataIndex: 'label', render: (v: string, t) => (groupBy === 'currency' ? t.currency : v) },
          ...(groupBy === 'currency' ? [] : [{ title: '币种', dataIndex: 'currency', width: 70 }]),
          { title: '笔数', dataIndex: 'count', width: 70, align: 'right' as const },
          { title: '应收合计', dataIndex: 'total', align: 'right' as const, render: (v: number, t) => money(v, t.currency) },
          { title: '已收', dataIndex: 'received', align: 'right' as const, render: (v: number, t) => money(v, t.currency) },
          { title: '未收', dataIndex: 'outstanding', align: 'right' as const, render: (v: number, t) => money(v, t.currency) },
          {
            title: '逾期未收',
            dataIndex: 'overdue',
            align: 'right' as const,
            render: (v: number, t) => <Typography.Text type={v > 0 ? 'danger' : undefined}>{money(v, t.currency)}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
