import { sql, type RawBuilder } from 'kysely';
import { namePinyin } from './namePinyin.js';
import type { ResultRow } from './registerQuery.js';

/**
 * Similar names in the register, ranked. Three trigram conditions, each answered by a GIN index
 * on its own (one OR of them would make the planner scan the table):
 *  - the name as a whole (`<<%`, strict word similarity ≥ 0.4): shares most characters in order;
 *  - the name's pinyin (`%`, similarity ≥ 0.7): sounds the same or nearly, whatever the characters,
 *    so 星辰 finds 星晨 and 醒辰;
 *  - the query inside the name (`<%`, word similarity ≥ 0.6): 星辰 finds 星辰日化.
 * Each threshold has its own setting, so all three hold in one statement.
 */
export const NAME_THRESHOLD = 0.4;
export const PINYIN_THRESHOLD = 0.7;
export const CONTAINS_THRESHOLD = 0.6;
/** A sound-alike counts a little less than the same written name. */
const PINYIN_WEIGHT = 0.95;
/** A name containing the query scores by how much of it the query is, at most this. */
const CONTAINS_WEIGHT = 0.9;

export interface SimilarQuery {
  name: string;
  tmCl?: readonly number[];
  minScore: number;
  limit: number;
  offset: number;
}

export interface SimilarRow extends ResultRow {
  name_similarity: number;
  pinyin_similarity: number;
  pinyin: string;
  score: number;
  total: number;
  in_archive: boolean;
}

export async function useSimilarThresholds(db: Parameters<RawBuilder<unknown>['execute']>[0]): Promise<void> {
  await sql`select set_config('pg_trgm.strict_word_similarity_threshold', ${String(NAME_THRESHOLD)}, true),
                   set_config('pg_trgm.similarity_threshold', ${String(PINYIN_THRESHOLD)}, true),
                   set_config('pg_trgm.word_similarity_threshold', ${String(CONTAINS_THRESHOLD)}, true)`.execute(db);
}

/** The ranked query; run it after `useSimilarThresholds` in the same transaction. */
export function similarNamesSql(orgId: number, query: SimilarQuery): RawBuilder<SimilarRow> {
  const name = query.name;
  const pinyin = namePinyin(name);
  const cls = query.tmCl && query.tmCl.length > 0 ? sql` and int_cls = any(${sql.val([...query.tmCl])}::int[])` : sql``;
  const byPinyin = pinyin ? sql` union select id from tm_register where tm_name_pinyin % ${pinyin}${cls}` : sql``;
  return sql<SimilarRow>`
    with hits as (
      select id from tm_register where ${name} <<% tm_name${cls}
      ${byPinyin}
      union select id from tm_register where ${name} <% tm_name${cls}
    ), scored as (
      select r.*, similarity(r.tm_name, ${name}) as name_similarity, similarity(r.tm_name_pinyin, ${pinyin}) as pinyin_similarity,
             case when strpos(lower(r.tm_name), lower(${name})) > 0 then ${CONTAINS_WEIGHT} * char_length(${name})::float8 / char_length(r.tm_name) else 0 end as contains_score
      from hits join tm_register r on r.id = hits.id
    ), ranked as (
      select *, greatest(name_similarity, pinyin_similarity * ${PINYIN_WEIGHT}, contains_score) as score from scored
    )
    select 'register'::text as scope, ranked.id, ranked.id as register_id, tm_name, tm_name_pinyin as pinyin, app_no, reg_no, int_cls, tm_status,
           applicant_cn, country_code, app_date, reg_date, logo_path, goods, goods_en,
           name_similarity, pinyin_similarity, score, count(*) over () as total,
           exists (select 1 from brand_archives a where a.register_id = ranked.id and a.org_id = ${orgId}) as in_archive
    from ranked
    where score >= ${query.minScore}
    order by score desc, app_date desc nulls last, id desc
    limit ${query.limit} offset ${query.offset}`;
}

/** Why a name matched, in the words a person reads. */
export function matchReasons(query: string, row: { tm_name: string; pinyin: string; name_similarity: number; pinyin_similarity: number }): string[] {
  const reasons: string[] = [];
  const sameName = row.tm_name.trim().toLowerCase() === query.trim().toLowerCase();
  if (sameName) return ['名称相同'];
  const queryPinyin = namePinyin(query);
  if (queryPinyin && row.pinyin === queryPinyin) reasons.push('读音相同');
  else if (row.pinyin_similarity >= PINYIN_THRESHOLD) reasons.push('读音相近');
  if (row.name_similarity >= NAME_THRESHOLD) reasons.push('字形相近');
  if (row.tm_name.toLowerCase().includes(query.trim().toLowerCase())) reasons.push('包含检索词');
  if (reasons.length === 0) reasons.push('部分字形相同');
  return reasons;
}
