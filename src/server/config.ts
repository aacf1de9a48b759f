import { join, resolve } from 'node:path';
import { projectRoot } from '../schemaSource/schemaFiles.js';
import { parseCredentialKey } from './auth/credentialCipher.js';

export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite's directory; `memory://` keeps the database in memory (tests). */
  dataDir: string;
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  pgliteSharedBuffers: string;
  /** Local files: the disk store's files, and always the chunks of resumable uploads and files being received. */
  filesDir: string;
  /** When set, the organisations' files live in this bucket of an S3-compatible store instead of under filesDir. */
  objectStorage?: S3Settings;
  webDir: string;
  /** The schema files the server reads at start (pages, components, operations…). */
  schemasDir: string;
  /** A classification file (the public table's tree form) that replaces the shipped one. */
  classificationFile?: string;
  /** Import the classification shipped with the product when no file is configured. */
  shippedClassification: boolean;
  /** Seed the demo organisations and users when the database has no organisation yet. */
  seedDemo: boolean;
  /** Lifetime of a sign-in, in days (the spec's cookie lifetime argument is 3). */
  sessionDays: number;
  /** Wrong passwords in a row before the account locks. */
  maxFailedLogins: number;
  lockMinutes: number;
  /** Extra delay per wrong password after the second, so guessing slows down before the lock. */
  loginSlowdownMs: number;
  logLevel: string;
  /** Shared secret for single sign-on tickets; without it /api/ssoAuth is off. */
  ssoSecret?: string;
  /** Where phone verification codes are posted as JSON {phone, text}; without it they go to the log. */
  smsWebhookUrl?: string;
  /** Addresses of the external search tools (D-Search, smart tools), by the pages' `externalTool` key. */
  externalTools: Record<string, string>;
  /** How often the batch task worker looks for work; 0 leaves the worker stopped. */
  batchTaskPollMs: number;
  /** A claimed batch task whose heartbeat is older than this is taken over (its process died). */
  batchTaskStaleMs: number;
  /** How often the server vacuums and analyses changed tables when the database does not (PGlite, autovacuum off); 0 never. */
  statisticsUpkeepMs: number;
  /** How often e-mails and robot posts waiting in the outbox are sent; 0 leaves them to another process. */
  outboxIntervalMs: number;
  /**
   * Which proxies in front of the server to believe about the client's address (the operation log's
   * 来源地址): false none, true any, or these addresses and CIDR ranges.
   */
  trustProxy: boolean | string[];
  /** Base64 of the 32-byte key stored secrets are encrypted with; without it a key file under DATA_DIR. */
  credentialKey?: string;
}

/** TRUST_PROXY: unset, 0 or false trusts no proxy; true any; else a comma list of the proxies' addresses or CIDR ranges. */
export function parseTrustProxy(text: string | undefined): boolean | string[] {
  const value = text?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A bucket of an S3-compatible store (S3_* variables). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another store than AWS (MinIO, Ceph, a cloud's S3-compatible service); AWS when unset. */
  endpoint?: string;
  /** Without them the SDK's own sources are used (AWS_* variables, the machine's role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Addresses as <endpoint>/<bucket>/<key> rather than <bucket>.<endpoint>/<key>. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `ipm/`, to share a bucket with other data; empty for none. */
  prefix: string;
}

/** The S3_* variables; no S3_BUCKET means files stay on the local disk. Faults stop the start. */
export function parseObjectStorage(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error('S3_ENDPOINT 应以 http:// 或 https:// 开头');
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 应同时设置');
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle && !['0', '1', 'true', 'false'].includes(pathStyle)) throw new Error('S3_FORCE_PATH_STYLE 只能是 1、0、true 或 false');
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    // Stores other than AWS mostly know only path-style addresses.
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : endpoint !== undefined,
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** EXTERNAL_TOOLS is a JSON object of tool key → http(s) address; anything else stops the start. */
export function parseExternalTools(text: string | undefined): Record<string, string> {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('EXTERNAL_TOOLS 不是合法的 JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('EXTERNAL_TOOLS 应为“工具键: 地址”的 JSON 对象');
  const tools: Record<string, string> = {};
  for (const [key, url] of Object.entries(value as Record<string, unknown>)) {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error(`EXTERNAL_TOOLS 中 ${key} 的地址应以 http:// 或 https:// 开头`);
    tools[key] = url;
  }
  return tools;
}

/** Checked when read: a malformed key stops the start rather than the first save of a secret. */
function credentialKeyText(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  parseCredentialKey(value);
  return value.trim();
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST ?? '0.0.0.0',
    port: int(env.PORT, 3000),
    dataDir: env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : env.DATA_DIR ? resolve(env.DATA_DIR) : join(projectRoot, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS ?? '32MB',
    filesDir: env.FILES_DIR ? resolve(env.FILES_DIR) : join(projectRoot, 'files'),
    objectStorage: parseObjectStorage(env),
    webDir: env.WEB_DIR ? resolve(env.WEB_DIR) : join(projectRoot, 'dist', 'web'),
    schemasDir: env.SCHEMAS_DIR ? resolve(env.SCHEMAS_DIR) : join(projectRoot, 'schemas'),
    classificationFile: env.CLASSIFICATION_FILE ? resolve(env.CLASSIFICATION_FILE) : undefined,
    shippedClassification: env.SHIPPED_CLASSIFICATION !== '0',
    seedDemo: env.SEED_DEMO !== '0',
    sessionDays: int(env.SESSION_DAYS, 3),
    maxFailedLogins: int(env.MAX_FAILED_LOGINS, 5),
    lockMinutes: int(env.LOCK_MINUTES, 15),
    loginSlowdownMs: int(env.LOGIN_SLOWDOWN_MS, 400),
    logLevel: env.LOG_LEVEL ?? 'info',
    ssoSecret: env.SSO_SECRET || undefined,
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    externalTools: parseExternalTools(env.EXTERNAL_TOOLS),
    batchTaskPollMs: int(env.BATCH_TASK_POLL_MS, 2000),
    batchTaskStaleMs: int(env.BATCH_TASK_STALE_MS, 60_000),
    statisticsUpkeepMs: int(env.STATISTICS_UPKEEP_MS, 60_000),
    outboxIntervalMs: int(env.OUTBOX_INTERVAL_MS, 5000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    credentialKey: credentialKeyText(env.CREDENTIAL_KEY),
  };
}
