import useSWR, { type SWRResponse } from 'swr';
import { useRuntime } from './runtimeContext.js';

/**
 * Data for a widget or block: the reply of one operation, cached by swr under the operation id
 * and its payload, so two blocks asking the same thing share one call. `null` skips the call.
 * The call is silent: the block shows its own loading state (skeleton, spinner, placeholder), and
 * a full-screen 加载中 over a page that is drawing its regions would only hide them.
 */
export function useOperation<Res>(operationId: string, body: object | null): SWRResponse<Res, Error> {
  const runtime = useRuntime();
  return useSWR<Res, Error>(body === null ? null : [operationId, JSON.stringify(body)], () => runtime.callOperation<Res>(operationId, body, { silent: true }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
