import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Finance: the fee records cases create per country (or that are entered by hand), their payments,
 * the per-day counter of record numbers; and the 财务管理 permission for the roles that already
 * administer users, so existing administrators keep seeing everything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table finance_counters (
      org_id integer not null references organisations(id),
      day date not null,
      last integer not null,
      primary key (org_id, day)
    );
    create table finance_records (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      record_no text not null,
      title text not null,
      case_id integer references cases(id) on delete set null,
      brand_id integer references brand_archives(id) on delete set null,
      enterprise_id integer references enterprises(id) on delete set null,
      client_name text not null default '',
      country_code text not null default '',
      country_name text not null default '',
      official_fees numeric(14, 2) not null default 0 check (official_fees >= 0),
      agency_fees numeric(14, 2) not null default 0 check (agency_fees >= 0),
      sundry_fees numeric(14, 2) not null default 0 check (sundry_fees >= 0),
      currency text not null default 'CNY',
      state text not null default 'draft' check (state in ('draft', 'published')),
      due_date date,
      note text not null default '',
      published_at timestamptz,
      published_by integer references users(id) on delete set null,
      invoice_state text not null default 'none' check (invoice_state in ('none', 'requested', 'issued')),
      invoice jsonb,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index finance_records_no_idx on finance_records (org_id, record_no);
    create index finance_records_case_idx on finance_records (case_id);
    create index finance_records_brand_idx on finance_records (brand_id);
    create index finance_records_org_created_idx on finance_records (org_id, created_at desc, id desc);
    create table finance_payments (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      record_id integer not null references finance_records(id) on delete cascade,
      amount numeric(14, 2) not null check (amount > 0),
      paid_on date not null,
      method text not null default '',
      note text not null default '',
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index finance_payments_record_idx on finance_payments (record_id);
    update roles set role_auth = role_auth || ',finance'
      where ',' || role_auth || ',' like '%,userManagement,%' and ',' || role_auth || ',' not like '%,finance,%';
  `.execute(db);
  for (const table of ['finance_counters', 'finance_records', 'finance_payments']) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table finance_payments;
    drop table finance_records;
    drop table finance_counters;
    update roles set role_auth = array_to_string(array_remove(string_to_array(role_auth, ','), 'finance'), ',');
  `.execute(db);
}
