import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Prices an organisation's admin adds to CNIPA's official fee table, each from a date with the
 * document it comes from. The shipped entries stay in schemas/dicts/official-fees.json; these are
 * read beside them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table official_fee_prices (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      item text not null,
      effective_from date not null,
      paper numeric(12, 2) not null check (paper >= 0),
      online numeric(12, 2) check (online >= 0),
      extra_paper numeric(12, 2) check (extra_paper >= 0),
      extra_online numeric(12, 2) check (extra_online >= 0),
      source text not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create unique index official_fee_prices_one_price on official_fee_prices (org_id, item, effective_from);
  `.execute(db);
  await enableTenantIsolation(db, 'official_fee_prices');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table official_fee_prices`.execute(db);
}
