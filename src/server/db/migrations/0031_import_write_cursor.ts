import { sql, type Kysely } from 'kysely';

/**
 * An import writes its marks a batch per transaction, each batch recording the last sheet row it
 * wrote: other requests take their turn between batches, and an import a restart interrupted goes
 * on from there instead of writing a row twice or leaving the rest unwritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table brand_import_jobs add column written_through_row integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table brand_import_jobs drop column written_through_row`.execute(db);
}
