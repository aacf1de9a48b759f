import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Administration of users: departments as a tree with a head each, a user's department, the first
 * password a user must change at first sign-in, and the enterprises an agency user handles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table departments (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      name text not null,
      parent_id integer references departments(id),
      head_user_id integer references users(id) on delete set null,
      sort integer not null default 0,
      created_at timestamptz not null default now()
    );
    create unique index departments_sibling_name on departments (org_id, coalesce(parent_id, 0), name);
    create index departments_parent_idx on departments (parent_id);
    alter table users add column department_id integer references departments(id);
    alter table users add column must_change_password boolean not null default false;
    create index users_department_idx on users (department_id);
    create table user_enterprises (
      org_id integer not null references organisations(id),
      user_id integer not null references users(id) on delete cascade,
      enterprise_id integer not null references enterprises(id) on delete cascade,
      primary key (user_id, enterprise_id)
    );
    create index user_enterprises_enterprise_idx on user_enterprises (enterprise_id);
  `.execute(db);
  // Login names are unique across organisations, which a tenant cannot see: it may ask whether one is taken, nothing more.
  await sql`
    create function username_taken(candidate text) returns boolean
    language sql stable security definer set search_path = public
    as $$ select exists (select 1 from users where username = candidate) $$
  `.execute(db);
  await enableTenantIsolation(db, 'departments');
  await enableTenantIsolation(db, 'user_enterprises');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function username_taken(text);
    drop table user_enterprises;
    alter table users drop column must_change_password;
    alter table users drop column department_id;
    drop table departments;
  `.execute(db);
}
