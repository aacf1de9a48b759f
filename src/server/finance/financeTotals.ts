import { sql } from 'kysely';
import type { FinanceTotal, FinanceTotalsRequest } from '../../generated/types.js';
import type { TenantContext } from '../http/context.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { fromCents, toCents } from '../../shared/financeMoney.js';
import { receivedOf, recordConditions, totalOf } from './financeStore.js';

const UNNAMED_CLIENT = '未指定客户';

/**
 * Published records summed per publish month, client or currency under the list's conditions (the
 * publish state aside), each currency apart, by the database in one statement; numeric sums are exact,
 * so they add up to the rows'. The fee list's totals and the reports both read them here.
 */
export async function financeTotals(ctx: TenantContext, body: FinanceTotalsRequest): Promise<FinanceTotal[]> {
  const today = chinaToday();
  const perRecord = ctx.db
    .selectFrom('finance_records as r')
    .leftJoin('enterprises as e', 'e.id', 'r.enterprise_id')
    .where('r.state', '=', 'published')
    .where((eb) => recordConditions(eb, body, today, { state: false, payState: true }))
    .select((eb) => [
      'r.currency',
      'r.enterprise_id',
      'r.due_date',
      sql<string>`coalesce(e.applicant_name, r.client_name)`.as('client'),
      // China's day, as chinaToday counts it.
      sql<string>`to_char(r.published_at at time zone 'UTC' + interval '8 hours', 'YYYY-MM')`.as('month'),
      totalOf.as('total'),
      receivedOf(eb).as('received'),
    ]);
  const key =
    body.groupBy === 'month'
      ? sql<string>`coalesce(t.month, '')`
      : body.groupBy === 'client'
        ? sql<string>`case when t.enterprise_id is null then 'name:' || t.client else t.enterprise_id::text end`
        : sql<string>`t.currency`;
  const label = body.groupBy === 'client' ? sql<string>`coalesce(nullif(t.client, ''), ${sql.lit(UNNAMED_CLIENT)})` : sql<string>`''`;
  const owed = sql`greatest(t.total - t.received, 0)`;
  const rows = await ctx.db
    .selectFrom(perRecord.as('t'))
    .select([
      key.as('key'),
      label.as('label'),
      't.currency',
      sql<number>`count(*)::int`.as('count'),
      sql<string>`sum(t.total)::text`.as('total'),
      sql<string>`sum(t.received)::text`.as('received'),
      sql<string>`sum(${owed})::text`.as('outstanding'),
      sql<string>`coalesce(sum(${owed}) filter (where t.due_date < ${today}::date), 0)::text`.as('overdue'),
    ])
    // By position: the key and label are expressions, written once in the select.
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
  const amount = (sum: string) => fromCents(toCents(sum));
  const list: FinanceTotal[] = rows.map((row) => ({
    key: row.key.startsWith('name:') ? '' : row.key,
    label:
      body.groupBy === 'month'
        ? row.key
          ? `${row.key.slice(0, 4)} 年 ${Number(row.key.slice(5, 7))} 月`
          : ''
        : body.groupBy === 'client'
          ? row.label
          : row.currency,
    currency: row.currency,
    count: row.count,
    total: amount(row.total),
    received: amount(row.received),
    outstanding: amount(row.outstanding),
    overdue: amount(row.overdue),
  }));
  list.sort((a, b) =>
    body.groupBy === 'month' ? b.key.localeCompare(a.key) || a.currency.localeCompare(b.currency) : b.total - a.total || a.label.localeCompare(b.label),
  );
  return list;
}
