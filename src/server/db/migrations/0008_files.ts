import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/** Uploaded files: where each is stored, what it really is, and whose it is. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table files (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      uploader_id integer references users(id) on delete set null,
      path text not null,
      original_name text not null,
      content_type text not null,
      size bigint not null,
      sha256 text not null,
      created_at timestamptz not null default now(),
      unique (org_id, path)
    );
  `.execute(db);
  await enableTenantIsolation(db, 'files');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table files`.execute(db);
}
