import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/** One-time codes (phone change) and single-sign-on ticket nonces, both short-lived. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table verification_codes (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      user_id integer not null references users(id) on delete cascade,
      purpose text not null,
      target text not null,
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index verification_codes_user_idx on verification_codes (user_id, purpose, created_at desc);
    create table sso_nonces (
      nonce text primary key,
      expires_at timestamptz not null
    );
  `.execute(db);
  await enableTenantIsolation(db, 'verification_codes');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sso_nonces, verification_codes`.execute(db);
}
