import { sql, type Kysely } from 'kysely';
import { createArchiveIdFunction, createArchiveTextQuery } from './0025_archive_text_estimates.js';
import { APP_NO_KIND } from './0026_archive_app_no_contains.js';

/**
 * The number kinds as further branches of 0025's statement: 0026's application number, now matched
 * regardless of case as every other text is (the search tool matched it so before), and the
 * registration number.
 */
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
