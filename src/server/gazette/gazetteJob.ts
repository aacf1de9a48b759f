import { gazetteJobKey as jobKey } from './gazetteKey.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { backgroundJobs } from '../jobs/backgroundJobs.js';
import { startPeriodicJob } from '../periodicJob.js';
import { organisationsToMatch, runGazetteMatch } from './gazetteMatch.js';

/** How often the register's new publications are matched when the server is not told otherwise: hourly. */
export const GAZETTE_INTERVAL_MS = 60 * 60_000;

/**
 * Each organisation in turn, as a background job of its own, so the page shows its progress and a
 * run started by hand (立即比对) is never run twice at once.
 */
export async function matchAllOrganisations(system: Kysely<Database>, clock: () => Date, onError: (err: unknown) => void): Promise<void> {
  const jobs = backgroundJobs(system);
  for (const orgId of await organisationsToMatch(system)) {
    if (jobs.isRunning(jobKey(orgId))) continue;
    await new Promise<void>((resolve) => {
      jobs.start(
        jobKey(orgId),
        Promise.resolve(),
        async (progress) => {
          try {
            await runGazetteMatch(system, orgId, progress, clock());
          } finally {
            resolve();
          }
        },
        onError,
      );
    });
  }
}

/** The periodic matching inside the server; returns its stop. */
export function startGazetteJob(system: Kysely<Database>, intervalMs: number, clock: () => Date, onError: (err: unknown) => void): () => Promise<void> {
  return startPeriodicJob(() => matchAllOrganisations(system, clock, onError), intervalMs, onError);
}
