import type { OperationDefinition, JsonSchema } from '../shared/operation.js';
import type { SchemaFile } from './schemaFiles.js';

interface ApiFileOperation {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  description?: string;
  permission: string;
  silent?: boolean;
  readOnly?: boolean;
  transport?: OperationDefinition['transport'];
  uploadLimitMb?: number;
  uploadKind?: OperationDefinition['uploadKind'];
  uploadPurpose?: OperationDefinition['uploadPurpose'];
  request: JsonSchema;
  response: JsonSchema;
}

/** The operations of every schemas/api file, in file then declaration order. */
export function operationsFromFiles(apiFiles: SchemaFile[]): OperationDefinition[] {
  const out: OperationDefinition[] = [];
  for (const file of apiFiles) {
    const domain = file.body.domain as string;
    const operations = file.body.operations as Record<string, ApiFileOperation>;
    for (const [name, op] of Object.entries(operations)) {
      out.push({
        id: `${domain}.${name}`,
        domain,
        name,
        method: op.method,
        path: op.path,
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        permission: op.permission,
        silent: op.silent ?? false,
        readOnly: op.readOnly ?? false,
        transport: op.transport ?? 'json',
        ...(op.transport === 'multipart' ? { uploadLimitMb: op.uploadLimitMb ?? 30, uploadKind: op.uploadKind ?? 'file' } : {}),
        ...(op.transport === 'multipart' && op.uploadPurpose ? { uploadPurpose: op.uploadPurpose } : {}),
        request: op.request,
        response: op.response,
      });
    }
  }
  return out;
}

export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

export function operationTypeName(op: Pick<OperationDefinition, 'domain' | 'name'>, part: 'Request' | 'Response'): string {
  return `${pascal(op.domain)}${pascal(op.name)}${part}`;
}
