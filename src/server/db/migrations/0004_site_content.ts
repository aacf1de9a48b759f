import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/** Content the platform shows every organisation: agreement, home banners, release notes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_documents (
      key text primary key,
      title text not null,
      content text not null,
      version text not null,
      updated_at timestamptz not null default now()
    );
    create table banners (
      id integer generated always as identity primary key,
      title text not null,
      subtitle text not null default '',
      link text,
      position integer not null default 0,
      active boolean not null default true
    );
    create table release_notes (
      version text primary key,
      title text not null,
      content text not null,
      published_at timestamptz not null default now()
    );
    create table release_note_reads (
      org_id integer not null references organisations(id),
      user_id integer not null references users(id) on delete cascade,
      version text not null references release_notes(version) on delete cascade,
      read_at timestamptz not null default now(),
      primary key (user_id, version)
    );
  `.execute(db);
  await enableTenantIsolation(db, 'release_note_reads');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table release_note_reads, release_notes, banners, site_documents`.execute(db);
}
