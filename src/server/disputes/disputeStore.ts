import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { DisputeDetail, DisputeQuery, DisputeSummary } from '../../generated/types.js';
import type { Database, DisputesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { containsPattern } from '../db/likePattern.js';
import { registerMergeReference } from '../trademarks/mergeRegistry.js';
import { PROCEDURES } from './disputeRules.js';

// Merging marks moves their disputes to the kept mark (spec 001's merge rule).
registerMergeReference({ table: 'disputes', column: 'brand_archive_id' });

export type DisputeRow = Selectable<DisputesTable>;
type DisputeDb = Database & { d: DisputesTable };

export const NOT_FOUND = '争议不存在';

/**
 * The dispute's deadline as shown: the earliest of the one typed in, its letters' official deadlines
 * still pending (status 0) and its live cases' stage deadlines. least() skips nulls.
 */
const nextDeadline = (eb: ExpressionBuilder<DisputeDb, 'd'>) =>
  sql<string | null>`least(
    ${eb.ref('d.deadline')},
    ${eb
      .selectFrom('dispute_letters as dl')
      .innerJoin('official_documents as o', 'o.id', 'dl.document_id')
      .select(sql<string>`min(o.official_limit)`.as('m'))
      .whereRef('dl.dispute_id', '=', 'd.id')
      .where('o.status', '=', 0)},
    ${eb
      .selectFrom('dispute_cases as dc')
      .innerJoin('cases as c', 'c.id', 'dc.case_id')
      .select(sql<string>`min(c.stage_deadline)`.as('m'))
      .whereRef('dc.dispute_id', '=', 'd.id')
      .where('c.deleted_at', 'is', null)}
  )`;

function summarySelect(db: ScopedDb) {
  return db
    .selectFrom('disputes as d')
    .selectAll('d')
    .select((eb) => [
      nextDeadline(eb).as('next_deadline'),
      eb
        .selectFrom('dispute_letters as cl')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('cl.dispute_id', '=', 'd.id')
        .as('letter_count'),
      eb
        .selectFrom('dispute_cases as cc')
        .innerJoin('cases as c2', 'c2.id', 'cc.case_id')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('cc.dispute_id', '=', 'd.id')
        .where('c2.deleted_at', 'is', null)
        .as('case_count'),
    ]);
}

type SummaryRow = DisputeRow & { next_deadline: string | null; letter_count: number | null; case_count: number | null };

const day = (value: string | Date | null): string | null =>
  value === null
    ? null
    : typeof value === 'string'
      ? value.slice(0, 10)
      : new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

function summaryOut(r: SummaryRow): DisputeSummary {
  return {
    id: r.id,
    procedure: r.procedure,
    ourSide: r.our_side,
    brandId: r.brand_archive_id,
    ourTmName: r.our_tm_name,
    ourAppNo: r.our_app_no,
    otherParty: r.other_party,
    otherTmName: r.other_tm_name,
    otherAppNo: r.other_app_no,
    stage: r.stage,
    filedOn: day(r.filed_on),
    deadline: day(r.deadline),
    nextDeadline: day(r.next_deadline),
    outcome: r.outcome,
    rulingResult: r.ruling_result,
    ruledOn: day(r.ruled_on),
    remark: r.remark,
    letterCount: r.letter_count ?? 0,
    caseCount: r.case_count ?? 0,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The conditions of the list other than the procedure (the counts per procedure ignore it). */
function filtered(db: ScopedDb, query: DisputeQuery) {
  let q = db.selectFrom('disputes as d');
  if (query.ourSide) q = q.where('d.our_side', '=', query.ourSide);
  if (query.stage) q = q.where('d.stage', '=', query.stage);
  if (query.outcome) q = q.where('d.outcome', '=', query.outcome === 'pending' ? '' : query.outcome);
  if (query.brandId) q = q.where('d.brand_archive_id', '=', query.brandId);
  const party = query.otherParty?.trim();
  if (party) q = q.where('d.other_party', 'ilike', containsPattern(party));
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = containsPattern(keyword);
    q = q.where((eb) =>
      eb.or([eb('d.our_tm_name', 'ilike', like), eb('d.our_app_no', 'ilike', like), eb('d.other_tm_name', 'ilike', like), eb('d.other_app_no', 'ilike', like)]),
    );
  }
  if (query.dateFrom || query.dateTo) {
    const field = query.dateField ?? 'filedOn';
    q = q.where((eb) => {
      const value = field === 'deadline' ? nextDeadline(eb) : field === 'ruledOn' ? eb.ref('d.ruled_on') : eb.ref('d.filed_on');
      return eb.and([...(query.dateFrom ? [eb(value, '>=', query.dateFrom)] : []), ...(query.dateTo ? [eb(value, '<=', query.dateTo)] : [])]);
    });
  }
  return q;
}

export async function disputeList(db: ScopedDb, query: DisputeQuery) {
  const base = filtered(db, query);
  const counted = await base
    .select(['d.procedure', sql<number>`count(*)::int`.as('n')])
    .groupBy('d.procedure')
    .execute();
  const procedures = PROCEDURES.map((key) => ({ key, count: counted.find((c) => c.procedure === key)?.n ?? 0 }));
  const ids = (query.procedure ? base.where('d.procedure', '=', query.procedure) : base).select('d.id');
  const count = await countRows(ids);
  const { limit, offset } = pageWindow(query, 20);
  const rows = (await summarySelect(db)
    .where('d.id', 'in', ids)
    .orderBy(sql`next_deadline asc nulls last`)
    .orderBy('d.updated_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()) as SummaryRow[];
  return { list: rows.map(summaryOut), count, procedures };
}

export async function disputeById(db: ScopedDb, id: number, forUpdate = false): Promise<DisputeRow> {
  const q = db.selectFrom('disputes').selectAll().where('id', '=', id);
  const row = await (forUpdate ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function disputeDetail(db: ScopedDb, id: number): Promise<DisputeDetail> {
  const row = (await summarySelect(db).where('d.id', '=', id).executeTakeFirst()) as SummaryRow | undefined;
  if (!row) throw notFound(NOT_FOUND);
  const letters = await db
    .selectFrom('dispute_letters as dl')
    .innerJoin('official_documents as o', 'o.id', 'dl.document_id')
    .select(['o.id', 'o.document_type', 'o.app_no', 'o.receive_date', 'o.official_limit', 'o.status', 'o.details'])
    .where('dl.dispute_id', '=', id)
    .orderBy('o.receive_date')
    .orderBy('o.id')
    .execute();
  const cases = await db
    .selectFrom('dispute_cases as dc')
    .innerJoin('cases as c', 'c.id', 'dc.case_id')
    .select(['c.id', 'c.case_no', 'c.case_type', 'c.status', 'c.stage', 'c.stage_deadline'])
    .where('dc.dispute_id', '=', id)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.id')
    .execute();
  return {
    dispute: summaryOut(row),
    letters: letters.map((l) => ({
      id: l.id,
      documentType: l.document_type,
      appNo: l.app_no,
      receiveDate: day(l.receive_date)!,
      officalLimit: day(l.official_limit),
      status: l.status,
      rulingResult: l.details?.rulingResult ?? '',
      disputedDate: l.details?.disputedDate ?? '',
    })),
    cases: cases.map((c) => ({
      id: c.id,
      caseNo: c.case_no,
      caseType: c.case_type,
      status: c.status,
      stage: c.stage,
      stageDeadline: day(c.stage_deadline),
    })),
  };
}

/** Adds letters and cases to a dispute; those already there stay. */
export async function linkToDispute(
  db: ScopedDb,
  dispute: Pick<DisputeRow, 'id' | 'org_id'>,
  letterIds: readonly number[],
  caseIds: readonly number[],
): Promise<void> {
  if (letterIds.length > 0)
    await db
      .insertInto('dispute_letters')
      .values(letterIds.map((document_id) => ({ org_id: dispute.org_id, dispute_id: dispute.id, document_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (caseIds.length > 0)
    await db
      .insertInto('dispute_cases')
      .values(caseIds.map((case_id) => ({ org_id: dispute.org_id, dispute_id: dispute.id, case_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}
