import type { FinanceTotal, FinanceTotalsRequest } from '../../generated/types.js';
import type { TenantContext } from '../http/context.js';
import { CaseTitles } from '../cases/caseReads.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { fromCents, toCents } from '../../shared/financeMoney.js';
import { recordConditions, recordOut, recordRows } from './financeStore.js';

/**
 * Published records summed per publish month, client or currency under the list's conditions (the
 * publish state aside), each currency apart; sums are kept in cents so they add up to the rows'.
 * The fee list's totals and the reports both read them here.
 */
export async function financeTotals(ctx: TenantContext, body: FinanceTotalsRequest): Promise<FinanceTotal[]> {
  const today = chinaToday();
  const rows = await recordRows(ctx.db)
    .where('r.state', '=', 'published')
    .where((eb) => recordConditions(eb, body, today, { state: false, payState: true }))
    .execute();
  const caseTitles = await CaseTitles.load(ctx.db, ctx.schemas);
  const titles = (name: string) => caseTitles.type(name);
  const groups = new Map<string, FinanceTotal & { cents: { total: number; received: number; outstanding: number; overdue: number } }>();
  for (const row of rows) {
    const record = recordOut(row, titles, today);
    const [key, label] =
      body.groupBy === 'month'
        ? [record.publishedAt ? chinaToday(new Date(record.publishedAt)).slice(0, 7) : '', '']
        : body.groupBy === 'client'
          ? [record.enterpriseId === null ? `name:${record.clientName}` : String(record.enterpriseId), record.clientName || '未指定客户']
          : [record.currency, record.currency];
    const id = `${key}\u0000${record.currency}`;
    const group = groups.get(id) ?? {
      key: key.startsWith('name:') ? '' : key,
      label: body.groupBy === 'month' ? `${key.slice(0, 4)} 年 ${Number(key.slice(5, 7))} 月` : label,
      currency: record.currency,
      count: 0,
      total: 0,
      received: 0,
      outstanding: 0,
      overdue: 0,
      cents: { total: 0, received: 0, outstanding: 0, overdue: 0 },
    };
    group.count += 1;
    group.cents.total += toCents(record.total);
    group.cents.received += toCents(record.received);
    group.cents.outstanding += toCents(record.outstanding);
    if (record.overdue) group.cents.overdue += toCents(record.outstanding);
    groups.set(id, group);
  }
  const list = [...groups.values()].map(({ cents, ...group }) => ({
    ...group,
    total: fromCents(cents.total),
    received: fromCents(cents.received),
    outstanding: fromCents(cents.outstanding),
    overdue: fromCents(cents.overdue),
  }));
  list.sort((a, b) =>
    body.groupBy === 'month' ? b.key.localeCompare(a.key) || a.currency.localeCompare(b.currency) : b.total - a.total || a.label.localeCompare(b.label),
  );
  return list;
}
