/**
 * Timing helpers of the PostgreSQL benches: the bench database made when missing, p50/p99 of runs
 * taken in turns, requests to the real server over keep-alive HTTP that keep its Server-Timing,
 * and the indexes a plan reads.
 */
import http from 'node:http';
import pg from 'pg';
import { serverTimingMs } from '../../src/server/http/serverTiming.js';

/** Runs of each measurement before the timed ones. */
export const WARM_UP = 10;

export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
  await client.end();
}

export interface Percentiles {
  p50: number;
  p99: number;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * p50 and p99 of several ways of doing the same work, taken in turns (a, b, c, a, b, c, …) so that
 * a machine that slows down or speeds up meanwhile weighs on all of them alike.
 */
export async function timeInTurns(rounds: number, ...runs: (() => Promise<unknown>)[]): Promise<Percentiles[]> {
  for (let i = 0; i < WARM_UP; i++) for (const run of runs) await run();
  const samples: number[][] = runs.map(() => []);
  for (let i = 0; i < rounds; i++) {
    for (const [k, run] of runs.entries()) {
      const t = performance.now();
      await run();
      samples[k]!.push(performance.now() - t);
    }
  }
  return samples.map(percentiles);
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((x, y) => x - y);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/**
 * Requests over keep-alive HTTP that keep the server's own time of each (its Server-Timing header), so a
 * call's time can be split into the server's work and the rest: the HTTP legs, and waking the processes.
 */
export function timedRequests(agent: http.Agent, url: string, label: string, post?: { token: string; body: string }) {
  const serverMs: number[] = [];
  return {
    run: async () => {
      serverMs.push(await requestOverKeepAlive(agent, url, label, post));
    },
    /** The server's p50 over the timed requests, the warm-up left out. */
    serverP50: () => percentiles(serverMs.slice(WARM_UP)).p50,
  };
}

/** The plan's index names, for saying which indexes serve a query. */
export function indexesOf(plan: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (typeof n['Index Name'] === 'string') found.add(n['Index Name']);
    for (const v of Object.values(n)) if (typeof v === 'object') walk(v);
  };
  walk(plan);
  return [...found];
}

/**
 * One request on the kept-alive connection, a signed-in POST when `post` is given, else a GET; its answer
 * read whole. Resolves to the server's time from its Server-Timing header.
 */
export function requestOverKeepAlive(agent: http.Agent, url: string, label: string, post?: { token: string; body: string }): Promise<number> {
  const method = post ? 'POST' : 'GET';
  const headers = post ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(post.body), token: post.token } : {};
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const serverMs = serverTimingMs(res.headers['server-timing']);
        if (res.statusCode !== 200) reject(new Error(`${label}：${res.statusCode} ${Buffer.concat(chunks).toString()}`));
        else if (serverMs === null) reject(new Error(`${label}：应答没有 Server-Timing`));
        else resolve(serverMs);
      });
    });
    request.on('error', reject);
    request.end(post?.body);
  });
}
