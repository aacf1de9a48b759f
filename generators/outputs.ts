import type { OperationDefinition } from '../src/shared/operation.js';
import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';
import { generateTypes } from './emitTypes.js';
import { generateRouteTable } from './emitRouteTable.js';
import { generateClient } from './emitClient.js';
import { generateOpenApi } from './emitOpenApi.js';
import { generateComponentNames } from './emitComponents.js';
import { generateBlockDocs } from './emitBlockDocs.js';
import { generateFieldTitles } from './emitFieldTitles.js';
import { generateTables } from './emitTables.js';
import { generateFieldFormats } from './emitFieldFormats.js';
import { generateListRows } from './emitListRows.js';

/** Directories whose every file is generated: a file no schema produces any more is stale too. */
export const GENERATED_DIRS = ['src/generated', 'docs/blocks'];

/** Every generated file, by its path from the project root. */
export async function generatedOutputs(files: SchemaFile[], operations: OperationDefinition[]): Promise<Record<string, string>> {
  return {
    'src/generated/types.ts': await generateTypes(files, operations),
    'src/generated/routes.ts': generateRouteTable(files, operations),
    'src/generated/client.ts': generateClient(operations),
    'src/generated/openapi.json': generateOpenApi(files, operations),
    'src/generated/components.ts': generateComponentNames(files),
    'src/generated/fieldTitles.ts': generateFieldTitles(files),
    'src/generated/fieldFormats.ts': generateFieldFormats(files),
    'src/generated/tables.ts': generateTables(files),
    'src/generated/listRows.ts': generateListRows(files, operations),
    ...generateBlockDocs(files),
  };
}
