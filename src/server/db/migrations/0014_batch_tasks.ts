import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Background work an organisation starts and watches (today: merging all duplicate trademarks).
 * Everything a worker needs to go on lives in the row: any server process may claim a task
 * (SKIP LOCKED), and after a crash another picks it up where `progress` says it stopped.
 * The merge log records every merge, one row each, written in the merge's own transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table batch_tasks (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      operate_type text not null,
      operate_status smallint not null default 0 check (operate_status between 0 and 2),
      payload jsonb not null default '{}',
      progress integer not null default 0,
      total integer,
      error text,
      attempts integer not null default 0,
      claimed_by text,
      heartbeat_at timestamptz,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      end_time timestamptz
    );
    create index batch_tasks_open_idx on batch_tasks (id) where operate_status = 0;
    create index batch_tasks_list_idx on batch_tasks (org_id, operate_type, id desc);

    create table brand_merge_log (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      task_id integer references batch_tasks(id) on delete set null,
      target_id integer not null,
      merged_ids integer[] not null,
      merged_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index brand_merge_log_task_idx on brand_merge_log (task_id) where task_id is not null;
  `.execute(db);
  await enableTenantIsolation(db, 'batch_tasks');
  await enableTenantIsolation(db, 'brand_merge_log');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table brand_merge_log; drop table batch_tasks`.execute(db);
}
