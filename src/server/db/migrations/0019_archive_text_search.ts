import { sql, type Kysely } from 'kysely';

/**
 * "Name contains" and "applicant contains" over an organisation's archive, served by an index.
 *
 * Two things stopped the trigram indexes of 0011 from serving these searches:
 * - Row-level security: ILIKE is not leakproof, so as the tenant role PostgreSQL may only apply it
 *   after the tenant check, never as an index condition.
 * - Short text: a name search of one or two characters (星辰) has no trigram to look up.
 *
 * So each text also gets an index of its single characters and character pairs (`search_grams`)
 * for the short searches, and the lookups run in SECURITY DEFINER functions that read the indexes
 * for the organisation of the transaction (`app.org_id`) and return ids. The archive query keeps
 * its row-level security on top: it only ever sees the ids of rows the tenant may read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name;
  const path = sql`${sql.id(schema)}, pg_catalog`;

  // Lower-cased characters and character pairs of a text: what a search of one or two characters looks up.
  await sql`
    create or replace function search_grams(t text) returns text[]
    language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct g), '{}'::text[]) from (
        select substr(lower(t), i, 1) as g from generate_series(1, char_length(t)) as i
        union all
        select substr(lower(t), i, 2) from generate_series(1, char_length(t) - 1) as i
      ) grams
    $$`.execute(db);
  // The grams a text containing `needle` must have: its pairs, or the character itself when alone.
  await sql`
    create or replace function search_needle_grams(needle text) returns text[]
    language sql immutable strict parallel safe as $$
      select case when char_length(needle) <= 1 then array[lower(needle)]
        else (select array_agg(distinct substr(lower(needle), i, 2)) from generate_series(1, char_length(needle) - 1) as i) end
    $$`.execute(db);

  // On PostgreSQL each text index leads with the organisation, so a search reads only that
  // organisation's entries however many others share the table (btree_gin puts the integer into
  // the GIN index). The embedded PGlite holds one or a few organisations and gets the plain
  // indexes: loading its btree_gin next to pg_trgm breaks trigram searches there.
  const orgLed = (await sql`select 1 from pg_available_extensions where name = 'btree_gin'`.execute(db)).rows.length > 0;
  if (orgLed) await sql`create extension if not exists btree_gin`.execute(db);
  const lead = orgLed ? sql`org_id, ` : sql``;
  await sql`drop index if exists brand_archives_name_trgm_idx`.execute(db);
  await sql`drop index if exists brand_archives_applicant_trgm_idx`.execute(db);
  await sql`create index brand_archives_name_trgm_idx on brand_archives using gin (${lead}tm_name gin_trgm_ops)`.execute(db);
  await sql`create index brand_archives_applicant_trgm_idx on brand_archives using gin (${lead}applicant_cn gin_trgm_ops)`.execute(db);
  await sql`create index brand_archives_name_grams_idx on brand_archives using gin (${lead}search_grams(tm_name))`.execute(db);
  await sql`create index brand_archives_applicant_grams_idx on brand_archives using gin (${lead}search_grams(applicant_cn))`.execute(db);
  // Statistics of the new expressions, so the first searches are planned on them.
  await sql`analyze brand_archives`.execute(db);

  // Three characters or more: the trigram index with ILIKE, whose check is cheap. Fewer: the
  // character index alone, which is exact for them. EXECUTE plans each search for its own text.
  for (const [fn, column] of [
    ['archive_ids_name_contains', 'tm_name'],
    ['archive_ids_applicant_contains', 'applicant_cn'],
  ] as const) {
    await sql`
      create or replace function ${sql.raw(fn)}(needle text) returns setof integer
      language plpgsql stable strict security definer set search_path = ${path} rows 200 as $$
      declare org integer := nullif(current_setting('app.org_id', true), '')::integer;
      begin
        if char_length(needle) >= 3 then
          return query execute
            'select id from brand_archives where org_id = $2 and ${sql.raw(column)} ilike $1'
            using '%' || replace(replace(replace(needle, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%', org;
        else
          return query execute
            'select id from brand_archives where org_id = $2 and search_grams(${sql.raw(column)}) @> search_needle_grams($1)'
            using needle, org;
        end if;
      end $$`.execute(db);
  }
  // The archive's one search box: name or applicant containing the text, or the exact number.
  await sql`
    create or replace function archive_ids_keyword(needle text) returns setof integer
    language sql stable strict security definer set search_path = ${path} rows 200 as $$
      select archive_ids_name_contains(needle)
      union
      select archive_ids_applicant_contains(needle)
      union
      select id from brand_archives
       where org_id = nullif(current_setting('app.org_id', true), '')::integer
         and (app_no = needle or reg_no = needle)
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function archive_ids_keyword(text), archive_ids_applicant_contains(text), archive_ids_name_contains(text)`.execute(db);
  await sql`drop index brand_archives_name_grams_idx, brand_archives_applicant_grams_idx`.execute(db);
  await sql`drop function search_needle_grams(text), search_grams(text)`.execute(db);
  await sql`drop index brand_archives_name_trgm_idx, brand_archives_applicant_trgm_idx`.execute(db);
  await sql`create index brand_archives_name_trgm_idx on brand_archives using gin (tm_name gin_trgm_ops)`.execute(db);
  await sql`create index brand_archives_applicant_trgm_idx on brand_archives using gin (applicant_cn gin_trgm_ops)`.execute(db);
}
