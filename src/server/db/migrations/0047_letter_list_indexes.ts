import { sql, type Kysely } from 'kysely';

/**
 * The letters list's usual questions, each answered from an index rather than by reading the whole
 * list of a large organisation: one type newest first, the pending letters, the unread ones. The
 * pending and unread ones are few beside the handled, so their indexes stay small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index official_documents_type_idx on official_documents (org_id, business, document_type, receive_date desc, id desc);
    create index official_documents_pending_idx on official_documents (org_id, business, receive_date desc, id desc) where status = 0;
    create index official_documents_unread_idx on official_documents (org_id, business, receive_date desc, id desc) where not is_read;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index official_documents_type_idx, official_documents_pending_idx, official_documents_unread_idx`.execute(db);
}
