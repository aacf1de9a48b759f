import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FinanceQuery, FinanceRecord } from '../../generated/types.js';
import type { Database } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { containsPattern } from '../db/likePattern.js';
import { notFound } from '../http/apiError.js';
import { registerMergeReference } from '../trademarks/mergeRegistry.js';
import { addDays } from '../../shared/trademarkDates.js';
import { fromCents, isOverdue, payStateOf, toCents } from '../../shared/financeMoney.js';

// A merge of marks moves the fee records of the marks merged away to the one kept.
registerMergeReference({ table: 'finance_records', column: 'brand_id' });

/** The next record number of the organisation for `day`: KX, the date, and the day's serial in five digits. */
export async function nextRecordNo(db: ScopedDb, orgId: number, day: string): Promise<string> {
  const { rows } = await sql<{ last: number }>`
    insert into finance_counters (org_id, day, last) values (${orgId}, ${day}, 1)
    on conflict (org_id, day) do update set last = finance_counters.last + 1
    returning last`.execute(db);
  return `KX${day.replace(/-/g, '')}${String(rows[0]!.last).padStart(5, '0')}`;
}

type RecordScope = ExpressionBuilder<Database & { r: Database['finance_records'] }, 'r'>;

/** What a record has been paid, summed from its payments. */
export const receivedOf = (eb: RecordScope) =>
  eb
    .selectFrom('finance_payments as p')
    .select(sql<string>`coalesce(sum(p.amount), 0)`.as('s'))
    .whereRef('p.record_id', '=', 'r.id');

export const totalOf = sql<string>`(r.official_fees + r.agency_fees + r.sundry_fees)`;

/** The records, with what each concerns and has received, for the rows of a list or a detail. */
export function recordRows(db: ScopedDb) {
  return db
    .selectFrom('finance_records as r')
    .leftJoin('cases as c', 'c.id', 'r.case_id')
    .leftJoin('brand_archives as b', 'b.id', 'r.brand_id')
    .leftJoin('enterprises as e', 'e.id', 'r.enterprise_id')
    .leftJoin('users as pu', 'pu.id', 'r.published_by')
    .leftJoin('users as cu', 'cu.id', 'r.created_by')
    .selectAll('r')
    .select((eb) => [
      'c.case_no',
      'c.case_type',
      'b.tm_name',
      'e.applicant_name as enterprise_name',
      'pu.display_name as published_by_name',
      'cu.display_name as created_by_name',
      receivedOf(eb).as('received'),
    ]);
}

export type RecordRow = Awaited<ReturnType<ReturnType<typeof recordRows>['execute']>>[number];

/** The answer for one record; `typeTitle` names a case type. */
export function recordOut(row: RecordRow, typeTitle: (name: string) => string, today: string): FinanceRecord {
  const official = toCents(row.official_fees);
  const agency = toCents(row.agency_fees);
  const sundry = toCents(row.sundry_fees);
  const total = official + agency + sundry;
  const received = toCents(row.received ?? 0);
  const outstanding = Math.max(0, total - received);
  const dueDate = row.due_date === null ? null : String(row.due_date).slice(0, 10);
  return {
    id: row.id,
    recordNo: row.record_no,
    title: row.title,
    caseNo: row.case_no ?? null,
    caseType: row.case_type ?? '',
    caseTypeTitle: row.case_type ? typeTitle(row.case_type) : '',
    brandId: row.brand_id,
    tmName: row.tm_name ?? '',
    enterpriseId: row.enterprise_id,
    clientName: row.enterprise_name ?? row.client_name,
    countryCode: row.country_code,
    countryName: row.country_name,
    officialFees: fromCents(official),
    agencyFees: fromCents(agency),
    sundryFees: fromCents(sundry),
    total: fromCents(total),
    currency: row.currency,
    received: fromCents(received),
    outstanding: fromCents(outstanding),
    state: row.state,
    payState: payStateOf(total, received),
    overdue: isOverdue({ state: row.state, dueDate, outstandingCents: outstanding }, today),
    dueDate,
    note: row.note,
    publishedAt: row.published_at === null ? null : new Date(row.published_at).toISOString(),
    publishedByName: row.published_by_name ?? '',
    invoiceState: row.invoice_state,
    createdByName: row.created_by_name ?? '',
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The organisation's record with this id, locked when it is to be changed. */
export async function recordById(db: ScopedDb, id: number, forUpdate = false) {
  const query = db.selectFrom('finance_records').selectAll().where('id', '=', id);
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound(`款项（编号 ${id}）不存在`);
  return row;
}

/** China midnight of a day, as a timestamp. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

type Conditions = Omit<FinanceQuery, 'pageNo' | 'pageSize'>;

/** The conditions of a list, totals or export on the records; `state` may be left out for the counts. */
export function recordConditions(
  eb: RecordScope,
  query: Conditions,
  today: string,
  use: { state: boolean; payState: boolean } = { state: true, payState: true },
) {
  const parts: Expression<SqlBool>[] = [];
  if (use.state && query.state) parts.push(eb('r.state', '=', query.state));
  if (query.enterpriseId) parts.push(eb('r.enterprise_id', '=', query.enterpriseId));
  if (query.invoiceState) parts.push(eb('r.invoice_state', '=', query.invoiceState));
  if (query.currency) parts.push(eb('r.currency', '=', query.currency));
  if (query.countryCode) parts.push(eb('r.country_code', '=', query.countryCode));
  if (use.payState && query.payState) {
    const received = sql<string>`(${receivedOf(eb)})`;
    if (query.payState === 'unpaid') parts.push(sql<SqlBool>`${received} = 0`);
    if (query.payState === 'partial') parts.push(sql<SqlBool>`${received} > 0 and ${received} < ${totalOf}`);
    if (query.payState === 'paid') parts.push(sql<SqlBool>`${received} >= ${totalOf}`);
    if (query.payState === 'overdue') {
      parts.push(sql<SqlBool>`r.state = 'published' and r.due_date < ${today}::date and ${received} < ${totalOf}`);
    }
  }
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = containsPattern(keyword);
    parts.push(
      eb.or([
        eb('r.record_no', 'ilike', like),
        eb('r.title', 'ilike', like),
        eb('r.client_name', 'ilike', like),
        eb.exists(eb.selectFrom('cases as kc').select('kc.id').whereRef('kc.id', '=', 'r.case_id').where('kc.case_no', 'ilike', like)),
        eb.exists(eb.selectFrom('brand_archives as kb').select('kb.id').whereRef('kb.id', '=', 'r.brand_id').where('kb.tm_name', 'ilike', like)),
        eb.exists(eb.selectFrom('enterprises as ke').select('ke.id').whereRef('ke.id', '=', 'r.enterprise_id').where('ke.applicant_name', 'ilike', like)),
      ]),
    );
  }
  if (query.dateFrom || query.dateTo) {
    if (query.dateField === 'dueDate') {
      if (query.dateFrom) parts.push(eb('r.due_date', '>=', query.dateFrom));
      if (query.dateTo) parts.push(eb('r.due_date', '<=', query.dateTo));
    } else {
      const column = query.dateField === 'publishedAt' ? 'r.published_at' : 'r.created_at';
      if (query.dateFrom) parts.push(eb(column, '>=', dayStart(query.dateFrom)));
      if (query.dateTo) parts.push(eb(column, '<', dayStart(addDays(query.dateTo, 1))));
    }
  }
  return eb.and(parts);
}
