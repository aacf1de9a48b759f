import { operationRoutes } from '../generated/client.js';

/** Whether the operation a schema names takes pageNo and pageSize, so a list block may send them. */
export function takesPage(operationId: string): boolean {
  const route = (operationRoutes as Record<string, { paged?: boolean } | undefined>)[operationId];
  return route?.paged === true;
}
