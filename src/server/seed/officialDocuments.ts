import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * The demo marks' official documents, once: every mark's acceptance notice (handled), a
 * certificate for registered marks, and for some marks a correction or refusal notice still
 * pending, received recently so their deadlines fall around today (some past, some near).
 */
export async function seedDemoOfficialDocuments(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('official_documents').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await sql`
    insert into official_documents (org_id, brand_archive_id, document_type, app_no, receive_date, delivery_method, official_limit, status, is_read, handled_by, handled_at, created_by)
    select a.org_id, a.id, '商标注册申请受理通知书', coalesce(a.app_no, ''), coalesce(a.app_date::date, current_date - 400) + 35, '电子', null::date, 1, true, a.owner_user_id, (coalesce(a.app_date::date, current_date - 400) + 40)::timestamptz, a.created_by
    from brand_archives a
    union all
    select a.org_id, a.id, '商标注册证', coalesce(a.app_no, ''), a.reg_date::date + 20, '纸质', null, 1, true, a.owner_user_id, (a.reg_date::date + 25)::timestamptz, a.created_by
    from brand_archives a where a.reg_date is not null and a.tm_status = '已注册'
    union all
    select a.org_id, a.id, '商标注册申请补正通知书', coalesce(a.app_no, ''), current_date - (a.id % 40), '电子', current_date - (a.id % 40) + 30, 0, a.id % 3 = 0, null, null, a.created_by
    from brand_archives a where a.id % 4 = 0
    union all
    select a.org_id, a.id, '商标驳回通知书', coalesce(a.app_no, ''), current_date - (a.id % 20), '纸质', current_date - (a.id % 20) + 15, 0, false, null, null, a.created_by
    from brand_archives a where a.id % 7 = 0
  `.execute(db);
  return true;
}
