import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/** Each user's private notes (备忘录). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table memos (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      user_id integer not null references users(id) on delete cascade,
      content text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index memos_user_idx on memos (user_id, updated_at desc);
  `.execute(db);
  await enableTenantIsolation(db, 'memos');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table memos`.execute(db);
}
