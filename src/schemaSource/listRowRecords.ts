import type { JsonSchema, OperationDefinition } from '../shared/operation.js';
import type { SchemaFile } from './schemaFiles.js';
import { filesOfKind } from './schemaFiles.js';

/** For each operation, the record its listed rows are: a response property holding an array of one entity, by that property's name. */
export type ListRowRecords = Record<string, Record<string, string>>;

export function listRowRecords(files: SchemaFile[], operations: OperationDefinition[]): ListRowRecords {
  const recordOfId = new Map(
    filesOfKind(files, 'entities')
      .filter((f) => typeof f.body.title === 'string')
      .map((f) => [f.id, f.body.title as string]),
  );
  const out: ListRowRecords = {};
  for (const op of operations) {
    const properties = (op.response.properties ?? {}) as Record<string, JsonSchema>;
    const lists = Object.entries(properties)
      .map(([name, property]) => [name, recordOfId.get(((property.items as JsonSchema | undefined)?.$ref as string) ?? '')] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
    if (lists.length > 0) out[op.id] = Object.fromEntries(lists);
  }
  return out;
}
