import { sql } from 'kysely';
import type { OfficialDocumentDetails, OfficialLetterRow, OfficialQuery } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { addDays, daysBetween } from '../../shared/trademarkDates.js';
import type { LetterBusiness } from '../../shared/officialTypes.js';
import { letterFiles } from '../trademarks/officialDocuments.js';
import { logoUrl } from '../trademarks/trademarkRecord.js';
import { requireBusiness, visibleLetters, type LetterQuery, type LetterReader } from './letterAccess.js';

/** Pending: neither handled (1) nor ignored (2). */
export const STATUS_PENDING = 0;

/** Escapes LIKE's wildcards in what a person typed. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The letters matching a query that the reader may see, of the query's business (trademark when
 * none is named). `today` is the Beijing date the due conditions count from.
 */
export async function matchingLetters(db: ScopedDb, reader: LetterReader, query: OfficialQuery, today: string): Promise<LetterQuery<object>> {
  const business: LetterBusiness = query.business ?? 'trademark';
  requireBusiness(reader, business);
  let q = await visibleLetters(db, reader, [business]);
  if (query.ids?.length) q = q.where('d.id', 'in', query.ids);
  if (query.brandId !== undefined) q = q.where('d.brand_archive_id', '=', query.brandId);
  const documentType = query.documentType?.trim();
  if (documentType) q = q.where('d.document_type', '=', documentType);
  if (query.status !== undefined) q = q.where('d.status', '=', query.status);
  if (query.isRead !== undefined) q = q.where('d.is_read', '=', query.isRead);
  if (query.receiveDateFrom) q = q.where('d.receive_date', '>=', query.receiveDateFrom);
  if (query.receiveDateTo) q = q.where('d.receive_date', '<=', query.receiveDateTo);
  if (query.due === 'overdue') q = q.where('d.status', '=', STATUS_PENDING).where('d.official_limit', '<', today);
  else if (query.due) {
    q = q
      .where('d.status', '=', STATUS_PENDING)
      .where('d.official_limit', '>=', today)
      .where('d.official_limit', '<=', addDays(today, Number(query.due)));
  }
  const keyword = query.keyword?.trim();
  if (keyword) {
    // Each way of matching reads its own index (application number, dispatch number, the marks by name), not every letter.
    const contains = `%${likeText(keyword)}%`;
    const marks = db
      .selectFrom('brand_archives as k')
      .select('k.id')
      .where((k) => k.or([k('k.tm_name', 'like', contains), k('k.new_tm_name', 'like', contains)]));
    const matches = db
      .selectFrom('official_documents as o')
      .select('o.id')
      .where('o.app_no', '=', keyword)
      // The dispatch number's index holds only letters that have one.
      .union(db.selectFrom('official_documents as o').select('o.id').where('o.dispatch_no', '<>', '').where('o.dispatch_no', '=', keyword.toUpperCase()))
      .union(db.selectFrom('official_documents as o').select('o.id').where('o.brand_archive_id', 'in', marks));
    q = q.where('d.id', 'in', matches);
  }
  return q;
}

/** The columns a list row is read with: the letter, its file, its handler and its mark. */
export function withRowColumns(q: LetterQuery<object>) {
  return q
    .leftJoin('files as f', 'f.id', 'd.file_id')
    .leftJoin('users as u', 'u.id', 'd.handled_by')
    .leftJoin('brand_archives as b', 'b.id', 'd.brand_archive_id')
    .select([
      'd.id',
      'd.brand_archive_id',
      'd.business',
      'd.document_type',
      'd.dispatch_no',
      'd.app_no',
      'd.send_date',
      'd.receive_date',
      'd.delivery_method',
      'd.official_limit',
      'd.handling_limit',
      'd.status',
      'd.is_read',
      'd.remark',
      'd.details',
      'f.id as file_row_id',
      'f.path as file_path',
      'f.original_name as file_name',
      'f.size as file_size',
      'u.display_name as handled_by_name',
      'b.tm_name',
      'b.new_tm_name',
      'b.int_cls',
      'b.logo_path',
    ]);
}

type ListRowRecord = Awaited<ReturnType<ReturnType<typeof withRowColumns>['execute']>>[number];

export function letterRow(r: ListRowRecord, today: string): OfficialLetterRow {
  const details = (r.details ?? {}) as OfficialDocumentDetails;
  return {
    id: r.id,
    brandId: r.brand_archive_id,
    business: r.business,
    documentType: r.document_type,
    dispatchNo: r.dispatch_no,
    appNo: r.app_no,
    sendDate: r.send_date,
    receiveDate: r.receive_date,
    deliveryMethod: r.delivery_method,
    officalLimit: r.official_limit,
    handlingLimit: r.handling_limit,
    status: r.status,
    isRead: r.is_read,
    remark: r.remark,
    files: letterFiles(r),
    tmName: r.new_tm_name || r.tm_name || details.tmName || '',
    tmLogoUrl: logoUrl(r.logo_path ?? null),
    tmCl: r.int_cls ?? null,
    daysLeft: r.official_limit ? daysBetween(today, r.official_limit) : null,
    handledByName: r.handled_by_name ?? null,
  };
}

/** The displayed total stops here (spec 001 §9): counting further would read every letter of a large organisation. */
export const LETTER_COUNT_CAP = 10_000;

/** How many letters the query matches, counting no further than `cap`. */
export async function countLettersUpTo(db: ScopedDb, q: LetterQuery<object>, cap: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${q.select(sql<number>`1`.as('one')).limit(cap)}) c`.execute(db);
  return rows[0]!.n;
}

/** Newest received first; id last so pages never overlap (index official_documents_list_idx). */
export function newestFirst<O>(q: LetterQuery<O>): LetterQuery<O> {
  return q.orderBy('d.receive_date', 'desc').orderBy('d.id', 'desc');
}
