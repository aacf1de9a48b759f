import { sql, type Kysely } from 'kysely';
import { createArchiveTextQuery } from './0025_archive_text_estimates.js';

/**
 * "Application number contains", the archive filter bar's default for one number typed or pasted.
 * As a LIKE under row-level security it could only be checked after the tenant check, mark by mark:
 * 0.25–0.5 s for a number among half a million marks. It becomes a kind of text of 0025 ('app_no'),
 * looked up through a trigram index of the numbers (org-led where btree_gin is available, as in 0019)
 * by a SECURITY DEFINER function for the transaction's organisation, and estimated and counted as
 * the other kinds are. Numbers of one or two characters, in most marks, are read in sort order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name;
  const path = sql`${sql.id(schema)}, pg_catalog`;
  const orgLed = (await sql`select 1 from pg_extension where extname = 'btree_gin'`.execute(db)).rows.length > 0;
  await sql`create index brand_archives_app_no_trgm_idx on brand_archives using gin (${orgLed ? sql`org_id, ` : sql``}app_no gin_trgm_ops)`.execute(db);

  await createArchiveTextQuery(db, `when 'app_no' then 'select id from brand_archives where org_id = $2 and app_no like $1'`);

  await sql`
    create or replace function archive_ids_app_no_contains(needle text) returns setof integer
    language plpgsql stable strict security definer set search_path = ${path} rows 200 as $$
    begin
      return query execute archive_text_query('app_no', needle, true)
        using contains_pattern(needle), nullif(current_setting('app.org_id', true), '')::integer, needle;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function archive_ids_app_no_contains(text)`.execute(db);
  await createArchiveTextQuery(db);
  await sql`drop index brand_archives_app_no_trgm_idx`.execute(db);
}
