import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Evidence of use (使用证据) per archive mark: what kind of material it is, the day or span it is
 * dated, the goods it shows (names of the mark's goods items) and its files. A 撤三 defence reads
 * them by mark and date, hence the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table evidence_items (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      brand_id integer not null references brand_archives(id) on delete cascade,
      title text not null,
      evidence_type text not null check (evidence_type in ('contract', 'invoice', 'advertising', 'packaging', 'shop', 'sales', 'exhibition', 'online', 'other')),
      date_from date not null,
      date_to date,
      goods jsonb not null default '[]',
      description text not null default '',
      files jsonb not null default '[]',
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (date_to is null or date_to >= date_from)
    );
    create index evidence_items_brand_idx on evidence_items (org_id, brand_id, date_from desc, id desc);
    create index evidence_items_list_idx on evidence_items (org_id, date_from desc, id desc);
  `.execute(db);
  await enableTenantIsolation(db, 'evidence_items');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table evidence_items`.execute(db);
}
