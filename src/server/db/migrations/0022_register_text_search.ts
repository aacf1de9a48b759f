import { sql, type Kysely } from 'kysely';

/**
 * Contains-searches of names and applicants served by an index in the trademark search
 * (`/tm/customSearch`) as they already were on the archive page (0019):
 * - On the register, a name of one or two characters (星辰) has no trigram to look up: it gets the
 *   character index of 0019. The applicant is searched in Chinese or English, and the two columns
 *   now share one indexed text (`applicant_text`), trigrams and characters, so an OR of two ILIKEs
 *   no longer reads the whole register.
 * - In the archive, the applicant lookup function reads the same shared text, so the archive
 *   finds an applicant by its English name as the register search does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name;
  const path = sql`${sql.id(schema)}, pg_catalog`;

  // The applicant's Chinese and English names as one text; the line break keeps a search from matching across the two.
  await sql`
    create or replace function applicant_text(cn text, en text) returns text
    language sql immutable parallel safe as $$ select coalesce(cn, '') || E'\n' || coalesce(en, '') $$`.execute(db);

  await sql`create index tm_register_name_grams_idx on tm_register using gin (search_grams(tm_name))`.execute(db);
  await sql`create index tm_register_applicant_text_trgm_idx on tm_register using gin (applicant_text(applicant_cn, applicant_en) gin_trgm_ops)`.execute(db);
  await sql`create index tm_register_applicant_text_grams_idx on tm_register using gin (search_grams(applicant_text(applicant_cn, applicant_en)))`.execute(db);

  const orgLed = (await sql`select 1 from pg_extension where extname = 'btree_gin'`.execute(db)).rows.length > 0;
  const lead = orgLed ? sql`org_id, ` : sql``;
  await sql`drop index if exists brand_archives_applicant_trgm_idx`.execute(db);
  await sql`drop index if exists brand_archives_applicant_grams_idx`.execute(db);
  await sql`create index brand_archives_applicant_text_trgm_idx on brand_archives using gin (${lead}applicant_text(applicant_cn, applicant_en) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index brand_archives_applicant_text_grams_idx on brand_archives using gin (${lead}search_grams(applicant_text(applicant_cn, applicant_en)))`.execute(
    db,
  );
  await sql`analyze tm_register`.execute(db);
  await sql`analyze brand_archives`.execute(db);

  // As 0019's, over the shared text; the ILIKE on the columns themselves keeps the match exact.
  await sql`
    create or replace function archive_ids_applicant_contains(needle text) returns setof integer
    language plpgsql stable strict security definer set search_path = ${path} rows 200 as $$
    declare
      org integer := nullif(current_setting('app.org_id', true), '')::integer;
      pattern text := '%' || replace(replace(replace(needle, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
    begin
      if char_length(needle) >= 3 then
        return query execute
          'select id from brand_archives where org_id = $2 and applicant_text(applicant_cn, applicant_en) ilike $1
             and (applicant_cn ilike $1 or applicant_en ilike $1)'
          using pattern, org;
      else
        return query execute
          'select id from brand_archives where org_id = $2 and search_grams(applicant_text(applicant_cn, applicant_en)) @> search_needle_grams($1)
             and (applicant_cn ilike $3 or applicant_en ilike $3)'
          using needle, org, pattern;
      end if;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name;
  const lead = (await sql`select 1 from pg_extension where extname = 'btree_gin'`.execute(db)).rows.length > 0 ? sql`org_id, ` : sql``;
  await sql`drop index tm_register_name_grams_idx, tm_register_applicant_text_trgm_idx, tm_register_applicant_text_grams_idx`.execute(db);
  await sql`drop index brand_archives_applicant_text_trgm_idx, brand_archives_applicant_text_grams_idx`.execute(db);
  await sql`create index brand_archives_applicant_trgm_idx on brand_archives using gin (${lead}applicant_cn gin_trgm_ops)`.execute(db);
  await sql`create index brand_archives_applicant_grams_idx on brand_archives using gin (${lead}search_grams(applicant_cn))`.execute(db);
  await sql`
    create or replace function archive_ids_applicant_contains(needle text) returns setof integer
    language plpgsql stable strict security definer set search_path = ${sql.id(schema)}, pg_catalog rows 200 as $$
    declare org integer := nullif(current_setting('app.org_id', true), '')::integer;
    begin
      if char_length(needle) >= 3 then
        return query execute 'select id from brand_archives where org_id = $2 and applicant_cn ilike $1'
          using '%' || replace(replace(replace(needle, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%', org;
      else
        return query execute 'select id from brand_archives where org_id = $2 and search_grams(applicant_cn) @> search_needle_grams($1)' using needle, org;
      end if;
    end $$`.execute(db);
  await sql`drop function applicant_text(text, text)`.execute(db);
}
