import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { DatabaseKind } from '../db/connect.js';
import type { Database } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { Session } from '../auth/session.js';
import type { PageCatalog } from '../pages/pageCatalog.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import type { SmsGateway } from '../notify/smsGateway.js';
import type { FileStore } from '../files/fileStore.js';
import type { ReceivedChunk, ReceivedUpload } from '../files/receiveUpload.js';
import type { ChunkArea } from '../files/chunkArea.js';
import type { BatchTaskWorker } from '../batch/batchTaskWorker.js';
import type { CredentialCipher } from '../auth/credentialCipher.js';
import type { OperationId, OperationTypes } from '../../generated/routes.js';

/** What every handler may use, whoever calls. */
export interface ServerServices {
  config: ServerConfig;
  /** Unscoped database: only sign-in and session checks, which run before an organisation is known. */
  system: Kysely<Database>;
  dbKind: DatabaseKind;
  /** The built-in schemas, read once at start. */
  schemas: SchemaLibrary;
  pages: PageCatalog;
  sms: SmsGateway;
  files: FileStore;
  /** Chunks of resumable uploads, in a temporary area under FILES_DIR. */
  chunks: ChunkArea;
  /** This process's worker for the organisations' batch tasks (started unless BATCH_TASK_POLL_MS is 0). */
  batchWorker: BatchTaskWorker;
  /** Encrypts the secrets kept for the organisations (CREDENTIAL_KEY, or the key file under DATA_DIR). */
  credentials: CredentialCipher;
}

export interface PublicContext extends ServerServices {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Set when a public call happens to carry a valid token. */
  session: Session | null;
}

export interface TenantContext extends PublicContext {
  session: Session;
  /** This request's transaction, bound to the session's organisation. */
  db: ScopedDb;
  /** For uploads: the file, already stored before the transaction began. */
  upload?: ReceivedUpload;
  /** For one chunk of a resumable upload: its bytes, in a temporary file until the handler keeps them. */
  chunk?: ReceivedChunk;
  /** For an operation with a preparer (Preparers): what it worked out before the transaction opened. */
  prepared?: Settled<unknown>;
}

/** A promise's outcome, kept as a value: its result or why it failed. */
export type Settled<T> = { value: T } | { error: unknown };

/**
 * Work that takes long (decoding a picture, putting a chunked upload together) and needs no
 * transaction, done before the request's transaction opens: on the embedded database an open
 * transaction holds the one connection, and so every other request, for as long as it lasts. A
 * preparer sees the validated body (an upload's text fields), the received file of an upload and
 * the session; what it must read it reads in a short transaction of its own (`withOrganisation`).
 * The handler finds the outcome in `ctx.prepared` and checks again in its transaction what may
 * have changed meanwhile.
 */
export interface PrepareContext extends ServerServices {
  session: Session;
  upload?: ReceivedUpload;
}
export type Preparer<K extends OperationId> = (body: OperationTypes[K]['request'], ctx: PrepareContext) => Promise<unknown>;
/** Preparers of signed-in operations, by operation. */
export type Preparers = { [K in OperationId]?: Preparer<K> };

type ContextOf<K extends OperationId> = OperationTypes[K]['public'] extends true ? PublicContext : TenantContext;

/** What a handler of a `file` operation answers with: the file itself, not an envelope. */
export interface FileReply {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

type ReplyOf<K extends OperationId> = OperationTypes[K]['transport'] extends 'file' ? FileReply : OperationTypes[K]['response'];

export type Handler<K extends OperationId> = (body: OperationTypes[K]['request'], ctx: ContextOf<K>) => Promise<ReplyOf<K>>;

/** The handlers of one domain, e.g. `HandlersOf<'auth'>`: the compiler insists on every operation. */
export type HandlersOf<D extends string> = {
  [K in OperationId as K extends `${D}.${string}` ? K : never]: Handler<K>;
};

export type Handlers = { [K in OperationId]: Handler<K> };
