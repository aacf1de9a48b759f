import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildServer, type BuiltServer, type ServerOptions } from '../../../src/server/app.js';
import { configFromEnv, type ServerConfig } from '../../../src/server/config.js';
import { DEMO_ACCOUNTS } from '../../../src/server/seed/demoAccounts.js';
import { operationRoutes, type OperationId, type OperationRequest, type OperationResponse } from '../../../src/generated/client.js';

export type DbKind = 'pglite' | 'postgres';

/** Which database this run of the API tests uses; PostgreSQL only when TEST_DATABASE_URL is set. */
export const dbKind: DbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
export const skipThisDatabase = dbKind === 'postgres' && !process.env.TEST_DATABASE_URL;

/** A database of its own on the test server, UTF-8 so Chinese text search behaves as in production. */
export async function createIsolatedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `ipm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The pool has closed its sockets; give the server a moment to see them go before dropping.
      for (let i = 0; i < 40; i++) {
        const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServer extends BuiltServer {
  /** A POST of the payload; a string is sent as the JSON text itself (escapes a serialiser would not write, such as a lone surrogate). */
  post(url: string, payload?: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** A call that must succeed, by operation id: its reply's data, typed by the operation's generated response. */
  call<Id extends OperationId>(id: Id, payload: OperationRequest<Id>, token?: string): Promise<OperationResponse<Id>>;
  /** A call by operation id whose reply the test reads itself (a refusal, a status, a header): the payload is still typed. */
  send<Id extends OperationId>(id: Id, payload: OperationRequest<Id>, token?: string): Promise<LightMyRequestResponse>;
  /** A call that must succeed, to a path outside the generated client: its reply's data. */
  ok<T>(url: string, payload: object, token: string): Promise<T>;
  /** A call that must be refused with `status` (422 unless said): its Chinese message. */
  refused(url: string, payload: object, token: string, status?: number): Promise<string>;
  signIn(account: keyof typeof DEMO_ACCOUNTS): Promise<string>;
  stop(): Promise<void>;
}

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** A server the tests of one describe block share, with the tokens of the demo accounts it signed in. */
export interface SharedTestServer<A extends DemoAccount> {
  server: TestServer;
  tokens: Record<A, string>;
}

/**
 * Starts a server before the tests of the describe block it is called in and signs in `accounts`;
 * stops it after them. The fields are set once the block's tests run.
 */
export function sharedTestServer<A extends DemoAccount>(
  accounts: readonly A[],
  overrides: Partial<ServerConfig> = {},
  options: ServerOptions = {},
): SharedTestServer<A> {
  const shared = { tokens: {} } as SharedTestServer<A>;
  beforeAll(async () => {
    shared.server = await startTestServer(overrides, options);
    for (const account of accounts) shared.tokens[account] = await shared.server.signIn(account);
  });
  afterAll(() => shared.server?.stop());
  return shared;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}, options: ServerOptions = {}): Promise<TestServer> {
  // A caller that shares one database between servers (a restart) passes its URL and drops it itself.
  const isolated = dbKind === 'postgres' && !overrides.databaseUrl ? await createIsolatedDatabase() : null;
  const config: ServerConfig = {
    ...configFromEnv({}),
    dataDir: 'memory://',
    databaseUrl: isolated?.url,
    // TEST_LOG_LEVEL=error shows what a failing background job logged.
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    loginSlowdownMs: 0,
    webDir: '/nonexistent',
    // A test that wants the upkeep runs it itself.
    statisticsUpkeepMs: 0,
    // A test that sends e-mails or robot posts delivers the outbox itself.
    outboxIntervalMs: 0,
    // Ten thousand rows a test rarely needs: one that does names a file or asks for the shipped edition.
    shippedClassification: false,
    ...overrides,
  };
  const server = await buildServer(config, options);
  const post = (url: string, payload: unknown = {}, token?: string) =>
    server.app.inject({
      method: 'POST',
      url,
      payload: payload as object | string,
      headers: { ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}), ...(token === undefined ? {} : { token }) },
    });
  return {
    ...server,
    post,
    async call(id, payload, token) {
      return dataOf(id, await post(operationRoutes[id].path, payload, token));
    },
    send: (id, payload, token) => post(operationRoutes[id].path, payload, token),
    async ok<T>(url: string, payload: object, token: string) {
      const reply = await post(url, payload, token);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().data as T;
    },
    async refused(url, payload, token, status = 422) {
      const reply = await post(url, payload, token);
      expect(reply.statusCode, reply.body).toBe(status);
      return reply.json().subMessage as string;
    },
    async signIn(account) {
      const { username, password } = DEMO_ACCOUNTS[account];
      const res = await post('/loginPage/login', { username, password: base64(password), encryptionType: 'base64' });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.body}`);
      return res.json().data.token as string;
    },
    async stop() {
      await server.close();
      await isolated?.drop();
    },
  };
}

/**
 * The data of a reply that must succeed, typed by the operation's generated response: for a request
 * the test makes itself (a multipart upload, a cookie instead of the token header).
 */
export function dataOf<Id extends OperationId>(id: Id, reply: LightMyRequestResponse): OperationResponse<Id> {
  expect(reply.statusCode, `${id}: ${reply.body}`).toBe(200);
  return reply.json().data;
}

export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
