import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';

/** Meta-schemas that also describe data the code handles, and the type each becomes. */
export const META_TYPE_NAMES: Record<string, string> = {
  'meta/page.schema.json': 'PageDefinition',
  'meta/formily.schema.json': 'FormilyNode',
  'meta/form.schema.json': 'FormDefinition',
  'meta/field-type.schema.json': 'FieldTypeDefinition',
  'meta/dict.schema.json': 'DictDefinition',
  'meta/component.schema.json': 'ComponentDescription',
};

/** Schema id (without fragment) → TypeScript type name, for every schema that becomes a named type. */
export function namedTypeIds(files: SchemaFile[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of files) {
    if (file.kind === 'entities') names.set(file.id, file.body.title as string);
    const metaName = META_TYPE_NAMES[file.file];
    if (metaName) names.set(file.id, metaName);
  }
  return names;
}
