import { Tag } from 'antd';
import type { FinanceRecord } from '../../generated/types.js';

export const STATE_TAG = {
  draft: { text: '未发布', color: 'default' },
  published: { text: '已发布', color: 'green' },
} as const;

export const INVOICE_STATE = { none: '未申请', requested: '已申请', issued: '已开具' } as const;

const PAY_STATE = {
  unpaid: { text: '未收款', color: 'orange' },
  partial: { text: '部分收款', color: 'gold' },
  paid: { text: '已收清', color: 'green' },
} as const;

/** An amount with its currency, two decimals and thousands separators. */
export const money = (amount: number, currency: string) =>
  `${amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/** Paid, part paid, unpaid; overdue in red above all. */
export function payStateTag(record: Pick<FinanceRecord, 'payState' | 'overdue'>) {
  if (record.overdue) return <Tag color="red">已逾期</Tag>;
  const look = PAY_STATE[record.payState];
  return <Tag color={look.color}>{look.text}</Tag>;
}
