import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/** An organisation's own arrangement of the country tree; without a row the built-in one applies. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table country_trees (
      org_id integer primary key references organisations(id),
      tree text not null,
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null default now()
    );
  `.execute(db);
  await enableTenantIsolation(db, 'country_trees');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table country_trees`.execute(db);
}
