import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Disputes (争议商标): oppositions, invalidations, cancellations and reviews for or against the
 * organisation's marks, with the letters and cases behind each. A dispute names our mark (an archive
 * mark, or only its number), the other party and its mark; the stage, dates and the ruling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table disputes (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      procedure text not null check (procedure in ('opposition', 'invalidation', 'cancellation', 'review')),
      our_side text not null check (our_side in ('applicant', 'respondent')),
      brand_archive_id integer references brand_archives(id) on delete set null,
      our_tm_name text not null default '',
      our_app_no text not null default '',
      other_party text not null default '',
      other_tm_name text not null default '',
      other_app_no text not null default '',
      stage text not null default 'preparing' check (stage in ('preparing', 'filed', 'answering', 'decided', 'closed')),
      filed_on date,
      deadline date,
      outcome text not null default '' check (outcome in ('', 'favourable', 'unfavourable', 'partial')),
      ruling_result text not null default '',
      ruled_on date,
      remark text not null default '',
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index disputes_list_idx on disputes (org_id, updated_at desc, id desc);
    create index disputes_brand_idx on disputes (brand_archive_id) where brand_archive_id is not null;
    create index disputes_app_no_idx on disputes (org_id, our_app_no);
    create table dispute_letters (
      org_id integer not null references organisations(id),
      dispute_id integer not null references disputes(id) on delete cascade,
      document_id integer not null references official_documents(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (dispute_id, document_id)
    );
    create index dispute_letters_document_idx on dispute_letters (document_id);
    create table dispute_cases (
      org_id integer not null references organisations(id),
      dispute_id integer not null references disputes(id) on delete cascade,
      case_id integer not null references cases(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (dispute_id, case_id)
    );
    create index dispute_cases_case_idx on dispute_cases (case_id);
  `.execute(db);
  for (const table of ['disputes', 'dispute_letters', 'dispute_cases']) await enableTenantIsolation(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dispute_cases, dispute_letters, disputes`.execute(db);
}
