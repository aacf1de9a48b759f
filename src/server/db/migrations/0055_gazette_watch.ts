import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * The gazette watch: register marks published for opposition that conflict with an organisation's
 * own marks (one row per organisation, publication and own mark, so a run never adds a pair twice),
 * and per organisation how far matching has come (the watermarks of the register and the archive).
 * The register is read by publication date and by the time a row last changed, so a run finds what
 * is new without reading the whole register.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index tm_register_prelim_date_idx on tm_register (prelim_date) where prelim_date is not null;
    create index tm_register_updated_at_idx on tm_register (updated_at, id);
    create table gazette_hits (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      register_id integer not null references tm_register(id) on delete cascade,
      brand_id integer not null references brand_archives(id) on delete cascade,
      reasons text[] not null,
      goods_note text not null default '',
      groups text[] not null default '{}',
      score numeric(5, 3) not null,
      prelim_date date not null,
      announcement_issue text not null default '',
      deadline date not null,
      state text not null default 'new' check (state in ('new', 'dismissed', 'proposal')),
      demand_id integer references demands(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (org_id, register_id, brand_id)
    );
    create index gazette_hits_org_deadline_idx on gazette_hits (org_id, deadline, id);
    create index gazette_hits_brand_idx on gazette_hits (brand_id);
    create index gazette_hits_register_idx on gazette_hits (register_id);
    create index gazette_hits_demand_idx on gazette_hits (demand_id) where demand_id is not null;
    create table gazette_runs (
      org_id integer primary key references organisations(id),
      register_mark timestamptz,
      archive_mark timestamptz,
      state text not null default 'idle' check (state in ('idle', 'running', 'failed')),
      started_at timestamptz,
      finished_at timestamptz,
      checked integer not null default 0,
      added integer not null default 0,
      message text not null default ''
    );
  `.execute(db);
  for (const table of ['gazette_hits', 'gazette_runs']) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table gazette_runs;
    drop table gazette_hits;
    drop index tm_register_updated_at_idx;
    drop index tm_register_prelim_date_idx;
  `.execute(db);
}
