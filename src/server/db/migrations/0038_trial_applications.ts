import { sql, type Kysely } from 'kysely';

/**
 * Trial sign-up: requests for an account from the public home page, decided by the platform's
 * operators (users flagged platform_operator). Approving one creates an organisation with its
 * administrator role and first administrator, which no tenant may do itself: a SECURITY DEFINER
 * function does exactly that and nothing more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column platform_operator boolean not null default false;
    create table trial_applications (
      id integer generated always as identity primary key,
      company_name text not null,
      kind text not null check (kind in ('company', 'agency')),
      contact_name text not null,
      phone text not null,
      email text,
      username text not null,
      note text,
      source integer not null default 1,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
      reason text,
      decided_by integer references users(id) on delete set null,
      decided_at timestamptz,
      org_id integer references organisations(id),
      created_at timestamptz not null default now()
    );
    create index trial_applications_status_idx on trial_applications (status, created_at desc);
    create index trial_applications_phone_idx on trial_applications (phone, created_at desc);
  `.execute(db);
  await sql`
    create function create_trial_organisation(
      p_name text, p_kind text, p_role_auth text, p_username text, p_display_name text,
      p_phone text, p_email text, p_password_hash text
    ) returns integer
    language plpgsql security definer set search_path = public
    as $$
    declare
      new_org integer;
      new_role integer;
    begin
      insert into organisations (name, kind) values (p_name, p_kind) returning id into new_org;
      insert into roles (org_id, name, role_auth) values (new_org, '管理员', p_role_auth) returning id into new_role;
      insert into users (org_id, role_id, username, display_name, phone, email, password_hash, must_change_password)
        values (new_org, new_role, p_username, p_display_name, p_phone, p_email, p_password_hash, true);
      return new_org;
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function create_trial_organisation(text, text, text, text, text, text, text, text);
    drop table trial_applications;
    alter table users drop column platform_operator;
  `.execute(db);
}
