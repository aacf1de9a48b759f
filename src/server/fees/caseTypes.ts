import type { ChoiceOption } from '../../generated/types.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';

const read = new WeakMap<SchemaLibrary, { list: ChoiceOption[]; names: ReadonlyMap<string, string> }>();

/** The case types of dicts/case-types.json, in its order, with their Chinese names by key. */
export function caseTypes(schemas: SchemaLibrary): { list: ChoiceOption[]; names: ReadonlyMap<string, string> } {
  let known = read.get(schemas);
  if (!known) {
    const dict = schemas.files.find((f) => f.file === 'dicts/case-types.json');
    const list = ((dict?.body.items as { value: string; label: string }[] | undefined) ?? []).map((i) => ({ value: i.value, label: i.label }));
    known = { list, names: new Map(list.map((i) => [i.value, i.label])) };
    read.set(schemas, known);
  }
  return known;
}
