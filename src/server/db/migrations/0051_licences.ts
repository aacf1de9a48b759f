import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Trademark licences (商标使用许可): one row per licence with its parties, type, territory, term,
 * royalty and the licence-filing case (许可备案) it was filed by; the archive marks it covers with the
 * goods licensed of each, as JSON text (the spec's licenseGoods); and the end-of-term reminders sent,
 * one per licence and end date so a reminder goes out once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table licences (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      licensor text not null,
      licensee text not null,
      licence_type text not null check (licence_type in ('exclusive', 'sole', 'ordinary')),
      territory text not null default '',
      start_date date not null,
      end_date date not null,
      royalty numeric,
      remark text not null default '',
      case_id integer references cases(id) on delete set null,
      handler_user_id integer references users(id) on delete set null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_date >= start_date)
    );
    create index licences_list_idx on licences (org_id, updated_at desc, id desc);
    create index licences_end_idx on licences (end_date);
    create table licence_marks (
      org_id integer not null references organisations(id),
      licence_id integer not null references licences(id) on delete cascade,
      brand_id integer not null references brand_archives(id) on delete cascade,
      license_goods text not null,
      position integer not null default 0,
      primary key (licence_id, brand_id)
    );
    create index licence_marks_brand_idx on licence_marks (brand_id);
    create table licence_reminders (
      org_id integer not null references organisations(id),
      licence_id integer not null references licences(id) on delete cascade,
      end_date date not null,
      user_ids integer[] not null default '{}',
      sent_at timestamptz not null default now(),
      primary key (licence_id, end_date)
    );
  `.execute(db);
  for (const table of ['licences', 'licence_marks', 'licence_reminders']) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table licence_reminders;
    drop table licence_marks;
    drop table licences;
  `.execute(db);
}
