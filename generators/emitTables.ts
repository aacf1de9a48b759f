import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';
import { GENERATED_BANNER } from './emitTypes.js';
import { namedTypeIds } from './typeNames.js';
import { tableDescriptions } from '../src/schemaSource/tableDescriptions.js';
import { kyselyType } from './tableColumns.js';
import { withEnumTitlesDescribed } from './enumTitles.js';

const interfaceName = (table: string): string => `${table.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}Table`;

const comment = (text: string, indent: string): string => `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n`;

/** The database layer's table types (Kysely), from the tables schemas/ describes (see tableColumns.ts). */
export function generateTables(files: SchemaFile[]): string {
  const typeNames = namedTypeIds(files);
  const tables = tableDescriptions(files);
  const interfaces = tables.map((t) => {
    const columns = t.columns
      .map((c) => {
        const description = withEnumTitlesDescribed(c.schema).description as string | undefined;
        return `${description ? comment(description, '  ') : ''}  ${c.name}: ${kyselyType(c, typeNames)};`;
      })
      .join('\n');
    return `${comment(`${t.description} (schemas/${t.file})`, '')}export interface ${interfaceName(t.table)} {\n${columns}\n}\n`;
  });
  const body = interfaces.join('\n');
  const types = tables.flatMap((t) => t.columns.map((c) => kyselyType(c, typeNames))).join('\n');
  const records = [...new Set(typeNames.values())].filter((name) => new RegExp(`\\b${name}\\b`).test(types)).sort();
  const kysely = ['ColumnType', 'Generated'].filter((name) => types.includes(`${name}<`));
  return `${GENERATED_BANNER}${kysely.length ? `import type { ${kysely.join(', ')} } from 'kysely';\n` : ''}${records.length ? `import type { ${records.join(', ')} } from './types.js';\n` : ''}
${body}
export interface Database {
${tables.map((t) => `  ${t.table}: ${interfaceName(t.table)};`).join('\n')}
}

/** Tables whose rows belong to one organisation: scoped by the tenant plugin and by row-level security. */
export const TENANT_TABLES = [
${tables
  .filter((t) => t.tenant)
  .map((t) => `  '${t.table}',`)
  .join('\n')}
] as const satisfies readonly (keyof Database)[];
`;
}
