import useSWR, { type SWRResponse } from 'swr';
import type { OperationId, OperationRequest, OperationResponse } from '../generated/client.js';
import { useRuntime } from './runtimeContext.js';

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

/**
 * Data for a widget or block: the reply of one operation, cached by swr under the operation id
 * and its payload, so two blocks asking the same thing share one call. `null` skips the call.
 * The call is silent: the block shows its own loading state (skeleton, spinner, placeholder), and
 * a full-screen 加载中 over a page that is drawing its regions would only hide them.
 */
export function useOperation<Id extends OperationId>(operationId: Id, body: OperationRequest<Id> | null): SWRResponse<OperationResponse<Id>, Error> {
  const runtime = useRuntime();
  return useSWR<OperationResponse<Id>, Error>(
    body === null ? null : [operationId, JSON.stringify(body)],
    () => runtime.callOperation(operationId, body as OperationRequest<Id>, { silent: true }),
    SWR_OPTIONS,
  );
}

/** As `useOperation`, for an operation a schema names: `Res` is what the caller expects of its reply, unchecked. */
export function useNamedOperation<Res = unknown>(operationId: string, body: object | null): SWRResponse<Res, Error> {
  const runtime = useRuntime();
  return useSWR<Res, Error>(
    body === null ? null : [operationId, JSON.stringify(body)],
    () => runtime.callNamedOperation<Res>(operationId, body, { silent: true }),
    SWR_OPTIONS,
  );
}
