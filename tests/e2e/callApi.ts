import type { APIRequestContext } from '@playwright/test';
import { operationRoutes, type OperationId, type OperationRequest, type OperationResponse } from '../../src/generated/client.js';
import type { ApiEnvelope } from '../../src/shared/envelope.js';

/** A call a test makes beside the browser, by operation id: its reply's data, typed by the operation's generated response. */
export async function callApi<Id extends OperationId>(
  request: APIRequestContext,
  id: Id,
  body: OperationRequest<Id>,
  token?: string,
): Promise<OperationResponse<Id>> {
  const reply = await request.post(operationRoutes[id].path, { headers: token === undefined ? {} : { token }, data: body });
  if (!reply.ok()) throw new Error(`${id}: ${reply.status()} ${await reply.text()}`);
  return ((await reply.json()) as ApiEnvelope<OperationResponse<Id>>).data;
}
