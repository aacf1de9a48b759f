import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sizeGuard } from './fileStore.js';

/** The temporary area under FILES_DIR where the chunks of resumable uploads wait. */
const CHUNKS = '.chunks';

const UPLOAD_ID = /^[0-9a-f]{32}$/;

export function newUploadId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Chunks on disk, `.chunks/<org>/<upload id>/<index>`: the organisation is part of the path, so a
 * chunk sent with another organisation's upload id can never land among that upload's chunks.
 */
export class ChunkArea {
  private readonly base: string;
  constructor(filesDir: string) {
    this.base = join(filesDir, CHUNKS);
  }

  private dir(orgId: number, uploadId: string): string {
    if (!Number.isInteger(orgId) || !UPLOAD_ID.test(uploadId)) throw new Error(`非法的上传编号 ${uploadId}`);
    return join(this.base, String(orgId), uploadId);
  }

  /** Streams one chunk to a temporary file beside the others; `keep` then gives it its index. */
  async receive(source: Readable, orgId: number, uploadId: string, maxBytes: number): Promise<{ temp: string; size: number }> {
    const dir = this.dir(orgId, uploadId);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.${randomBytes(6).toString('hex')}.part`);
    const guard = sizeGuard(maxBytes);
    try {
      await pipeline(source, guard, createWriteStream(temp));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { temp, size: guard.bytes() };
  }

  /** Puts a received chunk in its place; sending the same index again replaces it. */
  async keep(temp: string, orgId: number, uploadId: string, index: number): Promise<void> {
    await rename(temp, join(this.dir(orgId, uploadId), String(index)));
  }

  async discardTemp(temp: string): Promise<void> {
    await rm(temp, { force: true });
  }

  /** The first bytes of a received chunk, for checking what the file really is. */
  async headOf(temp: string, bytes: number): Promise<Uint8Array> {
    const handle = await open(temp, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return new Uint8Array(buffer.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }

  /** Chunks 0 … count-1 read one after another, as the whole file. */
  assembled(orgId: number, uploadId: string, count: number): Readable {
    const dir = this.dir(orgId, uploadId);
    async function* chunks() {
      for (let index = 0; index < count; index++) yield* createReadStream(join(dir, String(index)));
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async remove(orgId: number, uploadId: string): Promise<void> {
    await rm(this.dir(orgId, uploadId), { recursive: true, force: true });
  }

  /**
   * Removes upload directories untouched since `before` whose upload `isLive` does not claim:
   * what is left when a server stopped half-way through an upload or its row was cleaned.
   */
  async sweep(before: Date, isLive: (orgId: number, uploadId: string) => boolean): Promise<number> {
    let removed = 0;
    const orgs = await readdir(this.base).catch(() => [] as string[]);
    for (const org of orgs) {
      const uploads = await readdir(join(this.base, org)).catch(() => [] as string[]);
      for (const uploadId of uploads) {
        const path = join(this.base, org, uploadId);
        const info = await stat(path).catch(() => null);
        if (!info || info.mtime >= before || isLive(Number(org), uploadId)) continue;
        await rm(path, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}
