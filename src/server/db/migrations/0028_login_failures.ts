import { sql, type Kysely } from 'kysely';

/**
 * Wrong passwords counted per typed username, whether or not such an account exists, so a reply
 * never tells which accounts exist. Locks already in force on accounts carry over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_failures (
      username text primary key,
      failures integer not null default 0,
      locked_until timestamptz,
      last_failed_at timestamptz not null default now()
    );
    create index login_failures_last_failed_idx on login_failures (last_failed_at);
    insert into login_failures (username, failures, locked_until)
      select username, 0, locked_until from users where locked_until > now() and deleted_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table login_failures`.execute(db);
}
