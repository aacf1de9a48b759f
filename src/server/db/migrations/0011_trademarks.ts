import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Trademarks in two scopes. The register holds public trademark data (imported or synced through
 * an adapter) that every organisation may search; the archive holds an organisation's own marks,
 * each optionally linked to its register record, with the organisation's edits and custom values.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table tm_register (
      id integer generated always as identity primary key,
      country_code text not null default 'CN',
      app_no text not null,
      reg_no text,
      int_cls smallint not null check (int_cls between 1 and 45),
      tm_name text not null default '',
      tm_name_pinyin text not null default '',
      tm_type text not null default '普通商标',
      tm_status text not null,
      ori_tm_status text not null default '',
      applicant_cn text not null default '',
      applicant_en text not null default '',
      applicant_address text not null default '',
      applicant_address_en text not null default '',
      agent text not null default '',
      agent_en text not null default '',
      app_date date,
      prelim_date date,
      announcement_issue text not null default '',
      reg_date date,
      reg_issue text not null default '',
      private_end_date date,
      submit_way text not null default '单一申请',
      goods jsonb not null default '[]',
      goods_en jsonb not null default '[]',
      logo_path text,
      logo_hash bigint,
      updated_at timestamptz not null default now(),
      unique (country_code, app_no, int_cls)
    );
    create index tm_register_app_no_idx on tm_register (app_no);
    create index tm_register_reg_no_idx on tm_register (reg_no) where reg_no is not null;
    create index tm_register_name_trgm_idx on tm_register using gin (tm_name gin_trgm_ops);
    create index tm_register_pinyin_trgm_idx on tm_register using gin (tm_name_pinyin gin_trgm_ops);
    create index tm_register_applicant_trgm_idx on tm_register using gin (applicant_cn gin_trgm_ops);
    create index tm_register_app_date_idx on tm_register (app_date desc, id desc);

    create table brand_archives (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      register_id integer references tm_register(id) on delete set null,
      source smallint not null default 1 check (source between 0 and 3),
      owner_user_id integer references users(id) on delete set null,
      country_code text not null default 'CN',
      app_no text not null default '',
      reg_no text,
      int_cls smallint check (int_cls between 1 and 45),
      tm_name text not null default '',
      tm_name_pinyin text not null default '',
      new_tm_name text not null default '',
      tm_type text not null default '普通商标',
      tm_status text not null default '',
      ori_tm_status text not null default '',
      applicant_cn text not null default '',
      applicant_en text not null default '',
      applicant_address text not null default '',
      applicant_address_en text not null default '',
      agent text not null default '',
      agent_en text not null default '',
      agent_address text not null default '',
      agent_address_en text not null default '',
      app_date date,
      prelim_date date,
      announcement_issue text not null default '',
      reg_date date,
      reg_issue text not null default '',
      private_end_date date,
      submit_way text not null default '单一申请',
      goods jsonb not null default '[]',
      goods_en jsonb not null default '[]',
      logo_path text,
      logo_hash bigint,
      custom_values jsonb not null default '{}',
      remark text not null default '',
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index brand_archives_app_date_idx on brand_archives (org_id, app_date desc nulls last, id desc);
    create index brand_archives_reg_date_idx on brand_archives (org_id, reg_date desc nulls last, id desc);
    create index brand_archives_app_no_idx on brand_archives (org_id, app_no);
    create index brand_archives_reg_no_idx on brand_archives (org_id, reg_no);
    create index brand_archives_status_idx on brand_archives (org_id, tm_status, app_date desc nulls last, id desc);
    create index brand_archives_cls_idx on brand_archives (org_id, int_cls, app_date desc nulls last, id desc);
    create index brand_archives_owner_idx on brand_archives (org_id, owner_user_id);
    create index brand_archives_register_idx on brand_archives (register_id);
    create index brand_archives_name_trgm_idx on brand_archives using gin (tm_name gin_trgm_ops);
    create index brand_archives_pinyin_trgm_idx on brand_archives using gin (tm_name_pinyin gin_trgm_ops);
    create index brand_archives_applicant_trgm_idx on brand_archives using gin (applicant_cn gin_trgm_ops);
    create index brand_archives_custom_idx on brand_archives using gin (custom_values jsonb_path_ops);
  `.execute(db);
  await enableTenantIsolation(db, 'brand_archives');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table brand_archives, tm_register`.execute(db);
}
