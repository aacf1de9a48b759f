import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Reminders of case stages' handling deadlines, sent like the letters' ones: one row per stage
 * record, deadline and lead time once it is sent, the unique key that lets only one server process
 * send it; and the index the reminder job reads the open stages whose deadlines approach by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table case_stage_reminders (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      stage_record_id integer not null references case_stage_records(id) on delete cascade,
      deadline date not null,
      lead text not null,
      user_ids integer[] not null default '{}',
      sent_at timestamptz not null default now()
    );
    create unique index case_stage_reminders_once_idx on case_stage_reminders (stage_record_id, deadline, lead);
    create index case_stage_records_open_deadline_idx on case_stage_records (deadline) where left_at is null;
  `.execute(db);
  await enableTenantIsolation(db, 'case_stage_reminders');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table case_stage_reminders;
    drop index case_stage_records_open_deadline_idx;
  `.execute(db);
}
