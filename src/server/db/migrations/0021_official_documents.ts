import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Official documents (notices, certificates) received for archive marks. A document outlives its
 * mark: deleting the mark leaves the document unattached rather than losing a filing record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table official_documents (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      brand_archive_id integer references brand_archives(id) on delete set null,
      document_type text not null,
      app_no text not null default '',
      receive_date date not null,
      delivery_method text not null default '电子' check (delivery_method in ('电子', '纸质')),
      official_limit date,
      file_id integer references files(id) on delete set null,
      status smallint not null default 0 check (status in (0, 1, 2)),
      is_read boolean not null default false,
      remark text not null default '',
      handled_by integer references users(id) on delete set null,
      handled_at timestamptz,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    -- a mark's documents, newest received first
    create index official_documents_brand_idx on official_documents (brand_archive_id, receive_date desc, id desc);
  `.execute(db);
  await enableTenantIsolation(db, 'official_documents');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table official_documents`.execute(db);
}
