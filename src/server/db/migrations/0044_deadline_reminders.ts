import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Reminders of official letters' deadlines: the lead times an organisation wants for the official
 * and the internal handling deadline and the hour they go out (Beijing time); one row per letter,
 * deadline kind, deadline and lead time once it is sent, the unique key that lets only one server
 * process send it; and each user's secret address of an iCalendar feed of their deadlines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table message_settings
      add column official_reminder_leads text[] not null default '{提前2周,提前1周,提前2天,当天}',
      add column handling_reminder_leads text[] not null default '{提前2周,提前1周,提前2天,当天}',
      add column reminder_time text not null default '09:00' check (reminder_time ~ '^([01][0-9]|2[0-3]):00$');

    create table official_deadline_reminders (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      document_id integer not null references official_documents(id) on delete cascade,
      deadline_kind text not null check (deadline_kind in ('official', 'handling')),
      deadline date not null,
      lead text not null,
      user_ids integer[] not null default '{}',
      sent_at timestamptz not null default now()
    );
    create unique index official_deadline_reminders_once_idx on official_deadline_reminders (document_id, deadline_kind, deadline, lead);

    -- the reminder job's look across organisations at pending letters whose deadlines approach
    create index official_documents_official_soon_idx on official_documents (official_limit) where status = 0;
    create index official_documents_handling_soon_idx on official_documents (handling_limit) where status = 0;

    create table calendar_feeds (
      user_id integer primary key references users(id) on delete cascade,
      org_id integer not null references organisations(id),
      token text not null,
      created_at timestamptz not null default now()
    );
    create unique index calendar_feeds_token_idx on calendar_feeds (token);
  `.execute(db);
  for (const table of ['official_deadline_reminders', 'calendar_feeds']) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table calendar_feeds, official_deadline_reminders;
    drop index official_documents_official_soon_idx, official_documents_handling_soon_idx;
    alter table message_settings drop column official_reminder_leads, drop column handling_reminder_leads, drop column reminder_time;
  `.execute(db);
}
