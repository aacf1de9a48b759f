import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/server/config.js';

export interface TestBucket {
  /** What the app is configured with: path-style addresses and a key prefix, as with MinIO behind a shared bucket. */
  settings: S3Settings;
  stop(): Promise<void>;
}

const settingsFor = (port: number): S3Settings => ({
  bucket: 'ipm-test',
  region: 'us-east-1',
  endpoint: `http://127.0.0.1:${port}`,
  // s3rver's own account.
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  prefix: 'ipm/',
});

/** A bucket rule letting pages of `origin` PUT to it, as a browser's direct upload needs. */
const corsRule = (origin: string) =>
  `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedHeader>content-type</AllowedHeader></CORSRule></CORSConfiguration>`;

/** An S3-compatible server in this process, on a port of its own, with an empty bucket; `browserOrigin` may upload to it directly. */
export async function startS3Server(browserOrigin?: string): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'ipm-s3-'));
  const configs = browserOrigin ? [corsRule(browserOrigin)] : [];
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'ipm-test', configs }] });
  const { port } = await server.run();
  return {
    settings: settingsFor(port),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The settings of a store that is down: a port that was free a moment ago and nothing listens on. */
export async function closedPortBucket(): Promise<S3Settings> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return settingsFor(port);
}
