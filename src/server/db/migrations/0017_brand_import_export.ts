import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Batch import of an existing portfolio from a spreadsheet and exports of the archive. Both run as
 * jobs that outlive the request that started them: the page polls the job row for its state.
 * An import keeps one issue row per problem found, so a report of 20,000 rows is read page by page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table brand_import_jobs (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      user_id integer references users(id) on delete set null,
      file_path text not null,
      file_name text not null,
      status text not null check (status in ('checking', 'checked', 'importing', 'done', 'failed', 'cancelled')),
      existing_mode text not null default 'skip' check (existing_mode in ('skip', 'update')),
      total_rows integer not null default 0,
      valid_rows integer not null default 0,
      error_rows integer not null default 0,
      warning_rows integer not null default 0,
      existing_rows integer not null default 0,
      inserted_rows integer not null default 0,
      updated_rows integer not null default 0,
      skipped_rows integer not null default 0,
      report_path text,
      message text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index brand_import_jobs_user_idx on brand_import_jobs (org_id, user_id, id desc);

    create table brand_import_issues (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      job_id integer not null references brand_import_jobs(id) on delete cascade,
      row_no integer not null,
      column_name text not null,
      level text not null check (level in ('error', 'warning')),
      message text not null
    );
    create index brand_import_issues_job_idx on brand_import_issues (job_id, level, row_no, id);

    create table brand_exports (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      user_id integer references users(id) on delete set null,
      filter jsonb not null default '{}',
      filter_summary text not null default '',
      columns jsonb not null default '[]',
      status text not null check (status in ('running', 'done', 'failed')),
      total_rows integer not null default 0,
      processed_rows integer not null default 0,
      file_path text,
      file_name text not null default '',
      message text not null default '',
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index brand_exports_org_idx on brand_exports (org_id, id desc);
  `.execute(db);
  for (const table of ['brand_import_jobs', 'brand_import_issues', 'brand_exports']) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table brand_import_issues, brand_import_jobs, brand_exports`.execute(db);
}
