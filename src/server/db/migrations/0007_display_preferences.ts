import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/** Per-user display preferences (column settings, sort presets, dismissed notices), as JSON text. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table display_preferences (
      org_id integer not null references organisations(id),
      user_id integer not null references users(id) on delete cascade,
      display_type text not null,
      content text not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, display_type)
    );
  `.execute(db);
  await enableTenantIsolation(db, 'display_preferences');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table display_preferences`.execute(db);
}
