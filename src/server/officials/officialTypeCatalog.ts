import type { OfficialTypeEntry } from '../../shared/officialTypes.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';

const read = new WeakMap<SchemaLibrary, readonly OfficialTypeEntry[]>();

/** The letter-type catalogue shipped with the product: schemas/dicts/official-types.json. */
export function builtInOfficialTypes(schemas: SchemaLibrary): readonly OfficialTypeEntry[] {
  let entries = read.get(schemas);
  if (!entries) {
    const dict = schemas.files.find((f) => f.file === 'dicts/official-types.json');
    entries = (dict?.body.items as OfficialTypeEntry[] | undefined) ?? [];
    read.set(schemas, entries);
  }
  return entries;
}

/** The catalogue an organisation works with: its own edited copy, or the built-in one. */
export async function officialTypeCatalog(db: ScopedDb, schemas: SchemaLibrary): Promise<readonly OfficialTypeEntry[]> {
  const own = await db.selectFrom('official_type_catalogs').select('entries').executeTakeFirst();
  return own ? (own.entries as unknown as OfficialTypeEntry[]) : builtInOfficialTypes(schemas);
}
