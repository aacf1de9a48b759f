import { sql, type Kysely } from 'kysely';

/**
 * Dense text searches over an organisation's archive. A text that half the archive contains (申请人
 * "有限公司", or one or two common characters) made the lookups of 0019 return every match, each read
 * and sorted for a page of twenty: 0.3 s to several seconds at half a million marks. Where the planner
 * expects that many matches, the archive page reads in its sort order instead and checks each mark's
 * text (`archivePage`), and counts the matches only up to the pagination bar's cap.
 *
 * So the lookup statement of each kind of text is written once (`archive_text_query`), and three
 * SECURITY DEFINER functions run it for the transaction's organisation: the ids, as before; the count
 * up to a cap; and the planner's estimate of the matches and of the organisation's marks, read from
 * the statistics a tenant may not see under row-level security.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name;
  const path = sql`${sql.id(schema)}, pg_catalog`;

  // A LIKE pattern for "contains `needle`", its wildcards and escape character taken literally.
  await sql`
    create or replace function contains_pattern(needle text) returns text
    language sql immutable strict parallel safe as $$
      select '%' || replace(replace(replace(needle, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
    $$`.execute(db);

  await createArchiveTextQuery(db);

  for (const [fn, kind] of [
    ['archive_ids_name_contains', 'name'],
    ['archive_ids_applicant_contains', 'applicant'],
    ['archive_ids_keyword', 'keyword'],
  ] as const) {
    await createArchiveIdFunction(db, fn, kind);
  }

  // How many marks of the organisation contain the text, counted no further than `cap`. The keyword's
  // three lookups are each cut at the cap before their union, which must see all it merges: past the
  // cap in any of them, the union is past it too.
  await sql`
    create or replace function archive_text_count(kind text, needle text, cap integer) returns integer
    language plpgsql stable strict security definer set search_path = ${path} as $$
    declare
      parts text[] := case kind when 'keyword' then array['name', 'applicant', 'numbers'] else array[kind] end;
      n integer;
    begin
      execute 'select least(count(*), $4)::integer from ('
        || (select string_agg('(' || archive_text_query(part, needle, true) || ' limit $4)', ' union ') from unnest(parts) as part)
        || ') matches' into n
        using contains_pattern(needle), nullif(current_setting('app.org_id', true), '')::integer, needle, cap;
      return n;
    end $$`.execute(db);

  // The planner's estimates: {marks containing the text, marks of the organisation}. Nothing is read;
  // volatile only because PostgreSQL allows EXPLAIN in no other function.
  await sql`
    create or replace function archive_text_estimate(kind text, needle text) returns integer[]
    language plpgsql volatile strict security definer set search_path = ${path} as $$
    declare
      org integer := nullif(current_setting('app.org_id', true), '')::integer;
      matches json;
      marks json;
    begin
      execute 'explain (format json) ' || archive_text_query(kind, needle, false) into matches using contains_pattern(needle), org, needle;
      execute 'explain (format json) select id from brand_archives where org_id = $1' into marks using org;
      return array[(matches->0->'Plan'->>'Plan Rows')::numeric::integer, (marks->0->'Plan'->>'Plan Rows')::numeric::integer];
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The lookups keep their shared statement: they answer as those of 0019 and 0022 did.
  await sql`drop function archive_text_estimate(text, text), archive_text_count(text, text, integer)`.execute(db);
}

/**
 * The lookup statement of each kind of text, with `moreKinds` (further `when … then …` branches of its
 * CASE on the kind) as later migrations add them: 0026 and 0027 add theirs, and write the statement
 * without them again when undone.
 */
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

/** The SECURITY DEFINER function `fn` returning the ids of the transaction's organisation's marks that contain a text of `kind`. */
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
