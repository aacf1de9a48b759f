import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/** An organisation's settings for its trademark archive; without a row the defaults apply. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table archive_settings (
      org_id integer primary key references organisations(id),
      default_view text not null default 'card' check (default_view in ('card', 'table')),
      sort_field text not null default 'app_date',
      sort_type text not null default 'desc' check (sort_type in ('asc', 'desc')),
      expiry_reminder_months smallint not null default 6 check (expiry_reminder_months between 1 and 12),
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null default now()
    );
  `.execute(db);
  await enableTenantIsolation(db, 'archive_settings');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table archive_settings`.execute(db);
}
