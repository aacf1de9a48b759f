import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { SubCode } from '../../shared/envelope.js';
import { ApiError, notFound } from '../http/apiError.js';

/** A presigned upload: the browser PUTs the file's bytes to `url` with `headers`, before `expiresAt`. */
export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
  expiresAt: Date;
}

/**
 * Where the bytes of the organisations' files live, by key (`<org>/<yyyymm>/<sha256>.<ext>`, the
 * path the files table records): a directory on the local disk, or a bucket of an S3-compatible
 * store. Everything that reads or writes a file's bytes goes through here.
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Moves a complete local file to `key`, replacing what was there; the local file is gone afterwards. */
  putFile(localPath: string, key: string, contentType: string): Promise<void>;
  get(key: string): Promise<{ stream: Readable; size: number }>;
  /** The object's size, or null when there is no such object. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  move(from: string, to: string): Promise<void>;
  /** A short-lived URL the browser uploads to directly; only a store that can sign one has it. */
  presignPut?(key: string, contentType: string, size: number, expiresInSeconds: number): Promise<PresignedPut>;
  close?(): void;
}

/** The store could not be reached or refused the server: nothing was stored (or read). */
export function storeUnavailable(writing: boolean, cause: unknown): ApiError {
  const message = writing ? '文件存储服务无法访问，文件未保存，请稍后重试或联系管理员' : '文件存储服务无法访问，暂时无法读取文件，请稍后重试或联系管理员';
  return new ApiError(503, SubCode.storeUnavailable, message, { cause });
}

export const objectMissing = () => notFound('文件已不在存储中，请重新上传');

/** Files under one directory of the local disk, at their key. */
export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk';
  constructor(readonly root: string) {}

  /** Where a key lives, refusing anything that would step outside the root. */
  absolute(key: string): string {
    const full = resolve(this.root, key);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`非法的文件路径 ${key}`);
    return full;
  }

  async putFile(localPath: string, key: string): Promise<void> {
    const target = this.absolute(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(localPath, target);
  }

  async get(key: string): Promise<{ stream: Readable; size: number }> {
    const found = await this.stat(key);
    if (!found) throw objectMissing();
    return { stream: createReadStream(this.absolute(key)), size: found.size };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const info = await stat(this.absolute(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    return info ? { size: info.size } : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.absolute(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    await this.putFile(this.absolute(from), to);
  }
}
