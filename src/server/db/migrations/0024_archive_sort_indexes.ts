import { sql, type Kysely } from 'kysely';

/**
 * An index for each way a person sorts the archive (the sort bar, a click on a column header), so a
 * first page is read in order rather than sorting the whole archive: half a million marks took about
 * 0.6 s a page that way. Dates and classes sort empty values last in both directions, so the
 * direction 0011 and 0018 did not cover gets its own index; names, numbers and times are never
 * empty and one index serves both directions (`orderArchive`).
 */
const INDEXES: [string, string][] = [
  ['brand_archives_name_sort_idx', 'org_id, tm_name, id'],
  ['brand_archives_created_idx', 'org_id, created_at, id'],
  ['brand_archives_updated_idx', 'org_id, updated_at, id'],
  ['brand_archives_app_date_asc_idx', 'org_id, app_date asc nulls last, id'],
  ['brand_archives_reg_date_asc_idx', 'org_id, reg_date asc nulls last, id'],
  ['brand_archives_private_end_desc_idx', 'org_id, private_end_date desc nulls last, id desc'],
  ['brand_archives_cls_desc_idx', 'org_id, int_cls desc nulls last, id desc'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES) await sql`create index if not exists ${sql.id(name)} on brand_archives (${sql.raw(columns)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index ${sql.id(name)}`.execute(db);
}
