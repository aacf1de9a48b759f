import { sql, type Kysely } from 'kysely';

/**
 * Row-level security for a table whose rows carry `org_id`: the tenant role sees and writes only
 * rows of the organisation set in `app.org_id` for the transaction.
 */
export async function enableTenantIsolation(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
  await sql`create policy tenant_isolation on ${sql.table(table)}
    using (org_id = nullif(current_setting('app.org_id', true), '')::integer)
    with check (org_id = nullif(current_setting('app.org_id', true), '')::integer)`.execute(db);
}
