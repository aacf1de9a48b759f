import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildServer, type BuiltServer, type ServerOptions } from '../../../src/server/app.js';
import type { ServerConfig } from '../../../src/server/config.js';
import { baseTestConfig, preparesLikeTemplate } from './testConfig.js';
import { createUtf8Database, dropDatabase } from './postgresDatabases.js';
import { DEMO_ACCOUNTS } from '../../../src/server/seed/demoAccounts.js';
import { operationRoutes, type OperationId, type OperationRequest, type OperationResponse } from '../../../src/generated/client.js';

export type DbKind = 'pglite' | 'postgres';

/** Which database this run of the API tests uses; PostgreSQL only when TEST_DATABASE_URL is set. */
export const dbKind: DbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
export const skipThisDatabase = dbKind === 'postgres' && !process.env.TEST_DATABASE_URL;

/**
 * A database of its own on the test server, UTF-8 so Chinese text search behaves as in production: empty, or
 * with `prepared` a copy of the run's template, migrated and seeded as a test server's database is at start.
 */
export async function createIsolatedDatabase(options: { prepared?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = options.prepared ? inject('postgresTemplate') : undefined;
  const { name, url } = await createUtf8Database(adminUrl, `ipm_test_${randomBytes(6).toString('hex')}`, template);
  return { url, drop: () => dropDatabase(adminUrl, name) };
}

/** The run's PGlite template (databaseTemplate.ts), read once per worker. */
let pgliteTemplate: Promise<Blob> | undefined;
function pgliteTemplateArchive(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
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
  const config: ServerConfig = { ...baseTestConfig(), ...overrides };
  // A database prepared as the template was starts as a copy of it; one the caller passes (a restart) is theirs.
  const fromTemplate = preparesLikeTemplate(config) && !overrides.databaseUrl && !overrides.dataDir;
  // A caller that shares one database between servers passes its URL and drops it itself.
  const isolated = dbKind === 'postgres' && !overrides.databaseUrl ? await createIsolatedDatabase({ prepared: fromTemplate }) : null;
  if (isolated) config.databaseUrl = isolated.url;
  const archive = dbKind === 'pglite' && fromTemplate ? await pgliteTemplateArchive() : undefined;
  const server = await buildServer(config, archive ? { ...options, pgliteDataDirArchive: archive } : options);
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
