/** The part of s3rver (an S3-compatible server in this process) the tests use; the package has no types. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: { name: string; configs?: string[] }[] });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
