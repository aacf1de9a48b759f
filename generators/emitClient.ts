import type { OperationDefinition } from '../src/shared/operation.js';
import { operationTypeName } from '../src/schemaSource/operationsFromFiles.js';
import { GENERATED_BANNER } from './emitTypes.js';

function hasRequiredFields(op: OperationDefinition): boolean {
  const required = op.request.required;
  return Array.isArray(required) && required.length > 0;
}

// Lists ask for a page only of operations that take one: the others would refuse the fields.
function isPaged(op: OperationDefinition): boolean {
  const properties = op.request.properties as Record<string, unknown> | undefined;
  return properties !== undefined && 'pageNo' in properties;
}

// An upload sends FormData (the file under `file`); a download answers with the file as a Blob.
const requestType = (op: OperationDefinition) => (op.transport === 'multipart' ? 'FormData' : `T.${operationTypeName(op, 'Request')}`);
const responseType = (op: OperationDefinition) => (op.transport === 'file' ? 'Blob' : `T.${operationTypeName(op, 'Response')}`);

/** The typed client: one function per operation, grouped by domain, e.g. `api.auth.login(body)`. */
export function generateClient(operations: OperationDefinition[]): string {
  const routes = operations
    .map(
      (op) =>
        `  '${op.id}': ${JSON.stringify({ id: op.id, method: op.method, path: op.path, silent: op.silent, transport: op.transport, ...(isPaged(op) ? { paged: true } : {}) })},`,
    )
    .join('\n');
  const operationTypes = operations.map((op) => `  '${op.id}': { request: ${requestType(op)}; response: ${responseType(op)} };`).join('\n');
  const domains = [...new Set(operations.map((op) => op.domain))];
  const groups = domains
    .map((domain) => {
      const fns = operations
        .filter((op) => op.domain === domain)
        .map((op) => {
          const req = requestType(op);
          const res = responseType(op);
          const param = hasRequiredFields(op) || op.transport === 'multipart' ? `body: ${req}` : `body: ${req} = {}`;
          return `      /** ${op.summary}（${op.method} ${op.path}） */\n      ${op.name}: (${param}, options?: CallOptions): Promise<${res}> =>\n        call<${res}>(operationRoutes['${op.id}'], body, options),`;
        })
        .join('\n');
      return `    ${domain}: {\n${fns}\n    },`;
    })
    .join('\n');
  return `${GENERATED_BANNER}import type { OperationRoute } from '../shared/operation.js';
import type * as T from './types.js';

export interface CallOptions {
  /** Suppresses the loading overlay; defaults to the operation's own \`silent\`. */
  silent?: boolean;
  signal?: AbortSignal;
}

export type OperationCaller = <Res>(route: OperationRoute, body: unknown, options?: CallOptions) => Promise<Res>;

export const operationRoutes = {
${routes}
} satisfies Record<string, OperationRoute>;

/** Each operation's request and response by its id, for calls by id: a wrong id or payload does not compile. */
export interface OperationTypes {
${operationTypes}
}

export type OperationId = keyof OperationTypes;
export type OperationRequest<Id extends OperationId> = OperationTypes[Id]['request'];
export type OperationResponse<Id extends OperationId> = OperationTypes[Id]['response'];

export function createApiClient(call: OperationCaller) {
  return {
${groups}
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
`;
}
