import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ClassificationTable } from './parseClassification.js';
import { fileEdition, type ClassificationEdition } from './classificationSources.js';

export interface ImportSummary {
  classes: number;
  groups: number;
  items: number;
}

const BATCH = 1000;

/** Replaces the classification with the table, all or nothing, noting the edition it came from. */
export async function replaceClassification(
  db: Kysely<Database>,
  table: ClassificationTable,
  edition: Pick<ClassificationEdition, 'source' | 'digest'>,
): Promise<ImportSummary> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('classification_edition')
      .values({ id: 1, source: edition.source, digest: edition.digest })
      .onConflict((oc) => oc.column('id').doUpdateSet({ source: edition.source, digest: edition.digest, imported_at: sql`now()` }))
      .execute();
    await trx.deleteFrom('classification_items').execute();
    await trx.deleteFrom('classification_groups').execute();
    await trx.deleteFrom('classification_classes').execute();
    await trx
      .insertInto('classification_classes')
      .values(table.classes.map((c) => ({ class_no: c.classNo, name: c.name, remark: c.remark })))
      .execute();
    await trx
      .insertInto('classification_groups')
      .values(table.groups.map((g) => ({ group_no: g.groupNo, class_no: g.classNo, name: g.name, remark: g.remark, position: g.position })))
      .execute();
    for (let i = 0; i < table.items.length; i += BATCH) {
      await trx
        .insertInto('classification_items')
        .values(
          table.items.slice(i, i + BATCH).map((it) => ({
            code: it.code,
            group_no: it.groupNo,
            class_no: it.classNo,
            name: it.name,
            remark: it.remark,
            position: it.position,
          })),
        )
        .execute();
    }
  });
  return { classes: table.classes.length, groups: table.groups.length, items: table.items.length };
}

export async function importClassificationFile(db: Kysely<Database>, file: string): Promise<ImportSummary> {
  const edition = await fileEdition(file);
  return replaceClassification(db, edition.read(), edition);
}

export async function classificationImported(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('classification_classes').select('class_no').limit(1).executeTakeFirst()) !== undefined;
}
