import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
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

/** Files on the local disk under one directory; paths handed out are relative to it. */
export class FileStore {
  constructor(private readonly root: string) {}

  /** Where a relative path lives, refusing anything that would step outside the root. */
  absolute(path: string): string {
    const full = resolve(this.root, path);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`非法的文件路径 ${path}`);
    return full;
  }

  /**
   * Streams an upload to a temporary file while hashing it, then moves it to
   * `<org>/<yyyymm>/<sha256>.<ext>`: the same content stored twice is one file.
   */
  async save(source: Readable, orgId: number, extension: string): Promise<StoredFile> {
    const temp = join(this.root, '.incoming', `${Date.now()}-${randomBytes(6).toString('hex')}`);
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
      await pipeline(source, observe, createWriteStream(temp));
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

  async discard(path: string): Promise<void> {
    await rm(this.absolute(path), { force: true });
  }

  async open(path: string): Promise<{ stream: Readable; size: number }> {
    const full = this.absolute(path);
    const info = await stat(full);
    return { stream: createReadStream(full), size: info.size };
  }
}
