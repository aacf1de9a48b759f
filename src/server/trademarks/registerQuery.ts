import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../http/apiError.js';
import { containsPattern } from '../db/likePattern.js';
import { namePinyin } from './namePinyin.js';
import type { GoodsItem } from '../../generated/types.js';

/**
 * Search conditions over trademark records, written once for both tables that hold them: the
 * public register (`tm_register`) and an organisation's archive (`brand_archives`) share the
 * record columns, so every condition is SQL on a given table alias. Used by the search calls and
 * by anything else that filters marks the way a search form does.
 */

export type ShouldField = 'tm_name' | 'app_no' | 'reg_no';

/** 0 contains, 1 exact, 2 prefix, 3 sounds alike (names only: trigram similarity of the pinyin). */
export type SearchType = 0 | 1 | 2 | 3;

export interface ShouldCondition {
  field: ShouldField;
  value: string;
  searchType: SearchType;
}

export interface RecordFilter {
  /** Any one of these matches (a search engine's "should"). */
  should?: readonly ShouldCondition[];
  /** Exactly one of these application numbers. */
  appNos?: readonly string[];
  tmCl?: readonly number[];
  countryCode?: readonly string[];
  applicant?: string;
  agent?: string;
  tmStatus?: readonly string[];
  appDateFrom?: string;
  appDateTo?: string;
  regDateFrom?: string;
  regDateTo?: string;
}

export interface RecordSort {
  sortField?: 'appDate' | 'regDate';
  sortOrder?: 'asc' | 'desc';
}

/** Trigram similarity of the pinyin for "sounds alike" (searchType 3). */
export const SOUND_THRESHOLD = 0.5;

const FIELD_LABELS: Record<ShouldField, string> = { tm_name: '商标名称', app_no: '申请号', reg_no: '注册号' };
const MAX_CONDITIONS = 10;
const MAX_LIST = 300;

type ShouldInput =
  Partial<Record<ShouldField, { value: string; searchType?: SearchType }>> | ReadonlyArray<{ field: ShouldField; value: string; searchType?: SearchType }>;

const isConditionList = (input: ShouldInput): input is ReadonlyArray<{ field: ShouldField; value: string; searchType?: SearchType }> => Array.isArray(input);

/** The request's `shouldFields`, as an object keyed by field or as a list, into one list of conditions. */
export function shouldConditions(input: ShouldInput | undefined): ShouldCondition[] {
  if (!input) return [];
  const entries: ShouldCondition[] = isConditionList(input)
    ? input.map((c) => ({ field: c.field, value: c.value, searchType: c.searchType ?? 0 }))
    : (Object.entries(input) as [ShouldField, { value: string; searchType?: SearchType }][]).map(([field, c]) => ({
        field,
        value: c.value,
        searchType: c.searchType ?? 0,
      }));
  if (entries.length > MAX_CONDITIONS) throw badRequest(`检索条件最多 ${MAX_CONDITIONS} 个`);
  const conditions: ShouldCondition[] = [];
  for (const c of entries) {
    const value = c.value.trim();
    if (!value) throw badRequest(`${FIELD_LABELS[c.field]}的检索值不能为空`);
    if (c.searchType === 3 && c.field !== 'tm_name') throw badRequest(`${FIELD_LABELS[c.field]}不支持音近检索（searchType 3 仅用于商标名称）`);
    if (c.searchType === 3 && !namePinyin(value)) throw badRequest('音近检索需要含汉字、字母或数字的商标名称');
    conditions.push({ field: c.field, value, searchType: c.searchType as SearchType });
  }
  return conditions;
}

/** The least string above every string starting with `prefix` (its last character raised by one). */
export function prefixUpperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);
}

/** `text%` for LIKE with the user's own `%`, `_` and `\` taken literally. */
export const prefixPattern = (text: string): string => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/** How a search names its table: `a` the archive, `r` the register. */
export type TableAlias = 'a' | 'r';

function shouldSql(alias: TableAlias, c: ShouldCondition): RawBuilder<unknown> {
  const column = sql.ref(`${alias}.${c.field}`);
  if (c.searchType === 3) return sql`${sql.ref(`${alias}.tm_name_pinyin`)} % ${namePinyin(c.value)}`;
  if (c.searchType === 1) return c.field === 'tm_name' ? sql`lower(${column}) = lower(${c.value})` : sql`${column} = ${c.value}`;
  if (c.searchType === 2) {
    if (c.field === 'tm_name') return namePrefixSql(alias, c.value);
    // Numbers: a range the b-tree index answers, whatever the database's collation does with LIKE.
    const from = c.value.toUpperCase();
    return sql`(${column} >= ${from} and ${column} < ${prefixUpperBound(from)})`;
  }
  if (c.field === 'tm_name') return nameContainsSql(alias, c.value);
  // The register's number trigrams index lower(number) (migration 0057).
  return alias === 'a' ? archiveNumberContainsSql(c.field, c.value) : sql`lower(${column}) ilike ${containsPattern(c.value)}`;
}

/** "Number contains" in the archive, where row-level security keeps ILIKE from any index: the lookup functions of migrations 0026 and 0027. */
function archiveNumberContainsSql(field: 'app_no' | 'reg_no', value: string): RawBuilder<unknown> {
  return field === 'app_no' ? sql`a.id in (select archive_ids_app_no_contains(${value}))` : sql`a.id in (select archive_ids_reg_no_contains(${value}))`;
}

/** Texts this short have no trigram; the character index of migration 0019 finds them. */
const isShortText = (text: string) => [...text].length <= 2;

/**
 * "Name contains", read through an index: in the archive, where row-level security keeps ILIKE from
 * any index, by the lookup function of migration 0019; in the register by trigrams, or characters
 * for a text of one or two.
 */
export function nameContainsSql(alias: TableAlias, text: string): RawBuilder<unknown> {
  return nameMatchSql(alias, text, containsPattern(text));
}

/** "Name starts with", found through the same indexes as "contains" and then checked. */
export function namePrefixSql(alias: TableAlias, text: string): RawBuilder<unknown> {
  return nameMatchSql(alias, text, prefixPattern(text));
}

function nameMatchSql(alias: TableAlias, text: string, pattern: string): RawBuilder<unknown> {
  const column = sql.ref(`${alias}.tm_name`);
  const matches = sql`${column} ilike ${pattern}`;
  if (alias === 'a') return sql`(a.id in (select archive_ids_name_contains(${text})) and ${matches})`;
  return isShortText(text) ? sql`(search_grams(${column}) @> search_needle_grams(${text}) and ${matches})` : matches;
}

/** "Applicant contains", in Chinese or English: both columns searched as one indexed text (migration 0022), rechecked on each. */
export function applicantContainsSql(alias: TableAlias, text: string): RawBuilder<unknown> {
  if (alias === 'a') return sql`a.id in (select archive_ids_applicant_contains(${text}))`;
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const pattern = containsPattern(text);
  const both = sql`applicant_text(${col('applicant_cn')}, ${col('applicant_en')})`;
  const indexed = isShortText(text) ? sql`search_grams(${both}) @> search_needle_grams(${text})` : sql`${both} ilike ${pattern}`;
  return sql`(${indexed} and (${col('applicant_cn')} ilike ${pattern} or ${col('applicant_en')} ilike ${pattern}))`;
}

function checkDate(value: string | undefined, label: string): void {
  if (value !== undefined && Number.isNaN(Date.parse(value))) throw badRequest(`${label}不是有效日期`);
}

/** Refuses filters no search could satisfy, naming what is wrong. */
export function checkFilter(filter: RecordFilter): void {
  checkDate(filter.appDateFrom, '申请日期起');
  checkDate(filter.appDateTo, '申请日期止');
  checkDate(filter.regDateFrom, '注册日期起');
  checkDate(filter.regDateTo, '注册日期止');
  if (filter.appDateFrom && filter.appDateTo && filter.appDateFrom > filter.appDateTo) throw badRequest('申请日期起不能晚于申请日期止');
  if (filter.regDateFrom && filter.regDateTo && filter.regDateFrom > filter.regDateTo) throw badRequest('注册日期起不能晚于注册日期止');
  if ((filter.tmCl?.length ?? 0) > 45) throw badRequest('类别最多 45 个');
  if ((filter.countryCode?.length ?? 0) > MAX_LIST) throw badRequest(`国家/地区最多 ${MAX_LIST} 个`);
  if ((filter.tmStatus?.length ?? 0) > 20) throw badRequest('商标状态最多 20 个');
}

/**
 * The WHERE condition of a filter on the table aliased `alias` (`true` when nothing is asked).
 * Name and applicant conditions are read through indexes (`nameContainsSql`, `applicantContainsSql`);
 * sounds-alike uses `%` on the pinyin, its threshold set by `useSimilarityThreshold`.
 */
export function filterSql(alias: TableAlias, filter: RecordFilter): RawBuilder<unknown> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: RawBuilder<unknown>[] = [];
  if (filter.should && filter.should.length > 0)
    parts.push(
      sql`(${sql.join(
        filter.should.map((c) => shouldSql(alias, c)),
        sql` or `,
      )})`,
    );
  if (filter.appNos) parts.push(sql`${col('app_no')} = any(${sql.val([...filter.appNos])}::text[])`);
  if (filter.tmCl && filter.tmCl.length > 0) parts.push(sql`${col('int_cls')} = any(${sql.val([...filter.tmCl])}::int[])`);
  if (filter.countryCode && filter.countryCode.length > 0) parts.push(sql`${col('country_code')} = any(${sql.val([...filter.countryCode])}::text[])`);
  if (filter.tmStatus && filter.tmStatus.length > 0) parts.push(sql`${col('tm_status')} = any(${sql.val([...filter.tmStatus])}::text[])`);
  const applicant = filter.applicant?.trim();
  if (applicant) parts.push(applicantContainsSql(alias, applicant));
  const agent = filter.agent?.trim();
  if (agent) parts.push(sql`${col('agent')} ilike ${containsPattern(agent)}`);
  if (filter.appDateFrom) parts.push(sql`${col('app_date')} >= ${filter.appDateFrom}::date`);
  if (filter.appDateTo) parts.push(sql`${col('app_date')} <= ${filter.appDateTo}::date`);
  if (filter.regDateFrom) parts.push(sql`${col('reg_date')} >= ${filter.regDateFrom}::date`);
  if (filter.regDateTo) parts.push(sql`${col('reg_date')} <= ${filter.regDateTo}::date`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

/** ORDER BY for a result set with `app_date`, `reg_date`, `scope` and `id` columns; undated marks last. */
export function orderSql(sort: RecordSort): RawBuilder<unknown> {
  const column = sql.ref(sort.sortField === 'regDate' ? 'reg_date' : 'app_date');
  const direction = sort.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  return sql`${column} ${direction} nulls last, scope, id ${direction}`;
}

/** Where the search looks: 1 the organisation's archive, 2 the public register, 3 both. */
export type RangeType = 1 | 2 | 3;

/** The columns a search result carries, selected from either table under the same names. */
const RESULT_COLUMNS = [
  'register_id',
  'tm_name',
  'app_no',
  'reg_no',
  'int_cls',
  'tm_status',
  'applicant_cn',
  'country_code',
  'app_date',
  'reg_date',
  'logo_path',
  'goods',
  'goods_en',
] as const;

export interface ResultRow {
  scope: 'archive' | 'register';
  id: number;
  register_id: number | null;
  tm_name: string;
  app_no: string;
  reg_no: string | null;
  int_cls: number | null;
  tm_status: string;
  applicant_cn: string;
  country_code: string;
  app_date: string | null;
  reg_date: string | null;
  logo_path: string | null;
  goods: GoodsItem[];
  goods_en: GoodsItem[];
}

/**
 * The marks matching a filter in the chosen range, as one row set (`scope`, `id` and the result
 * columns). With both, a register mark the organisation has archived appears once, as its archive
 * record. Row-level security limits the archive to the organisation; the explicit org condition
 * keeps the plan using the organisation's indexes.
 */
export function matchingRecords(orgId: number, range: RangeType, filter: RecordFilter): RawBuilder<ResultRow> {
  const columns = (alias: string) =>
    sql.join(RESULT_COLUMNS.map((c) => (c === 'register_id' && alias === 'r' ? sql`r.id as register_id` : sql.ref(`${alias}.${c}`))));
  const archive = sql`select 'archive'::text as scope, a.id, ${columns('a')} from brand_archives a where a.org_id = ${orgId} and ${filterSql('a', filter)}`;
  const registerOnly = range === 3 ? sql` and not exists (select 1 from brand_archives x where x.register_id = r.id and x.org_id = ${orgId})` : sql``;
  const register = sql`select 'register'::text as scope, r.id, ${columns('r')} from tm_register r where ${filterSql('r', filter)}${registerOnly}`;
  if (range === 1) return sql<ResultRow>`${archive}`;
  if (range === 2) return sql<ResultRow>`${register}`;
  return sql<ResultRow>`${archive} union all ${register}`;
}

/** Sets the `%` operator's threshold for the rest of this transaction. */
export async function useSimilarityThreshold(db: Parameters<RawBuilder<unknown>['execute']>[0], threshold: number): Promise<void> {
  await sql`select set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`.execute(db);
}
