import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Official letters as the docketing core (spec 001 §3): what a letter says of itself (its dispatch
 * number, the natural key that refuses the same letter twice; its send date, the base of the
 * presumed delivery of 条例 §10; the file's hash), whether the day it reached us is proven, the
 * business it belongs to, the internal handling deadline kept apart from the official one and how
 * the official one was reached, the class-specific fields, and the case it concerns. Service by
 * public notice joins 电子 and 纸质. Beside it: the working-day corrections for years the shipped
 * holiday table does not know (platform-wide: the State Council's schedule is one for everyone),
 * and an organisation's own edited copy of the letter-type catalogue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table official_documents
      add column business text not null default 'trademark' check (business in ('trademark', 'copyright')),
      add column dispatch_no text not null default '',
      add column send_date date,
      add column receipt_proven boolean not null default false,
      add column file_hash text not null default '',
      add column handling_limit date,
      add column deadline_basis jsonb,
      add column details jsonb not null default '{}',
      add column case_id integer references cases(id) on delete set null,
      drop constraint official_documents_delivery_method_check,
      add constraint official_documents_delivery_method_check check (delivery_method in ('电子', '纸质', '公告'));
    create unique index official_documents_dispatch_idx on official_documents (org_id, dispatch_no) where dispatch_no <> '';
    create index official_documents_hash_idx on official_documents (org_id, file_hash) where file_hash <> '';
    -- the letters list: pending first by deadline, per business
    create index official_documents_list_idx on official_documents (org_id, business, receive_date desc, id desc);
    create index official_documents_due_idx on official_documents (org_id, official_limit) where status = 0;
    create index official_documents_app_no_idx on official_documents (org_id, app_no);

    create table calendar_days (
      day date primary key,
      kind text not null check (kind in ('holiday', 'workday')),
      name text not null default '',
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null default now()
    );

    create table official_type_catalogs (
      org_id integer primary key references organisations(id),
      entries jsonb not null,
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null default now()
    );
  `.execute(db);
  await enableTenantIsolation(db, 'official_type_catalogs');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table official_type_catalogs;
    drop table calendar_days;
    drop index official_documents_dispatch_idx, official_documents_hash_idx, official_documents_list_idx, official_documents_due_idx, official_documents_app_no_idx;
    alter table official_documents
      drop constraint official_documents_delivery_method_check,
      add constraint official_documents_delivery_method_check check (delivery_method in ('电子', '纸质')),
      drop column business, drop column dispatch_no, drop column send_date, drop column receipt_proven,
      drop column file_hash, drop column handling_limit, drop column deadline_basis, drop column details, drop column case_id;
  `.execute(db);
}
