import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * What cases write back to the archive: a history of each mark's changes (registration, renewal,
 * transfer, change of name, address or agent) with the case that made it; and the application
 * numbers a letter is matched by, on cases and their per-country items.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table brand_history (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      brand_id integer not null references brand_archives(id) on delete cascade,
      case_id integer references cases(id) on delete set null,
      user_id integer references users(id) on delete set null,
      action text not null,
      field text not null default '',
      before_value text not null default '',
      after_value text not null default '',
      content text not null default '',
      created_at timestamptz not null default now()
    );
    create index brand_history_brand_idx on brand_history (brand_id, id desc);
    create index cases_app_no_idx on cases (org_id, app_no) where deleted_at is null and app_no <> '';
    create index case_items_app_no_idx on case_items (org_id, app_no) where app_no <> '';
  `.execute(db);
  await enableTenantIsolation(db, 'brand_history');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index case_items_app_no_idx; drop index cases_app_no_idx; drop table brand_history`.execute(db);
}
