/** The first server's port; worker n's server listens n ports above it. */
const firstPort = Number(process.env.E2E_PORT ?? 3210);

/** Parallel workers, each with a server and a browser of its own: two unless E2E_WORKERS says otherwise, at least one. */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export function e2eServerPort(parallelIndex: number): number {
  return firstPort + parallelIndex;
}
