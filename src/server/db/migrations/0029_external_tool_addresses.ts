import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/** An organisation's own addresses of the external search tools; EXTERNAL_TOOLS stays the default. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table external_tool_addresses (
      org_id integer not null references organisations(id),
      tool_key text not null,
      url text not null,
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null default now(),
      primary key (org_id, tool_key)
    );
  `.execute(db);
  await enableTenantIsolation(db, 'external_tool_addresses');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table external_tool_addresses`.execute(db);
}
