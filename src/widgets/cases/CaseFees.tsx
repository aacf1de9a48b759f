import { Table, Typography } from 'antd';
import type { CaseFeeLine } from '../../generated/types.js';

const KIND: Record<CaseFeeLine['kind'], string> = { official: '官费', agency: '代理费', sundry: '杂费' };
const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface CountryFees {
  appCountry: string;
  lines: CaseFeeLine[];
}

function byCountry(fees: CaseFeeLine[]): CountryFees[] {
  const groups = new Map<string, CaseFeeLine[]>();
  for (const line of fees) groups.set(line.appCountry, [...(groups.get(line.appCountry) ?? []), line]);
  return [...groups].map(([appCountry, lines]) => ({ appCountry, lines }));
}

const total = (lines: CaseFeeLine[]) => {
  const sums = new Map<string, number>();
  for (const l of lines) sums.set(l.currency, (sums.get(l.currency) ?? 0) + l.amount);
  return [...sums].map(([currency, amount]) => `${money.format(amount)} ${currency}`).join(' + ') || '0.00';
};

/** The fees of a case, country by country, with each country's total: computed by the server when the case is saved. */
export function CaseFees({ fees, countryName }: { fees: CaseFeeLine[]; countryName: (code: string) => string }) {
  if (fees.length === 0) return <Typography.Text type="secondary">保存后按案件类型的费用项与价格表计算费用</Typography.Text>;
  return (
    <div data-testid="case-fees">
      {byCountry(fees).map((group) => (
        <Table<CaseFeeLine>
          key={group.appCountry}
          size="small"
          rowKey={(l) => `${l.kind}-${l.name}`}
          pagination={false}
          dataSource={group.lines}
          title={() => <Typography.Text strong>{countryName(group.appCountry)}</Typography.Text>}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                合计
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong>{total(group.lines)}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
          columns={[
            { title: '费用项', dataIndex: 'name' },
            { title: '类别', dataIndex: 'kind', width: 90, render: (k: CaseFeeLine['kind']) => KIND[k] },
            { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
            { title: '金额', dataIndex: 'amount', width: 160, align: 'right', render: (a: number, l) => `${money.format(a)} ${l.currency}` },
          ]}
        />
      ))}
    </div>
  );
}
