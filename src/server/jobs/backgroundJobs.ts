import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/** How far a running job has come, kept in memory: a job writing in one transaction cannot show it in the database. */
export interface JobProgress {
  /** 0–100. */
  percent: number;
  /** Rows read or written so far. */
  rows: number;
}

interface Running {
  progress: JobProgress;
  done: Promise<void>;
}

/** The jobs running against one database, so each test server or process keeps its own. */
class BackgroundJobs {
  private readonly running = new Map<string, Running>();

  progress(key: string): JobProgress | null {
    return this.running.get(key)?.progress ?? null;
  }

  isRunning(key: string): boolean {
    return this.running.has(key);
  }

  /** Runs `work` once `gate` opens; the job counts as running from now on, so a poll never sees it missing. */
  start(key: string, gate: Promise<void>, work: (progress: JobProgress) => Promise<void>, log: (err: unknown) => void): void {
    if (this.running.has(key)) return;
    const progress: JobProgress = { percent: 0, rows: 0 };
    const done = gate
      .then(() => work(progress))
      .catch(log)
      .finally(() => this.running.delete(key));
    this.running.set(key, { progress, done });
  }

  /** Waits for every running job, e.g. before the database closes. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((r) => r.done));
  }
}

const registries = new WeakMap<Kysely<Database>, BackgroundJobs>();

export function backgroundJobs(system: Kysely<Database>): BackgroundJobs {
  let jobs = registries.get(system);
  if (!jobs) {
    jobs = new BackgroundJobs();
    registries.set(system, jobs);
  }
  return jobs;
}

/**
 * Starts a job once the reply has gone out. The request's transaction, which wrote the job's row,
 * commits before the reply is sent, so the job always finds its row; a request that failed leaves
 * no row and the job finds nothing to do.
 */
export function startAfterReply(reply: FastifyReply, system: Kysely<Database>, key: string, work: (progress: JobProgress) => Promise<void>): void {
  const gate = new Promise<void>((resolve) => {
    reply.raw.once('finish', resolve);
    reply.raw.once('close', resolve);
  });
  backgroundJobs(system).start(key, gate, work, (err) => reply.log.error({ err, job: key }, 'background job failed'));
}
