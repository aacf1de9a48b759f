/** The first server's port; worker n's server listens n ports above it. */
const firstPort = Number(process.env.E2E_PORT ?? 3210);

/** One server and one browser per core's worth: two on the two-core CI machine, at least one. */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export function e2eServerPort(parallelIndex: number): number {
  return firstPort + parallelIndex;
}
