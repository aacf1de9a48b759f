import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/tables.js';
import type { BrandArchiveQuery } from '../../generated/types.js';
import { containsPattern } from '../db/likePattern.js';
import { sortKeys } from '../db/sortKeys.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { customFieldConditions } from './customFieldConditions.js';
import { labelCondition, labelRefsColumn } from './trademarkTags.js';
import { classCondition } from './classCondition.js';

/** The pagination bar shows at most this many; counting further would cost time for nothing. */
export const ARCHIVE_COUNT_CAP = 10_000;

type ArchiveQuery<O> = SelectQueryBuilder<Database, 'brand_archives', O>;

/** Sort keys the archive accepts, and the column each orders by. */
export const ARCHIVE_SORTABLE = {
  app_date: 'brand_archives.app_date',
  reg_date: 'brand_archives.reg_date',
  private_end_date: 'brand_archives.private_end_date',
  tm_name: 'brand_archives.tm_name',
  app_no: 'brand_archives.app_no',
  tm_cl: 'brand_archives.int_cls',
  created_at: 'brand_archives.created_at',
  updated_at: 'brand_archives.updated_at',
  // The table's column names, so clicking a column header sorts by it.
  appDate: 'brand_archives.app_date',
  regDate: 'brand_archives.reg_date',
  privateEndDate: 'brand_archives.private_end_date',
  tmName: 'brand_archives.tm_name',
  appNo: 'brand_archives.app_no',
  tmCl: 'brand_archives.int_cls',
} as const;

/**
 * The SECURITY DEFINER functions of migration 0019 that find contains-matches through an index:
 * under row-level security a plain ILIKE could not use any.
 */
type IdFunction = 'archive_ids_keyword' | 'archive_ids_name_contains' | 'archive_ids_applicant_contains';

/** The query's texts that an id function looks up: the search box, and name or applicant unless matched exactly. */
function idLookups(query: BrandArchiveQuery): [IdFunction, string][] {
  const lookups: [IdFunction, string][] = [];
  const keyword = query.keyword?.trim();
  if (keyword) lookups.push(['archive_ids_keyword', keyword]);
  if (query.searchType === 1) return lookups;
  const name = query.tmName?.trim();
  const applicant = query.applicant?.trim();
  if (name) lookups.push(['archive_ids_name_contains', name]);
  if (applicant) lookups.push(['archive_ids_applicant_contains', applicant]);
  return lookups;
}

/** Splits a list of numbers typed or pasted by a person: commas (either width), spaces, new lines. */
export function splitNumbers(text: string): string[] {
  return [...new Set(text.split(/[\s,，;；、]+/).map((s) => s.trim()).filter(Boolean))];
}

/**
 * The WHERE of an archive query: what the viewer may see, narrowed by the query's conditions,
 * custom-field conditions included (they read the fields' types, hence `db` and the promise).
 */
export async function filterArchive<O>(db: Kysely<Database>, base: ArchiveQuery<O>, query: BrandArchiveQuery, viewer: ArchiveViewer): Promise<ArchiveQuery<O>> {
  let q = base;
  if (viewer.ownMarksOnly) q = q.where('brand_archives.owner_user_id', '=', viewer.userId);
  const exact = query.searchType === 1;
  // `id in (the ids the function finds for the text)`, within the transaction's organisation.
  for (const [fn, needle] of idLookups(query)) q = q.where(sql<boolean>`brand_archives.id in (select ${sql.raw(fn)}(${needle}))`);
  const text = (column: 'tm_name' | 'applicant_cn' | 'agent' | 'reg_no', value: string | undefined, indexed = false) => {
    const v = value?.trim();
    if (!v) return;
    if (exact) q = q.where(`brand_archives.${column}`, '=', v);
    else if (!indexed) q = q.where(`brand_archives.${column}`, 'ilike', containsPattern(v));
  };
  text('tm_name', query.tmName, true);
  text('applicant_cn', query.applicant, true);
  text('agent', query.agent);
  text('reg_no', query.regNo);
  if (query.appNo?.trim()) {
    const numbers = splitNumbers(query.appNo);
    q = numbers.length === 1 && !exact ? q.where('brand_archives.app_no', 'like', containsPattern(numbers[0]!)) : q.where('brand_archives.app_no', 'in', numbers);
  }
  if (query.tmStatus?.length) q = q.where('brand_archives.tm_status', 'in', query.tmStatus);
  if (query.tmCl?.length) q = q.where('brand_archives.int_cls', 'in', query.tmCl);
  if (query.countryCode?.length) q = q.where('brand_archives.country_code', 'in', query.countryCode);
  if (query.source?.length) q = q.where('brand_archives.source', 'in', query.source);
  if (query.tmType) q = q.where('brand_archives.tm_type', '=', query.tmType);
  if (query.submitWay) q = q.where('brand_archives.submit_way', '=', query.submitWay);
  if (query.ownerUserId !== undefined) q = q.where('brand_archives.owner_user_id', '=', query.ownerUserId);
  if (query.ids?.length) q = q.where('brand_archives.id', 'in', query.ids);
  const range = (column: 'app_date' | 'reg_date' | 'private_end_date', from?: string, to?: string) => {
    if (from) q = q.where(`brand_archives.${column}`, '>=', from);
    if (to) q = q.where(`brand_archives.${column}`, '<=', to);
  };
  range('app_date', query.appDateStart, query.appDateEnd);
  range('reg_date', query.regDateStart, query.regDateEnd);
  range('private_end_date', query.privateEndStart, query.privateEndEnd);
  if (query.classes) q = q.where((eb) => classCondition(eb, query) ?? eb.lit(true));
  if (query.labelNodeIds?.length) q = q.where((eb) => labelCondition(eb, query) ?? eb.lit(true));
  for (const condition of await customFieldConditions(db, query.customFields)) q = q.where(condition);
  return q;
}

/**
 * The ORDER BY: the query's keys, then newest filing first; id last so pages never overlap.
 * Empty dates sort last either way, which is what a person scanning by date expects.
 */
export function orderArchive<O>(q: ArchiveQuery<O>, query: BrandArchiveQuery): ArchiveQuery<O> {
  const keys = sortKeys(query.sortField, query.sortType, ARCHIVE_SORTABLE);
  let ordered = q;
  if (keys.length === 0) keys.push(['brand_archives.app_date', 'desc']);
  for (const [column, direction] of keys) ordered = ordered.orderBy(sql.ref(column), (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast());
  const lastDirection = keys[keys.length - 1]![1];
  return ordered.orderBy('brand_archives.id', lastDirection);
}

/**
 * A page of the archive with each mark's labels and the count of all matches, in one statement. Narrowed by a text,
 * every match is read to be sorted anyway, so a window count costs nothing more; otherwise a
 * one-time subquery counts up to the cap while the page is read from an index in order.
 * `total` alone is for a page past the end, which has no row to carry the count.
 */
export function archivePageQuery(db: Kysely<Database>, matching: ArchiveQuery<object>, query: BrandArchiveQuery, limit: number, offset: number) {
  const total = db.selectFrom(matching.select(sql<number>`1`.as('one')).limit(ARCHIVE_COUNT_CAP + 1).as('m')).select(sql<number>`count(*)::int`.as('n'));
  const count = idLookups(query).length > 0 ? sql<number>`(count(*) over ())::int`.as('matching_total') : total.as('matching_total');
  const page = orderArchive(matching.selectAll('brand_archives').select(count).select(labelRefsColumn), query).limit(limit).offset(offset);
  return { page, total };
}
