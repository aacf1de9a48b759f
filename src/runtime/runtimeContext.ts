import { createContext, useContext } from 'react';
import type { UserInfo } from '../generated/types.js';
import type { OperationId, OperationRequest, OperationResponse } from '../generated/client.js';

/**
 * What the runtime needs from the application around it. The runtime renders schemas and knows
 * nothing of trademarks or of the shell; the shell provides these.
 */
export interface RuntimeServices {
  user: UserInfo | null;
  permissions: ReadonlySet<string>;
  /** Goes to a path of the site; `replace` swaps the current history entry instead of adding one. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Query parameters of the current route. */
  query: URLSearchParams;
  /**
   * Calls an operation by its id, typed by the generated request and response of that id.
   * `silent`: the caller shows its own loading state, so the shell's full-screen 加载中 stays away.
   */
  callOperation<Id extends OperationId>(operationId: Id, body: OperationRequest<Id>, options?: CallOperationOptions): Promise<OperationResponse<Id>>;
  /**
   * Calls an operation a schema names (`npm run check:schemas` checks that it exists); its reply is
   * the caller's to read, so `Res` is what the caller expects of it, unchecked.
   */
  callNamedOperation<Res = unknown>(operationId: string, body: unknown, options?: CallOperationOptions): Promise<Res>;
  /** A message; with `action`, a button in it (such as 撤销) that stays a few seconds longer. */
  notify(type: 'success' | 'error' | 'warning' | 'info', text: string, action?: NotifyAction): void;
}

export interface CallOperationOptions {
  silent?: boolean;
}

/** A button in a message: pressed, the message closes and `run` is called. */
export interface NotifyAction {
  label: string;
  run(): void;
}

export const RuntimeContext = createContext<RuntimeServices | null>(null);

export function useRuntime(): RuntimeServices {
  const services = useContext(RuntimeContext);
  if (!services) throw new Error('RuntimeContext is missing');
  return services;
}

/** What `{{ }}` expressions on any page may read: `$user`, `$permissions` and `$query`. */
export function expressionScope(runtime: RuntimeServices): Record<string, unknown> {
  return { $user: runtime.user, $permissions: runtime.permissions, $query: Object.fromEntries(runtime.query) };
}
