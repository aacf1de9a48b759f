import type { JsonSchema } from '../src/shared/operation.js';
import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';
import { filesOfKind } from '../src/schemaSource/schemaFiles.js';
import { GENERATED_BANNER } from './emitTypes.js';

type Entry = [field: string, value: string];

/** One `const` of records → fields → value, for the fields `pick` has something to say about. */
function table(files: SchemaFile[], pick: (property: JsonSchema) => string | undefined): string {
  return filesOfKind(files, 'entities')
    .map((file) => file.body as { title?: string; properties?: Record<string, JsonSchema> })
    .filter((body) => typeof body.title === 'string' && body.properties)
    .sort((a, b) => a.title!.localeCompare(b.title!))
    .map((body) => {
      const fields = Object.entries(body.properties!)
        .map(([name, property]): Entry | null => {
          const value = pick(property);
          return value === undefined ? null : [name, value];
        })
        .filter((entry): entry is Entry => entry !== null);
      return fields.length === 0 ? '' : `  ${body.title}: {\n${fields.map(([name, value]) => `    ${name}: ${value},`).join('\n')}\n  },\n`;
    })
    .join('');
}

const literal = (value: unknown): string => (typeof value === 'string' ? `'${value.replace(/'/g, "\\'")}'` : JSON.stringify(value));

/**
 * What the entities say of their fields beyond the title (see emitFieldTitles.ts): the `format`
 * of dates, the name of each value of a closed list (`x-enum-titles`) and the usual values of a
 * free-text field (`examples`), so lists, forms, imports and exports write none of them again.
 */
export function generateFieldFormats(files: SchemaFile[]): string {
  const formats = table(files, (p) => (typeof p.format === 'string' ? literal(p.format) : undefined));
  const enumTitles = table(files, (p) => {
    const titles = p['x-enum-titles'] as string[] | undefined;
    const values = p.enum as unknown[] | undefined;
    if (!titles || !values) return undefined;
    return `{ ${values.map((value, i) => `${typeof value === 'number' ? value : literal(value)}: ${literal(titles[i])}`).join(', ')} }`;
  });
  const examples = table(files, (p) => (Array.isArray(p.examples) ? `[${(p.examples as unknown[]).map(literal).join(', ')}]` : undefined));
  return `${GENERATED_BANNER}
/** The \`format\` of each record's formatted fields (dates as \`date\`, instants as \`date-time\`). */
export const FIELD_FORMATS = {
${formats}} as const;

/** The name of each value of a closed list, by value (\`enum\` with \`x-enum-titles\`). */
export const FIELD_ENUM_TITLES = {
${enumTitles}} as const;

/** The values a free-text field usually takes, in the order they are offered (\`examples\`). */
export const FIELD_EXAMPLES = {
${examples}} as const;
`;
}
