import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';

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

/** Where files being received wait until they are complete. */
const INCOMING = '.incoming';

/** Files on the local disk under one directory; paths handed out are relative to it. */
export class FileStore {
  constructor(readonly root: string) {}

  /** Where a relative path lives, refusing anything that would step outside the root. */
  absolute(path: string): string {
    const full = resolve(this.root, path);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`非法的文件路径 ${path}`);
    return full;
  }

  /**
   * Streams an upload to a temporary file while hashing it, then moves it to
   * `<org>/<yyyymm>/<sha256>.<ext>`: the same content stored twice is one file. More than
   * `maxBytes` fails with FileTooLargeError and leaves nothing behind.
   */
  async save(source: Readable, orgId: number, extension: string, maxBytes = Number.POSITIVE_INFINITY): Promise<StoredFile> {
    const temp = join(this.root, INCOMING, `${Date.now()}-${randomBytes(6).toString('hex')}`);
    await mkdir(dirname(temp), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const headChunks: Buffer[] = [];
    let headLength = 0;
    const observe = new Transform({
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
    try {
      await pipeline(source, sizeGuard(maxBytes), observe, createWriteStream(temp));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    const sha256 = hash.digest('hex');
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const path = `${orgId}/${month}/${sha256}.${extension}`;
    const target = this.absolute(path);
    await mkdir(dirname(target), { recursive: true });
    await rename(temp, target);
    return { path, size, sha256, head: new Uint8Array(Buffer.concat(headChunks)) };
  }

  /** Removes half-received files left by a server that stopped while receiving them. */
  async sweepIncoming(before: Date): Promise<void> {
    const dir = join(this.root, INCOMING);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const info = await stat(join(dir, name)).catch(() => null);
      if (info && info.mtime < before) await rm(join(dir, name), { force: true });
    }
  }

  async discard(path: string): Promise<void> {
    await rm(this.absolute(path), { force: true });
  }

  async open(path: string): Promise<{ stream: Readable; size: number }> {
    const full = this.absolute(path);
    const info = await stat(full);
    return { stream: createReadStream(full), size: info.size };
  }
}
