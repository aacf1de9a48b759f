import type { RuntimeServices } from './runtimeContext.js';

/**
 * Named actions a schema can ask for after an operation succeeds (`onSuccess`), so behaviour
 * stays out of the schema text. Domains register theirs at start-up.
 */
export type RuntimeAction = (result: unknown, services: RuntimeServices) => void | Promise<void>;

const actions = new Map<string, RuntimeAction>();

export function registerAction(name: string, action: RuntimeAction): void {
  actions.set(name, action);
}

export async function runAction(name: string | undefined, result: unknown, services: RuntimeServices): Promise<void> {
  if (!name) return;
  const action = actions.get(name);
  if (!action) throw new Error(`未注册的动作 ${name}`);
  await action(result, services);
}
