import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Who is told what and how: per event, the channels (in the product, e-mail, a group robot) and
 * the people copied; the organisation's SMTP server and robot webhook; and the outbox of e-mails
 * and robot posts, each retried until delivered or given up, never dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table message_channels (
      org_id integer not null references organisations(id),
      event text not null,
      in_app boolean not null default true,
      email boolean not null default false,
      webhook boolean not null default false,
      copy_user_ids integer[] not null default '{}',
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null default now(),
      primary key (org_id, event)
    );
    create table message_settings (
      org_id integer primary key references organisations(id),
      smtp_host text,
      smtp_port integer,
      smtp_secure boolean not null default false,
      smtp_user text,
      smtp_password text,
      smtp_from text,
      webhook_kind text check (webhook_kind in ('wecom', 'dingtalk', 'feishu')),
      webhook_url text,
      webhook_secret text,
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null default now()
    );
    create table outbound_messages (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      event text not null,
      channel text not null check (channel in ('email', 'webhook')),
      recipient text not null,
      subject text not null,
      body text not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index outbound_messages_due_idx on outbound_messages (next_attempt_at) where status = 'pending';
    create index outbound_messages_org_idx on outbound_messages (org_id, created_at desc);
  `.execute(db);
  for (const table of ['message_channels', 'message_settings', 'outbound_messages']) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table outbound_messages, message_settings, message_channels`.execute(db);
}
