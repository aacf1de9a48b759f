import type { FinanceRecord } from '../../generated/types.js';
import { addTableSheet, excelLibrary } from '../excelLibrary.js';
import { fromCents, toCents } from '../../shared/financeMoney.js';

/** Records one export may hold. */
export const MAX_EXPORT = 10_000;

const STATE = { draft: '未发布', published: '已发布' } as const;
const PAY_STATE = { unpaid: '未收款', partial: '部分收款', paid: '已收清' } as const;
const INVOICE_STATE = { none: '未申请', requested: '已申请', issued: '已开具' } as const;

/** The records as a workbook: one row each, then a sheet of totals per client and currency. */
export async function financeWorkbook(records: readonly FinanceRecord[], invoiceNos: ReadonlyMap<number, string>): Promise<Buffer> {
  const Excel = await excelLibrary();
  const workbook = new Excel.Workbook();
  const sheet = addTableSheet(workbook, '款项', [
    { header: '款项编号', key: 'recordNo', width: 18 },
    { header: '款项名称', key: 'title', width: 28 },
    { header: '案件编号', key: 'caseNo', width: 18 },
    { header: '客户', key: 'clientName', width: 26 },
    { header: '国家/地区', key: 'countryName', width: 10 },
    { header: '官费', key: 'officialFees', width: 10 },
    { header: '代理费', key: 'agencyFees', width: 10 },
    { header: '杂费', key: 'sundryFees', width: 10 },
    { header: '应收合计', key: 'total', width: 12 },
    { header: '币种', key: 'currency', width: 6 },
    { header: '已收', key: 'received', width: 12 },
    { header: '未收', key: 'outstanding', width: 12 },
    { header: '发布状态', key: 'state', width: 8 },
    { header: '收款状态', key: 'payState', width: 10 },
    { header: '付款期限', key: 'dueDate', width: 12 },
    { header: '发票状态', key: 'invoiceState', width: 8 },
    { header: '发票号码', key: 'invoiceNo', width: 14 },
  ]);
  const totals = new Map<string, { client: string; currency: string; total: number; received: number; outstanding: number }>();
  for (const r of records) {
    sheet.addRow({
      ...r,
      caseNo: r.caseNo ?? '',
      state: STATE[r.state],
      payState: r.overdue ? '已逾期' : PAY_STATE[r.payState],
      dueDate: r.dueDate ?? '',
      invoiceState: INVOICE_STATE[r.invoiceState],
      invoiceNo: invoiceNos.get(r.id) ?? '',
    });
    const key = `${r.clientName}\u0000${r.currency}`;
    const sum = totals.get(key) ?? { client: r.clientName, currency: r.currency, total: 0, received: 0, outstanding: 0 };
    sum.total += toCents(r.total);
    sum.received += toCents(r.received);
    sum.outstanding += toCents(r.outstanding);
    totals.set(key, sum);
  }
  const summary = addTableSheet(workbook, '按客户合计', [
    { header: '客户', key: 'client', width: 28 },
    { header: '币种', key: 'currency', width: 6 },
    { header: '应收合计', key: 'total', width: 14 },
    { header: '已收', key: 'received', width: 14 },
    { header: '未收', key: 'outstanding', width: 14 },
  ]);
  for (const sum of totals.values()) {
    summary.addRow({ ...sum, total: fromCents(sum.total), received: fromCents(sum.received), outstanding: fromCents(sum.outstanding) });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
