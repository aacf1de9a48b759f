import { sql, type Kysely } from 'kysely';

/**
 * The trigram indexes of application and registration numbers (0026, 0027) become indexes of
 * `lower(number)`. pg_trgm also answers `=` from a trigram index, and once PostgreSQL had analysed a
 * growing archive it looked up numbers by equality there instead of in the b-tree: every number
 * shares its trigrams with thousands of others, so an import's check of a hundred numbers read the
 * whole index (0.3 s per batch at 15,000 marks, growing with the archive). On `lower(number)` the
 * trigram index serves "number contains" (ILIKE finds the same rows either way) and nothing else.
 */
const NUMBER_KINDS = `when 'app_no' then 'select id from brand_archives where org_id = $2 and lower(app_no) ilike $1'
        when 'reg_no' then 'select id from brand_archives where org_id = $2 and lower(reg_no) ilike $1'`;

/** 0027's branches, which undoing this migration writes back. */
const PLAIN_NUMBER_KINDS = `when 'app_no' then 'select id from brand_archives where org_id = $2 and app_no ilike $1'
        when 'reg_no' then 'select id from brand_archives where org_id = $2 and reg_no ilike $1'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const lead = await orgLead(db);
  await sql`drop index if exists brand_archives_app_no_trgm_idx, brand_archives_reg_no_trgm_idx, tm_register_app_no_trgm_idx, tm_register_reg_no_trgm_idx`.execute(
    db,
  );
  await sql`create index brand_archives_app_no_trgm_idx on brand_archives using gin (${lead}lower(app_no) gin_trgm_ops)`.execute(db);
  await sql`create index brand_archives_reg_no_trgm_idx on brand_archives using gin (${lead}lower(reg_no) gin_trgm_ops)`.execute(db);
  await sql`create index tm_register_app_no_trgm_idx on tm_register using gin (lower(app_no) gin_trgm_ops)`.execute(db);
  await sql`create index tm_register_reg_no_trgm_idx on tm_register using gin (lower(reg_no) gin_trgm_ops)`.execute(db);
  await createArchiveTextQuery(db, NUMBER_KINDS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const lead = await orgLead(db);
  await createArchiveTextQuery(db, PLAIN_NUMBER_KINDS);
  await sql`drop index brand_archives_app_no_trgm_idx, brand_archives_reg_no_trgm_idx, tm_register_app_no_trgm_idx, tm_register_reg_no_trgm_idx`.execute(db);
  await sql`create index brand_archives_app_no_trgm_idx on brand_archives using gin (${lead}app_no gin_trgm_ops)`.execute(db);
  await sql`create index brand_archives_reg_no_trgm_idx on brand_archives using gin (${lead}reg_no gin_trgm_ops)`.execute(db);
  await sql`create index tm_register_app_no_trgm_idx on tm_register using gin (app_no gin_trgm_ops)`.execute(db);
  await sql`create index tm_register_reg_no_trgm_idx on tm_register using gin (reg_no gin_trgm_ops)`.execute(db);
}

/** The archive's indexes lead with the organisation where btree_gin is available (as in 0019). */
async function orgLead(db: Kysely<unknown>) {
  const orgLed = (await sql`select 1 from pg_extension where extname = 'btree_gin'`.execute(db)).rows.length > 0;
  return orgLed ? sql`org_id, ` : sql``;
}

/** 0025's lookup statement of each kind of text, as written then, with `moreKinds` as further branches of its CASE on the kind. */
async function createArchiveTextQuery(db: Kysely<unknown>, moreKinds: string): Promise<void> {
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
