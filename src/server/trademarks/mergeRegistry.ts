import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * A table whose rows point at an archive mark (`column` references brand_archives(id)). When marks
 * are merged, those rows move to the kept mark. `uniqueWith` names the other columns of a unique
 * constraint that includes `column` (a tag table's (brand_id, node_id)): a merged mark's row whose
 * twin already exists on the kept mark is deleted instead of moved.
 */
export interface MergeReference {
  table: string;
  column: string;
  uniqueWith?: readonly string[];
}

const references = new Map<string, MergeReference>();
const key = (table: string, column: string) => `${table}.${column}`;

/**
 * Every domain whose table references brand_archives(id) calls this once, at module load, e.g.
 * `registerMergeReference({ table: 'brand_labels', column: 'brand_id', uniqueWith: ['node_id'] })`.
 * A guard test fails while any such table is missing here.
 */
export function registerMergeReference(reference: MergeReference): void {
  references.set(key(reference.table, reference.column), { ...reference, uniqueWith: [...(reference.uniqueWith ?? [])] });
}

/** Takes a registration back (a table dropped again, as a test's scratch table is). */
export function unregisterMergeReference(table: string, column: string): void {
  references.delete(key(table, column));
}

export function mergeReferences(): MergeReference[] {
  return [...references.values()];
}

/**
 * Moves every registered reference from `mergedIds` to `targetId`, one merged mark after another so
 * duplicates among the merged marks themselves are caught as well. Runs in the caller's transaction.
 */
export async function moveReferences(trx: Kysely<Database>, targetId: number, mergedIds: readonly number[]): Promise<void> {
  for (const ref of references.values()) {
    const table = sql.table(ref.table);
    const column = sql.ref(ref.column);
    for (const mergedId of mergedIds) {
      if (ref.uniqueWith && ref.uniqueWith.length > 0) {
        const same = sql.join(
          ref.uniqueWith.map((c) => sql`kept.${sql.ref(c)} is not distinct from moving.${sql.ref(c)}`),
          sql` and `,
        );
        await sql`delete from ${table} as moving where moving.${column} = ${mergedId}
          and exists (select 1 from ${table} as kept where kept.${column} = ${targetId} and ${same})`.execute(trx);
      }
      await sql`update ${table} set ${column} = ${targetId} where ${column} = ${mergedId}`.execute(trx);
    }
  }
}

/** A column of some table with a foreign key to brand_archives(id). */
export interface ArchiveForeignKey {
  table: string;
  column: string;
}

/** Every column the database says references brand_archives(id), from pg_constraint. */
export async function archiveForeignKeys(db: Kysely<Database>): Promise<ArchiveForeignKey[]> {
  const rows = await sql<ArchiveForeignKey>`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'brand_archives'::regclass
    order by 1, 2
  `.execute(db);
  return rows.rows;
}

/** Foreign keys to brand_archives that no domain registered: merging would lose or break their rows. */
export async function unregisteredArchiveReferences(db: Kysely<Database>): Promise<ArchiveForeignKey[]> {
  return (await archiveForeignKeys(db)).filter((fk) => !references.has(key(fk.table.replace(/^public\./, ''), fk.column)));
}
