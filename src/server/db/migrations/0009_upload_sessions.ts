import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Resumable uploads of large files: one row per upload in progress and one per chunk the server
 * holds, so any server process can take the next chunk and an interrupted upload can resume.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_sessions (
      id text primary key,
      org_id integer not null references organisations(id),
      uploader_id integer references users(id) on delete set null,
      purpose text not null,
      file_name text not null,
      extension text not null,
      size bigint not null,
      chunk_size integer not null,
      chunk_count integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index upload_sessions_updated_at on upload_sessions (updated_at);
    create table upload_chunks (
      org_id integer not null references organisations(id),
      session_id text not null references upload_sessions(id) on delete cascade,
      chunk_index integer not null,
      size integer not null,
      primary key (session_id, chunk_index)
    );
  `.execute(db);
  await enableTenantIsolation(db, 'upload_sessions');
  await enableTenantIsolation(db, 'upload_chunks');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table upload_chunks; drop table upload_sessions`.execute(db);
}
