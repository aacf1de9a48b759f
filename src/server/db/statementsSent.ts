/**
 * Resolves once the statements already asked for have been written to their connections. Kysely
 * and pg get from `execute()` to the socket write in microtasks, and every microtask runs before an
 * immediate: work done after this runs while the database answers, not before it is asked.
 */
export function statementsSent(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
