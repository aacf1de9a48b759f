import { sql, type Kysely } from 'kysely';
import { createArchiveIdFunction, createArchiveTextQuery } from './0025_archive_text_estimates.js';

/** This migration's kind of text, a branch of 0025's lookup statement. */
export const APP_NO_KIND = `when 'app_no' then 'select id from brand_archives where org_id = $2 and app_no like $1'`;

/**
 * "Application number contains", the archive filter bar's default for one number typed or pasted.
 * As a LIKE under row-level security it could only be checked after the tenant check, mark by mark:
 * 0.25–0.5 s for a number among half a million marks. It becomes a kind of text of 0025 ('app_no'),
 * looked up through a trigram index of the numbers (org-led where btree_gin is available, as in 0019)
 * by a SECURITY DEFINER function for the transaction's organisation, and estimated and counted as
 * the other kinds are. Numbers of one or two characters, in most marks, are read in sort order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const orgLed = (await sql`select 1 from pg_extension where extname = 'btree_gin'`.execute(db)).rows.length > 0;
  await sql`create index brand_archives_app_no_trgm_idx on brand_archives using gin (${orgLed ? sql`org_id, ` : sql``}app_no gin_trgm_ops)`.execute(db);

  await createArchiveTextQuery(db, APP_NO_KIND);

  await createArchiveIdFunction(db, 'archive_ids_app_no_contains', 'app_no');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function archive_ids_app_no_contains(text)`.execute(db);
  await createArchiveTextQuery(db);
  await sql`drop index brand_archives_app_no_trgm_idx`.execute(db);
}
