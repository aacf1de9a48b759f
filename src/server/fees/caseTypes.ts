import type { ChoiceOption } from '../../generated/types.js';
import { filesOfKind } from '../../schemaSource/schemaFiles.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';

const read = new WeakMap<SchemaLibrary, { list: ChoiceOption[]; names: ReadonlyMap<string, string> }>();
const byPinyin = new Intl.Collator('zh-Hans-CN');

/**
 * The built-in case types of schemas/caseTypes (category case) in their `order`, those without one
 * last by Chinese name, with their Chinese names by key: the one list fees are priced by.
 */
export function caseTypes(schemas: SchemaLibrary): { list: ChoiceOption[]; names: ReadonlyMap<string, string> } {
  let known = read.get(schemas);
  if (!known) {
    const list = filesOfKind(schemas.files, 'caseTypes')
      .filter((f) => f.body.category === 'case')
      .map((f) => ({ value: String(f.body.name), label: String(f.body.title), order: typeof f.body.order === 'number' ? f.body.order : Infinity }))
      .sort((a, b) => a.order - b.order || byPinyin.compare(a.label, b.label))
      .map(({ value, label }) => ({ value, label }));
    known = { list, names: new Map(list.map((i) => [i.value, i.label])) };
    read.set(schemas, known);
  }
  return known;
}
