import { sql, type Kysely } from 'kysely';

/**
 * The archive's most common filter, status within classes: its match count is read from this
 * index alone (index-only), instead of visiting every mark of the classes to check its status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists brand_archives_cls_status_idx on brand_archives (org_id, int_cls, tm_status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index brand_archives_cls_status_idx`.execute(db);
}
