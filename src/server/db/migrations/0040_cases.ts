import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

const CASE_TABLES = ['case_counters', 'cases', 'case_items', 'case_files', 'case_marks', 'case_trends', 'case_comments', 'case_stage_records'];

/**
 * Cases (spec 000 §3, §4): one row per case with its type and the version of the type it was
 * created with, its status and stage, the saved payload and a revision that refuses a stale save;
 * per-country items with their fees, the files submitted, the archive marks it concerns, what
 * happened on it (trends), comments, and the stages it went through with their deadlines. Case
 * numbers are counted per organisation and day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table case_counters (
      org_id integer not null references organisations(id),
      day date not null,
      last integer not null,
      primary key (org_id, day)
    );
    create table cases (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      case_no text not null,
      case_type text not null,
      type_version_id integer references schema_versions(id),
      type_version integer not null default 0,
      status text not null,
      stage text not null,
      brand_id integer references brand_archives(id) on delete set null,
      enterprise_id integer references enterprises(id) on delete set null,
      applicant_name text not null default '',
      tm_name text not null default '',
      countries text not null default '',
      classes integer[] not null default '{}',
      handler_user_id integer references users(id) on delete set null,
      created_by integer references users(id) on delete set null,
      submit_type text not null default 'online' check (submit_type in ('online', 'paper')),
      app_no text not null default '',
      result text check (result in ('success', 'failure')),
      result_note text not null default '',
      biz_param jsonb not null default '{}',
      custom_values jsonb not null default '{}',
      parent_case_id integer references cases(id) on delete set null,
      revision integer not null default 0,
      stage_deadline date,
      submitted_at timestamptz,
      filed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create unique index cases_case_no on cases (org_id, case_no);
    create index cases_list_idx on cases (org_id, created_at desc) where deleted_at is null;
    create index cases_type_idx on cases (org_id, case_type, status) where deleted_at is null;
    create index cases_handler_idx on cases (org_id, handler_user_id) where deleted_at is null;
    create index cases_brand_idx on cases (brand_id);
    create index cases_deadline_idx on cases (org_id, stage_deadline) where deleted_at is null;
    create table case_items (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      case_id integer not null references cases(id) on delete cascade,
      country_code text not null,
      country_name text not null default '',
      classes integer[] not null default '{}',
      goods jsonb not null default '[]',
      goods_translate text not null default '',
      basic_tm_infos text not null default '',
      apply_basic text not null default '',
      app_no text not null default '',
      official_fees numeric(12, 2) not null default 0,
      agency_fees numeric(12, 2) not null default 0,
      sundry_fees numeric(12, 2) not null default 0,
      position integer not null default 0,
      unique (case_id, country_code)
    );
    create index case_items_country_idx on case_items (org_id, country_code);
    create table case_files (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      case_id integer not null references cases(id) on delete cascade,
      country_code text not null,
      attachment_key text,
      file_name text not null,
      file_path text not null,
      position integer not null default 0
    );
    create index case_files_case_idx on case_files (case_id);
    create table case_marks (
      org_id integer not null references organisations(id),
      case_id integer not null references cases(id) on delete cascade,
      brand_id integer not null references brand_archives(id) on delete cascade,
      main boolean not null default false,
      primary key (case_id, brand_id)
    );
    create index case_marks_brand_idx on case_marks (brand_id);
    create table case_trends (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      case_id integer not null references cases(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      action text not null,
      content text not null default '',
      created_at timestamptz not null default now()
    );
    create index case_trends_case_idx on case_trends (case_id, id desc);
    create table case_comments (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      case_id integer not null references cases(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      content text not null,
      mentioned_user_ids integer[] not null default '{}',
      created_at timestamptz not null default now()
    );
    create index case_comments_case_idx on case_comments (case_id, id);
    create table case_stage_records (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      case_id integer not null references cases(id) on delete cascade,
      stage text not null,
      stage_title text not null,
      entered_at timestamptz not null default now(),
      deadline date,
      left_at timestamptz
    );
    create index case_stage_records_case_idx on case_stage_records (case_id, id);
  `.execute(db);
  for (const table of CASE_TABLES) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table case_stage_records, case_comments, case_trends, case_marks, case_files, case_items, cases, case_counters`.execute(db);
}
