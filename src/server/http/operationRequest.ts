import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperationDefinition } from '../../shared/operation.js';
import type { Session } from '../auth/session.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { RequestTransaction } from '../db/requestTransaction.js';
import type { ReceivedMultipart } from '../files/receiveUpload.js';
import type { FieldPath } from './htmlFields.js';
import type { FieldLabeller } from './fieldLabels.js';
import type { PrepareContext, Settled } from './context.js';

/** What an operation's route carries in its `config`, worked out once when the route is registered. */
export interface OperationRouteConfig {
  definition: OperationDefinition;
  /** Where the request's rich-text strings are, to be sanitised after validation. */
  htmlFields: FieldPath[];
  /** For uploads: the check of the text fields sent before the file. */
  checkFields?: (fields: Record<string, string>) => void;
  /** Names a place of the request body in Chinese, for refusals. */
  labelAt: FieldLabeller;
  /** Long work done before the transaction opens (Preparers). */
  prepare?: (body: unknown, ctx: PrepareContext) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes of the operation table (registerOperations.ts); other routes have none. */
    operation?: OperationRouteConfig;
  }
  interface FastifyRequest {
    /** The signed-in session; null on public calls without a valid token. */
    session: Session | null;
    /** The request's transaction, bound to the session's organisation; null outside a signed-in operation. */
    db: ScopedDb | null;
    /** For uploads: the text fields and the file, received before the transaction opened. */
    received: ReceivedMultipart | null;
    /** For operations with a preparer: its outcome, reached before the transaction opened. */
    prepared: Settled<unknown> | null;
    /** Open from the session check (the upload for uploads) until the answer, committed or rolled back by the hooks. */
    transaction: RequestTransaction | null;
  }
}

/** The operation a request was routed to, if any. */
export function operationOf(request: FastifyRequest): OperationRouteConfig | undefined {
  return request.routeOptions.config.operation;
}

export function decorateOperationRequests(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.decorateRequest('db', null);
  app.decorateRequest('received', null);
  app.decorateRequest('prepared', null);
  app.decorateRequest('transaction', null);
}
