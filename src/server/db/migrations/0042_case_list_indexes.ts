import { sql, type Kysely } from 'kysely';

/**
 * The case list at volume (100,000 cases an organisation): its first page read in the order it is
 * sorted by, newest created or newest changed first, instead of sorting every case (0.1 s); the type,
 * status and creation-date filter and its count read from one index, and the counts per type under a
 * status and date filter from the index alone. The new indexes lead with the columns of 0040's list
 * and type indexes, which they replace.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index cases_created_idx on cases (org_id, created_at desc, case_no desc) where deleted_at is null;
    create index cases_updated_idx on cases (org_id, updated_at desc, case_no desc) where deleted_at is null;
    create index cases_type_status_created_idx on cases (org_id, case_type, status, created_at) where deleted_at is null;
    create index cases_status_created_idx on cases (org_id, status, created_at) include (case_type) where deleted_at is null;
    drop index cases_list_idx;
    drop index cases_type_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index cases_list_idx on cases (org_id, created_at desc) where deleted_at is null;
    create index cases_type_idx on cases (org_id, case_type, status) where deleted_at is null;
    drop index cases_created_idx, cases_updated_idx, cases_type_status_created_idx, cases_status_created_idx;
  `.execute(db);
}
