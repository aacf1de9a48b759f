import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/** In-app messages and to-dos of each user: what the workbench shows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table messages (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      user_id integer not null references users(id) on delete cascade,
      kind text not null default 'system',
      title text not null,
      content text not null default '',
      link text,
      read_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index messages_user_idx on messages (user_id, created_at desc);
    create table todos (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      user_id integer not null references users(id) on delete cascade,
      kind text not null default 'task',
      title text not null,
      link text,
      due_at timestamptz,
      done_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index todos_user_idx on todos (user_id, done_at, due_at);
  `.execute(db);
  for (const table of ['messages', 'todos']) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table todos, messages`.execute(db);
}
