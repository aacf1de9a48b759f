import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

const DEMAND_TABLES = [
  'demand_counters',
  'demand_links',
  'demands',
  'demand_rounds',
  'demand_steps',
  'demand_step_approvers',
  'demand_step_reminders',
  'demand_participants',
  'demand_marks',
  'demand_letters',
  'demand_cases',
  'demand_schemes',
  'demand_comments',
  'demand_trends',
  'demand_link_uploads',
];

/**
 * Proposals (提案, demands in the calls) and their approval: one row per proposal with the type and
 * the version of it the proposal keeps, its form data and state; each submission is a round with the
 * path it took through the flow; each approver node reached is a step, and each person asked to
 * decide it a row with their decision, so a rejected round's decisions stay when the proposal is
 * submitted again. Reminders sent for a step are recorded per period so they go out once. The
 * proposal's participants, marks, letters, the cases its approval created, the schemes offered on it,
 * comments and trends; the signed links outsiders submit through, and the files uploaded through them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table demand_counters (
      org_id integer not null references organisations(id),
      year integer not null,
      last integer not null,
      primary key (org_id, year)
    );
    create table demand_links (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      title text not null,
      type_names text[] not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index demand_links_org_idx on demand_links (org_id, id desc);
    create table demands (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      demand_no text not null,
      type_name text not null,
      type_version_id integer references schema_versions(id),
      type_version integer not null default 0,
      title text not null,
      form_data jsonb not null default '{}',
      files jsonb not null default '[]',
      state text not null default 'draft' check (state in ('draft', 'approving', 'approved', 'rejected', 'withdrawn')),
      submitter_id integer references users(id) on delete set null,
      source text not null default 'internal' check (source in ('internal', 'link')),
      link_id integer references demand_links(id) on delete set null,
      contact jsonb,
      client_ip text,
      round integer not null default 0,
      chosen_scheme_id integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      submitted_at timestamptz,
      decided_at timestamptz
    );
    create unique index demands_no_idx on demands (org_id, demand_no);
    create index demands_list_idx on demands (org_id, updated_at desc, id desc);
    create index demands_submitter_idx on demands (org_id, submitter_id);
    create index demands_link_idx on demands (link_id, created_at) where link_id is not null;
    create table demand_rounds (
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      round integer not null,
      path jsonb not null default '[]',
      submitted_at timestamptz not null default now(),
      ended_at timestamptz,
      outcome text check (outcome in ('approved', 'rejected', 'withdrawn')),
      primary key (demand_id, round)
    );
    create table demand_steps (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      round integer not null,
      node_id text not null,
      node_name text not null,
      mode text not null check (mode in ('all', 'any')),
      state text not null default 'waiting' check (state in ('waiting', 'approved', 'rejected', 'cancelled')),
      to_admins boolean not null default false,
      remind_after_hours numeric,
      entered_at timestamptz not null default now(),
      decided_at timestamptz
    );
    create index demand_steps_demand_idx on demand_steps (demand_id, round, id);
    create index demand_steps_waiting_idx on demand_steps (entered_at) where state = 'waiting' and remind_after_hours is not null;
    create table demand_step_approvers (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      step_id integer not null references demand_steps(id) on delete cascade,
      user_id integer not null references users(id),
      decision text not null default 'pending' check (decision in ('pending', 'approved', 'rejected', 'reassigned', 'notNeeded')),
      comment text,
      decided_at timestamptz,
      reassigned_from_user_id integer references users(id),
      reassign_reason text,
      created_at timestamptz not null default now()
    );
    create index demand_step_approvers_step_idx on demand_step_approvers (step_id, id);
    create index demand_step_approvers_user_idx on demand_step_approvers (org_id, user_id, decision);
    create index demand_step_approvers_demand_idx on demand_step_approvers (demand_id, user_id);
    create table demand_step_reminders (
      org_id integer not null references organisations(id),
      step_id integer not null references demand_steps(id) on delete cascade,
      period integer not null,
      user_ids integer[] not null default '{}',
      sent_at timestamptz not null default now(),
      primary key (step_id, period)
    );
    create table demand_participants (
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      user_id integer not null references users(id),
      reason text not null check (reason in ('participant', 'copy', 'mention')),
      added_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (demand_id, user_id)
    );
    create index demand_participants_user_idx on demand_participants (org_id, user_id);
    create table demand_marks (
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      brand_id integer not null references brand_archives(id) on delete cascade,
      position integer not null default 0,
      primary key (demand_id, brand_id)
    );
    create index demand_marks_brand_idx on demand_marks (brand_id);
    create table demand_letters (
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      document_id integer not null references official_documents(id) on delete cascade,
      added_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (demand_id, document_id)
    );
    create index demand_letters_document_idx on demand_letters (document_id);
    create table demand_cases (
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      case_id integer not null references cases(id) on delete cascade,
      country text,
      int_cls text,
      created_at timestamptz not null default now(),
      primary key (demand_id, case_id)
    );
    create unique index demand_cases_case_idx on demand_cases (case_id);
    create table demand_schemes (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      kind text not null check (kind in ('analysis', 'filing')),
      title text not null,
      content text not null,
      fee numeric(14, 2),
      files jsonb not null default '[]',
      submitted_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index demand_schemes_demand_idx on demand_schemes (demand_id, id);
    alter table demands add constraint demands_chosen_scheme_fk foreign key (chosen_scheme_id) references demand_schemes(id) on delete set null;
    create table demand_comments (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      content text not null,
      mentioned_user_ids integer[] not null default '{}',
      created_at timestamptz not null default now()
    );
    create index demand_comments_demand_idx on demand_comments (demand_id, id);
    create table demand_trends (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      demand_id integer not null references demands(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      action text not null,
      content text not null default '',
      created_at timestamptz not null default now()
    );
    create index demand_trends_demand_idx on demand_trends (demand_id, id desc);
    create table demand_link_uploads (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      link_id integer not null references demand_links(id) on delete cascade,
      path text not null,
      client_ip text not null default '',
      created_at timestamptz not null default now()
    );
    create index demand_link_uploads_link_idx on demand_link_uploads (link_id, created_at);
    create index demand_link_uploads_path_idx on demand_link_uploads (link_id, path);
  `.execute(db);
  for (const table of DEMAND_TABLES) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table demand_link_uploads, demand_trends, demand_comments, demand_cases, demand_letters, demand_marks, demand_participants,
      demand_step_reminders, demand_step_approvers, demand_steps, demand_rounds;
    alter table demands drop constraint demands_chosen_scheme_fk;
    drop table demand_schemes, demands, demand_links, demand_counters;
  `.execute(db);
}
