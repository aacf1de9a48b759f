import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ServerConfig } from '../config.js';
import { fileEdition, shippedEdition, type ClassificationEdition } from './classificationSources.js';
import { classificationImported, replaceClassification } from './importClassification.js';

export type ClassificationSettings = Pick<ServerConfig, 'classificationFile' | 'shippedClassification'>;

/**
 * Makes the classification ready at start: a configured file replaces whatever is there when its
 * content differs from what was imported; otherwise the shipped edition fills an empty table, or
 * replaces an older shipped edition, but never a file an administrator imported. True when the
 * table is filled.
 */
export async function prepareClassification(db: Kysely<Database>, settings: ClassificationSettings): Promise<boolean> {
  const current = await db.selectFrom('classification_edition').select(['source', 'digest']).executeTakeFirst();
  const filled = await classificationImported(db);
  let wanted: ClassificationEdition | null = null;
  if (settings.classificationFile && existsSync(settings.classificationFile)) {
    wanted = await fileEdition(settings.classificationFile);
  } else if (settings.shippedClassification) {
    const shipped = await shippedEdition();
    if (shipped && (!filled || current?.source === 'shipped')) wanted = shipped;
  }
  if (!wanted || (filled && current?.digest === wanted.digest)) return filled;
  await replaceClassification(db, wanted.read(), wanted);
  return true;
}
