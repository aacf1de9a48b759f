import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

const TENANT_TABLES = ['roles', 'users', 'sessions', 'enterprise_groups', 'enterprises', 'schema_versions', 'operation_log'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table organisations (
      id integer generated always as identity primary key,
      name text not null,
      kind text not null check (kind in ('company', 'agency')),
      created_at timestamptz not null default now()
    );
    create table roles (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      name text not null,
      role_auth text not null default '',
      created_at timestamptz not null default now(),
      unique (org_id, name)
    );
    create table users (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      role_id integer not null references roles(id),
      username text not null unique,
      display_name text not null,
      phone text not null default '',
      email text,
      password_hash text not null,
      mauth boolean not null default true,
      locked boolean not null default false,
      valid_from timestamptz,
      valid_until timestamptz,
      failed_logins integer not null default 0,
      locked_until timestamptz,
      deleted_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index users_org_idx on users (org_id);
    create table sessions (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      user_id integer not null references users(id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index sessions_user_idx on sessions (user_id);
    create table enterprise_groups (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      name text not null,
      superior_id integer references enterprise_groups(id),
      created_at timestamptz not null default now()
    );
    create table enterprises (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      group_id integer references enterprise_groups(id),
      applicant_type integer not null default 1,
      book_type integer not null default 1,
      applicant_name text not null,
      applicant_address text,
      post_code text,
      applicant_credit_code text,
      legal_person text,
      certificate_no text,
      created_at timestamptz not null default now()
    );
    create index enterprises_org_idx on enterprises (org_id);
    create table schema_versions (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      kind text not null,
      key text not null,
      version integer not null,
      status text not null check (status in ('draft', 'published', 'archived')),
      body jsonb not null,
      author_id integer references users(id),
      comment text,
      created_at timestamptz not null default now(),
      unique (org_id, kind, key, version)
    );
    create unique index schema_versions_one_published on schema_versions (org_id, kind, key) where status = 'published';
    create table operation_log (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      user_id integer references users(id) on delete set null,
      operation text not null,
      detail jsonb not null default '{}',
      created_at timestamptz not null default now()
    );
    create index operation_log_org_time_idx on operation_log (org_id, created_at desc);
  `.execute(db);

  // The role every tenant request runs as; row-level security binds it to one organisation.
  await sql`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'ipm_app') then
        create role ipm_app nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$;
  `.execute(db);

  await sql`alter table organisations enable row level security`.execute(db);
  await sql`create policy tenant_isolation on organisations
    using (id = nullif(current_setting('app.org_id', true), '')::integer)`.execute(db);
  for (const table of TENANT_TABLES) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table operation_log, schema_versions, enterprises, enterprise_groups, sessions, users, roles, organisations`.execute(db);
}
