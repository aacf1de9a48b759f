import { sql, type Kysely } from 'kysely';

/**
 * Uploads the browser sends straight to the object store (a presigned PUT): an upload session
 * without chunks, its bytes at `object_key` in the bucket until the file is registered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_sessions add column object_key text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_sessions drop column object_key`.execute(db);
}
