import { sql, type Kysely } from 'kysely';

/**
 * A deleted role keeps its row, as a deleted user does: deleted users still point at their role.
 * Its name is free again for a new role.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table roles add column deleted_at timestamptz;
    alter table roles drop constraint roles_org_id_name_key;
    create unique index roles_org_name on roles (org_id, name) where deleted_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index roles_org_name;
    -- Without the column a deleted role is an ordinary one again: its name must not clash with a live role's.
    update roles set name = name || '（已删除 ' || id || '）' where deleted_at is not null;
    alter table roles add constraint roles_org_id_name_key unique (org_id, name);
    alter table roles drop column deleted_at;
  `.execute(db);
}
