import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * The rest of the enterprise save payload (spec 000 §3): superior number, English information and
 * former names as JSON text, business licence and ID photo files. The e-filing certificate code of
 * each enterprise, kept encrypted in a table of its own so no enterprise read carries it. And the
 * register looked up by an applicant's exact name (the address lookup), Chinese or English; hash
 * indexes, as a name may be longer than a B-tree entry allows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table enterprises
      add column superior_no integer,
      add column applicant_english text,
      add column used_applicant_param text,
      add column business_license text,
      add column id_photo text;
    create index enterprises_group_idx on enterprises (group_id);
    create table enterprise_ukey_codes (
      enterprise_id integer primary key references enterprises(id) on delete cascade,
      org_id integer not null references organisations(id),
      code_cipher text not null,
      set_at timestamptz not null default now(),
      set_by integer references users(id) on delete set null
    );
    create index tm_register_applicant_cn_hash_idx on tm_register using hash (applicant_cn);
    create index tm_register_applicant_en_hash_idx on tm_register using hash (lower(applicant_en));
  `.execute(db);
  await enableTenantIsolation(db, 'enterprise_ukey_codes');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index tm_register_applicant_en_hash_idx;
    drop index tm_register_applicant_cn_hash_idx;
    drop table enterprise_ukey_codes;
    drop index enterprises_group_idx;
    alter table enterprises
      drop column id_photo,
      drop column business_license,
      drop column used_applicant_param,
      drop column applicant_english,
      drop column superior_no;
  `.execute(db);
}
