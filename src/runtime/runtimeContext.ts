import { createContext, useContext } from 'react';
import type { UserInfo } from '../generated/types.js';

/**
 * What the runtime needs from the application around it. The runtime renders schemas and knows
 * nothing of trademarks or of the shell; the shell provides these.
 */
export interface RuntimeServices {
  user: UserInfo | null;
  permissions: ReadonlySet<string>;
  navigate(to: string): void;
  /** Query parameters of the current route. */
  query: URLSearchParams;
  callOperation<Res = unknown>(operationId: string, body: unknown): Promise<Res>;
  notify(type: 'success' | 'error' | 'warning' | 'info', text: string): void;
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
