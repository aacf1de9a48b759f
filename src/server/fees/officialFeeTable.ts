import type { OfficialFeeEntry } from '../../shared/officialFees.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';

const read = new WeakMap<SchemaLibrary, readonly OfficialFeeEntry[]>();

/** The built-in CNIPA fee table of schemas/dicts/official-fees.json, every dated entry of every item. */
export function officialFeeTable(schemas: SchemaLibrary): readonly OfficialFeeEntry[] {
  let entries = read.get(schemas);
  if (!entries) {
    const dict = schemas.files.find((f) => f.file === 'dicts/official-fees.json');
    entries = (dict?.body.items as OfficialFeeEntry[] | undefined) ?? [];
    read.set(schemas, entries);
  }
  return entries;
}
