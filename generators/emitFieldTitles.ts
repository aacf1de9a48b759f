import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';
import { filesOfKind } from '../src/schemaSource/schemaFiles.js';
import { GENERATED_BANNER } from './emitTypes.js';

/** Each record's field titles, keyed by its type name: the one place a field's Chinese name is written is its entity schema. */
export function generateFieldTitles(files: SchemaFile[]): string {
  const entries = filesOfKind(files, 'entities')
    .map((file) => file.body as { title?: string; properties?: Record<string, { title?: string }> })
    .filter((body) => typeof body.title === 'string' && body.properties)
    .sort((a, b) => a.title!.localeCompare(b.title!))
    .map((body) => {
      const fields = Object.entries(body.properties!)
        .filter(([, field]) => typeof field.title === 'string')
        .map(([name, field]) => `    ${name}: ${JSON.stringify(field.title)},`)
        .join('\n');
      return `  ${body.title}: {\n${fields}\n  },`;
    })
    .join('\n');
  return `${GENERATED_BANNER}
/** Field titles of each record as schemas/entities write them, for labels, column headers and messages. */
export const FIELD_TITLES = {
${entries}
} as const;
`;
}
