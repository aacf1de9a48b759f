import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { S3Settings } from '../config.js';
import { objectMissing, storeUnavailable, type ObjectStore, type PresignedPut } from './objectStore.js';

const PUT_ATTEMPTS = 3;

type Sdk = typeof import('@aws-sdk/client-s3');
type Presigner = typeof import('@aws-sdk/s3-request-presigner');

/** No such object (a bucket that is not there is a configuration fault, not a missing file). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** Any failure to reach or use the store is told to the user as the store being unavailable. */
async function reaching<T>(writing: boolean, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw storeUnavailable(writing, err);
  }
}

/**
 * Files in a bucket of an S3-compatible store (AWS S3, MinIO, Ceph, OSS, COS…) under an optional
 * prefix. The SDK is loaded only when a bucket is configured.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';

  private constructor(
    private readonly settings: S3Settings,
    private readonly client: S3Client,
    private readonly sdk: Sdk,
    private readonly presigner: Presigner,
  ) {}

  /** `log` hears the SDK's warnings and errors; its per-call records are left out. */
  static async open(settings: S3Settings, log: Pick<Logger, 'warn' | 'error'>): Promise<S3ObjectStore> {
    const [sdk, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
    const client = new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey ?? '' } : undefined,
      // Checksums only where S3 requires them: by default the SDK sends bodies as aws-chunked with a
      // trailing checksum, which several S3-compatible stores keep as part of the file's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that is down answers nothing: give up on connecting soon, on a stalled transfer later.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      logger: { debug: () => {}, info: () => {}, warn: (...args: unknown[]) => log.warn(args, 'S3'), error: (...args: unknown[]) => log.error(args, 'S3') },
    });
    return new S3ObjectStore(settings, client, sdk, presigner);
  }

  private key(key: string): string {
    return this.settings.prefix + key;
  }

  /** The SDK cannot retry a request whose body is a stream; the file is local, so it is read again for each try. */
  async putFile(localPath: string, key: string, contentType: string): Promise<void> {
    const { size } = await stat(localPath);
    const put = () =>
      this.client.send(
        new this.sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), Body: createReadStream(localPath), ContentLength: size, ContentType: contentType }),
      );
    await reaching(true, async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await put();
        } catch (err) {
          if (attempt >= PUT_ATTEMPTS || (err as { $fault?: string }).$fault === 'client') throw err;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    });
    await rm(localPath, { force: true });
  }

  async get(key: string): Promise<{ stream: Readable; size: number }> {
    const object = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) })).catch((err: unknown) => {
      throw isMissing(err) ? objectMissing() : storeUnavailable(false, err);
    });
    return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
      return { size: Number(head.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw storeUnavailable(false, err);
    }
  }

  async delete(key: string): Promise<void> {
    await reaching(true, () => this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) })));
  }

  /** A copy inside the store, then the original removed: the bytes never pass through the server. */
  async move(from: string, to: string): Promise<void> {
    const { bucket } = this.settings;
    await reaching(true, () =>
      this.client.send(new this.sdk.CopyObjectCommand({ Bucket: bucket, Key: this.key(to), CopySource: `${bucket}/${encodeURI(this.key(from))}` })),
    );
    await this.delete(from);
  }

  /** Signed for this key, type and exact size: the store itself refuses any other body. */
  async presignPut(key: string, contentType: string, size: number, expiresInSeconds: number): Promise<PresignedPut> {
    const command = new this.sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), ContentType: contentType, ContentLength: size });
    const url = await this.presigner.getSignedUrl(this.client, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, headers: { 'content-type': contentType }, expiresAt: new Date(Date.now() + expiresInSeconds * 1000) };
  }

  close(): void {
    this.client.destroy();
  }
}
