import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Custom fields an organisation adds to a module's records (trademark archive, copyright, cases),
 * and the date reminders computed from their values. Values themselves live on the records
 * (`brand_archives.custom_values`, keyed by field id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table custom_fields (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      module_type integer not null,
      title text not null,
      description text not null default '',
      is_require boolean not null default false,
      field_type text not null,
      field_content jsonb not null default '{}',
      state smallint not null default 1 check (state in (0, 1)),
      is_top boolean not null default false,
      is_filter boolean not null default false,
      sort_order integer not null default 0,
      locked boolean not null default false,
      deleted boolean not null default false,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index custom_fields_module_idx on custom_fields (org_id, module_type, sort_order, id) where not deleted;
    create unique index custom_fields_title_idx on custom_fields (org_id, module_type, title) where not deleted;

    create table custom_field_reminders (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      field_id integer not null references custom_fields(id) on delete cascade,
      record_id integer not null,
      due_at timestamptz not null,
      user_ids integer[] not null,
      title text not null,
      content text not null default '',
      link text,
      sent_at timestamptz,
      created_at timestamptz not null default now(),
      unique (field_id, record_id, due_at)
    );
    create index custom_field_reminders_due_idx on custom_field_reminders (due_at) where sent_at is null;
  `.execute(db);
  for (const table of ['custom_fields', 'custom_field_reminders']) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table custom_field_reminders, custom_fields`.execute(db);
}
