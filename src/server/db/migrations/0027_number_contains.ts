import { sql, type Kysely } from 'kysely';

/**
 * The number kinds as further branches of 0025's statement: 0026's application number, now matched
 * regardless of case as every other text is (the search tool matched it so before), and the
 * registration number.
 */
/** 0026's branch, which undoing this migration writes back. */
const APP_NO_KIND = `when 'app_no' then 'select id from brand_archives where org_id = $2 and app_no like $1'`;

const NUMBER_KINDS = `when 'app_no' then 'select id from brand_archives where org_id = $2 and app_no ilike $1'
        when 'reg_no' then 'select id from brand_archives where org_id = $2 and reg_no ilike $1'`;

/**
 * "Number contains" wherever a number is searched by part. In the register (no row-level security)
 * a trigram index of each number serves `ILIKE` directly: `/tm/customSearch` with an application or
 * registration number took 0.36–0.83 s over 1,000,000 marks. In the archive the registration number
 * becomes a kind of text as 0026 made the application number, looked up for the transaction's
 * organisation by `archive_ids_reg_no_contains`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const orgLed = (await sql`select 1 from pg_extension where extname = 'btree_gin'`.execute(db)).rows.length > 0;
  await sql`create index tm_register_app_no_trgm_idx on tm_register using gin (app_no gin_trgm_ops)`.execute(db);
  await sql`create index tm_register_reg_no_trgm_idx on tm_register using gin (reg_no gin_trgm_ops)`.execute(db);
  await sql`create index brand_archives_reg_no_trgm_idx on brand_archives using gin (${orgLed ? sql`org_id, ` : sql``}reg_no gin_trgm_ops)`.execute(db);
  await createArchiveTextQuery(db, NUMBER_KINDS);
  await createArchiveIdFunction(db, 'archive_ids_reg_no_contains', 'reg_no');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function archive_ids_reg_no_contains(text)`.execute(db);
  await createArchiveTextQuery(db, APP_NO_KIND);
  await sql`drop index brand_archives_reg_no_trgm_idx, tm_register_reg_no_trgm_idx, tm_register_app_no_trgm_idx`.execute(db);
}

/** 0025's lookup statement of each kind of text, as written then, with `moreKinds` as further branches of its CASE on the kind. */
async function createArchiveTextQuery(db: Kysely<unknown>, moreKinds = ''): Promise<void> {
  // The lookup of a kind of text, binding $1 the pattern, $2 the organisation, $3 the needle: 'name',
  // 'applicant', 'numbers' (the application or registration number itself), or 'keyword', all three.
  // Three characters or more go through the trigram indexes; fewer through the character and pair
  // indexes, exact for them. An applicant's match is checked on each of its two names, so none spans
  // both; `checked` false leaves that check out, for the planner's estimate, which would otherwise take
  // the check for a further narrowing.
  await sql`
    create or replace function archive_text_query(kind text, needle text, checked boolean) returns text
    language sql immutable strict parallel safe as $$
      select case kind
        when 'name' then name_sql
        when 'applicant' then applicant_sql
        when 'numbers' then numbers_sql
        when 'keyword' then '(' || name_sql || ') union (' || applicant_sql || ') union (' || numbers_sql || ')'
        ${sql.raw(moreKinds)}
      end
      from (select
        case when char_length(needle) >= 3
          then 'select id from brand_archives where org_id = $2 and tm_name ilike $1'
          else 'select id from brand_archives where org_id = $2 and search_grams(tm_name) @> search_needle_grams($3)' end as name_sql,
        case when char_length(needle) >= 3
          then 'select id from brand_archives where org_id = $2 and applicant_text(applicant_cn, applicant_en) ilike $1'
          else 'select id from brand_archives where org_id = $2 and search_grams(applicant_text(applicant_cn, applicant_en)) @> search_needle_grams($3)' end
        || case when checked then ' and (applicant_cn ilike $1 or applicant_en ilike $1)' else '' end as applicant_sql,
        'select id from brand_archives where org_id = $2 and (app_no = $3 or reg_no = $3)' as numbers_sql
      ) lookups
    $$`.execute(db);
}

/** As in 0025: the SECURITY DEFINER function `fn` returning the ids of the transaction's organisation's marks that contain a text of `kind`. */
async function createArchiveIdFunction(db: Kysely<unknown>, fn: string, kind: string): Promise<void> {
  const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name;
  await sql`
    create or replace function ${sql.raw(fn)}(needle text) returns setof integer
    language plpgsql stable strict security definer set search_path = ${sql.id(schema)}, pg_catalog rows 200 as $$
    begin
      return query execute archive_text_query(${sql.lit(kind)}, needle, true)
        using contains_pattern(needle), nullif(current_setting('app.org_id', true), '')::integer, needle;
    end $$`.execute(db);
}
