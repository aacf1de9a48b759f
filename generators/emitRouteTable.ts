import type { OperationDefinition } from '../src/shared/operation.js';
import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';
import { PUBLIC } from '../src/shared/operation.js';
import { operationTypeName } from '../src/schemaSource/operationsFromFiles.js';
import { GENERATED_BANNER } from './emitTypes.js';
import { withoutStorage } from './tableColumns.js';
import { boundIntegers } from './boundIntegers.js';

const json = (value: unknown): string => JSON.stringify(value, null, 2);

/** The server's route table: every operation with its schemas, and the type of each. */
export function generateRouteTable(files: SchemaFile[], operations: OperationDefinition[]): string {
  // Meta-schemas too: the designer's replies carry component descriptions and page bodies.
  // Storage keywords describe the database, not the API: they stay out of the server's schemas.
  const shared = files
    .filter((f) => f.kind === 'entities' || f.kind === 'meta')
    .map((f) => ({ $id: f.id, ...(f.kind === 'entities' ? boundIntegers(withoutStorage(f.body)) : f.body) }));
  const typeEntries = operations
    .map(
      (op) =>
        `  '${op.id}': { request: T.${operationTypeName(op, 'Request')}; response: T.${operationTypeName(op, 'Response')}; public: ${op.permission === PUBLIC}; transport: '${op.transport}' };`,
    )
    .join('\n');
  return `${GENERATED_BANNER}import type { JsonSchema, OperationDefinition } from '../shared/operation.js';
import type * as T from './types.js';

/** Schemas that operations refer to by \`$ref\`; the server registers them before its routes. */
export const sharedSchemas: JsonSchema[] = ${json(shared)};

export const operationTable: OperationDefinition[] = ${json(operations.map((op) => ({ ...op, request: boundIntegers(op.request) })))};

export interface OperationTypes {
${typeEntries}
}

export type OperationId = keyof OperationTypes;
`;
}
