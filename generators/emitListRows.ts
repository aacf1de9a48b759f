import type { OperationDefinition } from '../src/shared/operation.js';
import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';
import { listRowRecords } from '../src/schemaSource/listRowRecords.js';
import { GENERATED_BANNER } from './emitTypes.js';

/** The record the rows of each listing operation are, so a table's columns take their names, formats and value names from it. */
export function generateListRows(files: SchemaFile[], operations: OperationDefinition[]): string {
  const records = listRowRecords(files, operations);
  const lines = Object.keys(records)
    .sort()
    .map(
      (id) =>
        `  '${id}': { ${Object.entries(records[id])
          .map(([path, record]) => `${path}: '${record}'`)
          .join(', ')} },`,
    );
  return `${GENERATED_BANNER}
import type { FIELD_TITLES } from './fieldTitles.js';

/** The record each operation's listed rows are, by the response property that holds them. */
export const LIST_ROWS: Readonly<Record<string, Readonly<Record<string, keyof typeof FIELD_TITLES>>>> = {
${lines.join('\n')}
};
`;
}
