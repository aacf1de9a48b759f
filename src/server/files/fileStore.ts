import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, Writable, type Readable } from 'node:stream';
import { GENERAL_UPLOAD_TYPES } from './fileTypes.js';
import { storeUnavailable, type ObjectStore } from './objectStore.js';

export interface StoredFile {
  path: string;
  size: number;
  sha256: string;
  /** The first bytes, for checking what the file really is. */
  head: Uint8Array;
}

const HEAD_BYTES = 4100;

/** Thrown while a file arrives, as soon as it passes the size it was allowed. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file exceeds ${maxBytes} bytes`);
  }
}

/** Counts what passes through and fails the stream the moment it exceeds `maxBytes`. */
export function sizeGuard(maxBytes: number): Transform & { bytes(): number } {
  let size = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) done(new FileTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  return Object.assign(guard, { bytes: () => size });
}

/** Where files being received wait, on the local disk, until they are complete and go to the store. */
const INCOMING = '.incoming';

/** The size, hash and first bytes of what flows through it. */
function observer(): { transform: Transform; seen(): Omit<StoredFile, 'path'> } {
  const hash = createHash('sha256');
  let size = 0;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  return { transform, seen: () => ({ size, sha256: hash.digest('hex'), head: new Uint8Array(Buffer.concat(headChunks)) }) };
}

/** `<org>/<yyyymm>/<sha256>.<ext>`: the same content stored twice is one file. */
function contentKey(orgId: number, sha256: string, extension: string): string {
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  return `${orgId}/${month}/${sha256}.${extension}`;
}

const contentType = (extension: string) => GENERAL_UPLOAD_TYPES[extension]?.mime ?? 'application/octet-stream';

/**
 * The organisations' files, named by their content, in the object store (the local disk or a
 * bucket); files being received are first written to the local disk under `localDir`.
 */
export class FileStore {
  constructor(
    readonly objects: ObjectStore,
    readonly localDir: string,
  ) {}

  /**
   * Streams an upload to a temporary file while hashing it, then hands it to the store at its
   * content key. More than `maxBytes` fails with FileTooLargeError and leaves nothing behind;
   * so does a store that cannot be reached (storeUnavailable).
   */
  async save(source: Readable, orgId: number, extension: string, maxBytes = Number.POSITIVE_INFINITY): Promise<StoredFile> {
    const temp = join(this.localDir, INCOMING, `${Date.now()}-${randomBytes(6).toString('hex')}`);
    await mkdir(dirname(temp), { recursive: true });
    try {
      const observe = observer();
      await pipeline(source, sizeGuard(maxBytes), observe.transform, createWriteStream(temp));
      const seen = observe.seen();
      const path = contentKey(orgId, seen.sha256, extension);
      await this.objects.putFile(temp, path, contentType(extension));
      return { path, ...seen };
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Takes an object the browser uploaded straight to the store as the organisation's file: reads it
   * once for its hash and first bytes, then moves it to its content key.
   */
  async adopt(key: string, orgId: number, extension: string, maxBytes: number): Promise<StoredFile> {
    const { stream } = await this.objects.get(key);
    const observe = observer();
    try {
      await pipeline(stream, sizeGuard(maxBytes), observe.transform, new Writable({ write: (_chunk, _encoding, done) => done() }));
    } catch (err) {
      throw err instanceof FileTooLargeError ? err : storeUnavailable(false, err);
    }
    const seen = observe.seen();
    const path = contentKey(orgId, seen.sha256, extension);
    await this.objects.move(key, path);
    return { path, ...seen };
  }

  /** Removes half-received files left by a server that stopped while receiving them. */
  async sweepIncoming(before: Date): Promise<void> {
    const dir = join(this.localDir, INCOMING);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const info = await stat(join(dir, name)).catch(() => null);
      if (info && info.mtime < before) await rm(join(dir, name), { force: true });
    }
  }

  async discard(path: string): Promise<void> {
    await this.objects.delete(path);
  }

  open(path: string): Promise<{ stream: Readable; size: number }> {
    return this.objects.get(path);
  }

  /** A whole file in memory (a logo to hash). */
  async read(path: string): Promise<Buffer> {
    const { stream } = await this.objects.get(path);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch (err) {
      throw storeUnavailable(false, err);
    }
    return Buffer.concat(chunks);
  }
}
