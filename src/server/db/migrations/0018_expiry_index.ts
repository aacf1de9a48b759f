import { sql, type Kysely } from 'kysely';

/** "Expiring within N months", sorted by the end date: read from an index, not the whole archive. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists brand_archives_private_end_idx on brand_archives (org_id, private_end_date, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index brand_archives_private_end_idx`.execute(db);
}
