import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/tables.js';
import type { BrandArchiveQuery } from '../../generated/types.js';
import { containsPattern } from '../db/likePattern.js';
import { sortKeys } from '../db/sortKeys.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { customFieldConditions } from './customFieldConditions.js';
import { labelCondition, labelRefsColumn, mapsVersionColumn } from './trademarkTags.js';
import { classCondition } from './classCondition.js';
import { cappedTextCount, type IdFunction } from './textDensity.js';
import { defaultSortColumn } from './archiveSettings.js';
import { readExpiryWindow, type ExpiryWindow } from './expiryWindow.js';

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
 * The query's texts that an id function looks up: the search box, and unless matched exactly the
 * name, the applicant, the registration number and one application number (a list of numbers is
 * matched exactly).
 */
function idLookups(query: BrandArchiveQuery): [IdFunction, string][] {
  const lookups: [IdFunction, string][] = [];
  const keyword = query.keyword?.trim();
  if (keyword) lookups.push(['archive_ids_keyword', keyword]);
  if (query.searchType === 1) return lookups;
  const name = query.tmName?.trim();
  const applicant = query.applicant?.trim();
  const numbers = query.appNo?.trim() ? splitNumbers(query.appNo) : [];
  if (name) lookups.push(['archive_ids_name_contains', name]);
  const regNo = query.regNo?.trim();
  if (applicant) lookups.push(['archive_ids_applicant_contains', applicant]);
  if (regNo) lookups.push(['archive_ids_reg_no_contains', regNo]);
  if (numbers.length === 1) lookups.push(['archive_ids_app_no_contains', numbers[0]!]);
  return lookups;
}

/** Splits a list of numbers typed or pasted by a person: commas (either width), spaces, new lines. */
export function splitNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，;；、]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** A column of the archive a simple condition compares. */
type ArchiveColumn =
  | 'owner_user_id'
  | 'tm_name'
  | 'applicant_cn'
  | 'agent'
  | 'reg_no'
  | 'app_no'
  | 'tm_status'
  | 'int_cls'
  | 'country_code'
  | 'source'
  | 'tm_type'
  | 'submit_way'
  | 'id'
  | 'app_date'
  | 'reg_date'
  | 'private_end_date';

/**
 * One condition of an archive query as data: what its SQL looks like, and the values it binds. The
 * conditions of a query are worked out without Kysely, so an archive page can find its statement
 * compiled for the same shape of conditions (archivePage.ts) instead of building it again.
 */
export type ArchiveCondition =
  | { kind: 'compare'; column: ArchiveColumn; op: '=' | '>=' | '<=' | 'like' | 'ilike'; value: unknown }
  | { kind: 'in'; column: ArchiveColumn; values: readonly unknown[] }
  | { kind: 'idLookup'; fn: IdFunction; needle: unknown };

/**
 * The query's conditions that are plain comparisons, in the order they are applied: what the viewer
 * may see, then the query's own. Class, tag and custom-field conditions are not among them (see
 * `filterArchive`). A query with an expiry reminder needs the organisation's `expiry` window
 * (`readExpiryWindow`, or `expiryWindowFor`).
 */
export function archiveConditions(query: BrandArchiveQuery, viewer: ArchiveViewer, expiry?: ExpiryWindow): ArchiveCondition[] {
  const out: ArchiveCondition[] = [];
  const compare = (column: ArchiveColumn, op: '=' | '>=' | '<=' | 'like' | 'ilike', value: unknown) => out.push({ kind: 'compare', column, op, value });
  const among = (column: ArchiveColumn, values: readonly unknown[] | undefined) => values?.length && out.push({ kind: 'in', column, values });
  if (viewer.ownMarksOnly) compare('owner_user_id', '=', viewer.userId);
  const exact = query.searchType === 1;
  // `id in (the ids the function finds for the text)`, within the transaction's organisation.
  for (const [fn, needle] of idLookups(query)) out.push({ kind: 'idLookup', fn, needle });
  const text = (column: 'tm_name' | 'applicant_cn' | 'agent' | 'reg_no', value: string | undefined, indexed = false) => {
    const v = value?.trim();
    if (!v) return;
    if (exact) compare(column, '=', v);
    else if (!indexed) compare(column, 'ilike', containsPattern(v));
  };
  text('tm_name', query.tmName, true);
  text('applicant_cn', query.applicant, true);
  text('agent', query.agent);
  text('reg_no', query.regNo, true);
  if (query.appNo?.trim()) {
    const numbers = splitNumbers(query.appNo);
    // One number not matched exactly is looked up (idLookups).
    if (numbers.length > 1 || exact) among('app_no', numbers);
  }
  among('tm_status', query.tmStatus);
  among('int_cls', query.tmCl);
  among('country_code', query.countryCode);
  among('source', query.source);
  if (query.tmType) compare('tm_type', '=', query.tmType);
  if (query.submitWay) compare('submit_way', '=', query.submitWay);
  if (query.ownerUserId !== undefined) compare('owner_user_id', '=', query.ownerUserId);
  among('id', query.ids);
  const range = (column: 'app_date' | 'reg_date' | 'private_end_date', from?: string, to?: string) => {
    if (from) compare(column, '>=', from);
    if (to) compare(column, '<=', to);
  };
  range('app_date', query.appDateStart, query.appDateEnd);
  range('reg_date', query.regDateStart, query.regDateEnd);
  range('private_end_date', query.privateEndStart, query.privateEndEnd);
  if (query.expiry) {
    // Never ignored: a filter silently dropped would tag, export or list every mark.
    if (!expiry) throw new Error('an expiry reminder condition needs the organisation’s expiry window');
    const { from, to } = expiry.ranges[query.expiry];
    range('private_end_date', from, to);
  }
  return out;
}

/** The expiry window a query needs (read for the transaction's organisation), or none. */
export const expiryWindowFor = (db: Kysely<Database>, query: BrandArchiveQuery): Promise<ExpiryWindow | undefined> =>
  query.expiry ? readExpiryWindow(db) : Promise.resolve(undefined);

/** The values a condition binds, in the order its SQL holds them. */
export const conditionValues = (c: ArchiveCondition): readonly unknown[] => (c.kind === 'compare' ? [c.value] : c.kind === 'in' ? c.values : [c.needle]);

/** The condition with its values taken, in order, from `next` (the stand-ins of a statement template). */
export function withConditionValues(c: ArchiveCondition, next: () => unknown): ArchiveCondition {
  if (c.kind === 'compare') return { ...c, value: next() };
  if (c.kind === 'in') return { ...c, values: c.values.map(next) };
  return { ...c, needle: next() };
}

/** What a condition's SQL text depends on: everything but its values, save how many an IN list has. */
export const conditionShape = (c: ArchiveCondition): string =>
  c.kind === 'compare' ? `${c.column} ${c.op}` : c.kind === 'in' ? `${c.column} in ${c.values.length}` : c.fn;

function conditionSql(c: ArchiveCondition) {
  if (c.kind === 'idLookup') return sql<boolean>`brand_archives.id in (select ${sql.raw(c.fn)}(${c.needle}))`;
  const column = sql.ref(`brand_archives.${c.column}`);
  if (c.kind === 'in') return sql<boolean>`${column} in (${sql.join(c.values)})`;
  return sql<boolean>`${column} ${sql.raw(c.op)} ${c.value}`;
}

/** A condition that looks up a text with an id function (the SECURITY DEFINER functions of migrations 0019 and 0025). */
export type TextLookup = Extract<ArchiveCondition, { kind: 'idLookup' }>;

/**
 * How a page counts its matches (see `archivePageQuery`): with a window count, a one-time subquery, or,
 * for a page read in sort order, the text's own count up to the cap.
 */
export type PageCount = 'window' | 'subquery' | { text: TextLookup };

/** How a page narrowed by these conditions counts: by window when a text is looked up by an id function. */
export const pageCount = (conditions: readonly ArchiveCondition[]): PageCount => (conditions.some((c) => c.kind === 'idLookup') ? 'window' : 'subquery');

/** The text lookup that is the only condition of a query, if it is: its page may be read in sort order instead (archivePage.ts). */
export function soleTextLookup(conditions: readonly ArchiveCondition[]): TextLookup | null {
  const [only, ...rest] = conditions;
  return only?.kind === 'idLookup' && rest.length === 0 ? only : null;
}

/**
 * What a text lookup finds, as a check of each mark: for reading in sort order, where no index is wanted.
 * The check is a subquery so that the planner takes it to keep about half the marks. Under row-level
 * security the tenant role may not use the columns' statistics for ILIKE, and the planner would guess a
 * handful of matches and sort them all instead of following the sort index; how common the text is was
 * already asked of the definer's estimate (textDensity.ts).
 */
export function textCheck(lookup: TextLookup) {
  const pattern = containsPattern(String(lookup.needle));
  const name = sql<boolean>`brand_archives.tm_name ilike ${pattern}`;
  const applicant = sql<boolean>`(brand_archives.applicant_cn ilike ${pattern} or brand_archives.applicant_en ilike ${pattern})`;
  const check =
    lookup.fn === 'archive_ids_name_contains'
      ? name
      : lookup.fn === 'archive_ids_applicant_contains'
        ? applicant
        : lookup.fn === 'archive_ids_app_no_contains'
          ? sql<boolean>`brand_archives.app_no ilike ${pattern}`
          : lookup.fn === 'archive_ids_reg_no_contains'
            ? sql<boolean>`brand_archives.reg_no ilike ${pattern}`
            : sql<boolean>`${name} or ${applicant} or brand_archives.app_no = ${lookup.needle} or brand_archives.reg_no = ${lookup.needle}`;
  return sql<boolean>`(select ${check})`;
}

/** Narrows an archive query by conditions. */
export function applyArchiveConditions<O>(base: ArchiveQuery<O>, conditions: readonly ArchiveCondition[]): ArchiveQuery<O> {
  return conditions.reduce((q, c) => q.where(conditionSql(c)), base);
}

/** Whether the query has conditions beyond `archiveConditions`: classes, tags or custom fields. */
export const hasStructuredConditions = (query: BrandArchiveQuery): boolean =>
  Boolean(query.classes || query.labelNodeIds?.length || Object.keys(query.customFields ?? {}).length);

/**
 * The WHERE of an archive query: what the viewer may see, narrowed by the query's conditions,
 * custom-field conditions included (they read the fields' types, hence `db` and the promise), and an
 * expiry reminder as of `expiry` (read when not given).
 */
export async function filterArchive<O>(
  db: Kysely<Database>,
  base: ArchiveQuery<O>,
  query: BrandArchiveQuery,
  viewer: ArchiveViewer,
  expiry?: ExpiryWindow,
): Promise<ArchiveQuery<O>> {
  const window = expiry ?? (await expiryWindowFor(db, query));
  return applyStructuredConditions(db, applyArchiveConditions(base, archiveConditions(query, viewer, window)), query);
}

/** Narrows an archive query by the query's class, tag and custom-field conditions. */
export async function applyStructuredConditions<O>(db: Kysely<Database>, base: ArchiveQuery<O>, query: BrandArchiveQuery): Promise<ArchiveQuery<O>> {
  let q = base;
  if (query.classes) q = q.where((eb) => classCondition(eb, query) ?? eb.lit(true));
  if (query.labelNodeIds?.length) q = q.where((eb) => labelCondition(eb, query) ?? eb.lit(true));
  for (const condition of await customFieldConditions(db, query.customFields)) q = q.where(condition);
  return q;
}

/** Sort columns that are never empty: they are ordered without NULLS LAST, so an index read either way serves them. */
const NEVER_EMPTY = new Set<string>(['brand_archives.tm_name', 'brand_archives.app_no', 'brand_archives.created_at', 'brand_archives.updated_at']);

/**
 * The ORDER BY: the query's keys, then newest filing first; id last so pages never overlap.
 * Empty dates and classes sort last either way, which is what a person scanning by date expects;
 * each direction has its index (migrations 0011, 0018 and 0024).
 */
export function orderArchive<O>(q: ArchiveQuery<O>, query: Pick<BrandArchiveQuery, 'sortField' | 'sortType'>): ArchiveQuery<O> {
  const keys = sortKeys(query.sortField, query.sortType, ARCHIVE_SORTABLE);
  let ordered = q;
  if (keys.length === 0) keys.push(['brand_archives.app_date', 'desc']);
  for (const [column, direction] of keys) {
    ordered = ordered.orderBy(sql.ref(column), (ob) => {
      const directed = direction === 'desc' ? ob.desc() : ob.asc();
      return NEVER_EMPTY.has(column) ? directed : directed.nullsLast();
    });
  }
  const lastDirection = keys[keys.length - 1]![1];
  return ordered.orderBy('brand_archives.id', lastDirection);
}

/**
 * A page of the archive with each mark's labels and the count of all matches, in one statement. Narrowed by a
 * looked-up text (`window`), every match is read to be sorted anyway, so a window count costs nothing more;
 * otherwise a one-time subquery counts up to the cap while the page is read from an index in order, or, read in
 * sort order for a common text, the text's own lookup counts up to the cap.
 * `limit` and `offset` are bound as they are given (a statement template's stand-ins included). With
 * `defaultSortOf`, the rows also carry that organisation's default sort (`default_sort`).
 */
export function archivePageQuery(
  db: Kysely<Database>,
  matching: ArchiveQuery<object>,
  sort: Pick<BrandArchiveQuery, 'sortField' | 'sortType'>,
  counting: PageCount,
  limit: unknown,
  offset: unknown,
  defaultSortOf?: number,
) {
  const count =
    counting === 'window'
      ? sql<number>`(count(*) over ())::int`.as('matching_total')
      : counting === 'subquery'
        ? archiveCount(db, matching).as('matching_total')
        : cappedTextCount(counting.text.fn, counting.text.needle, ARCHIVE_COUNT_CAP + 1).as('matching_total');
  const columns = matching
    .selectAll('brand_archives')
    .select(count)
    .select(labelRefsColumn)
    // The maps' version, so the tags' names need no read of the maps this process has read at it (trademarkTags.ts).
    .select(mapsVersionColumn)
    // A page in the organisation's default sort as last read also reads that setting (archiveSettings.ts).
    .$if(defaultSortOf !== undefined, (q) => q.select(defaultSortColumn(db, defaultSortOf!)));
  return orderArchive(columns, sort)
    .limit(sql<number>`${limit}`)
    .offset(sql<number>`${offset}`);
}

/** How many marks `matching` finds, counted up to one more than the cap. */
export function archiveCount(db: Kysely<Database>, matching: ArchiveQuery<object>) {
  return db
    .selectFrom(
      matching
        .select(sql<number>`1`.as('one'))
        .limit(ARCHIVE_COUNT_CAP + 1)
        .as('m'),
    )
    .select(sql<number>`count(*)::int`.as('n'));
}
