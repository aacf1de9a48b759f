import { describe, expect, it } from 'vitest';
import { configFromEnv, parseExternalTools, parseObjectStorage, parseTrustProxy } from '../../src/server/config.js';

describe('configuration', () => {
  it('reads the external tool addresses and refuses anything but http(s)', () => {
    expect(parseExternalTools(undefined)).toEqual({});
    expect(parseExternalTools('{"dplsearch1":"https://s.example/a"}')).toEqual({ dplsearch1: 'https://s.example/a' });
    expect(() => parseExternalTools('[1]')).toThrow('EXTERNAL_TOOLS 应为“工具键: 地址”的 JSON 对象');
    expect(() => parseExternalTools('{"x":"javascript:alert(1)"}')).toThrow('EXTERNAL_TOOLS 中 x 的地址应以 http:// 或 https:// 开头');
    expect(() => parseExternalTools('{')).toThrow('EXTERNAL_TOOLS 不是合法的 JSON');
  });
  it('reads which proxies to believe about the client address', () => {
    expect([undefined, '', '0', 'false'].map(parseTrustProxy)).toEqual([false, false, false, false]);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
  it('has the documented defaults', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({
      port: 3000,
      sessionDays: 3,
      maxFailedLogins: 5,
      lockMinutes: 15,
      pgliteSharedBuffers: '32MB',
      seedDemo: true,
      trustProxy: false,
    });
    expect(configFromEnv({ DATA_DIR: 'memory://', PORT: '8080' })).toMatchObject({ dataDir: 'memory://', port: 8080 });
  });
  it('keeps files on the disk unless a bucket is named, and reads the S3 settings', () => {
    expect(configFromEnv({}).objectStorage).toBeUndefined();
    expect(parseObjectStorage({ S3_BUCKET: 'ipm' })).toEqual({
      bucket: 'ipm',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    const minio = parseObjectStorage({
      S3_BUCKET: 'ipm',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'cn-east-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: '/tenant-files/',
    });
    expect(minio).toEqual({
      bucket: 'ipm',
      region: 'cn-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'tenant-files/',
    });
    expect(parseObjectStorage({ S3_BUCKET: 'ipm', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' })!.forcePathStyle).toBe(false);
    expect(() => parseObjectStorage({ S3_BUCKET: 'ipm', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT 应以 http:// 或 https:// 开头');
    expect(() => parseObjectStorage({ S3_BUCKET: 'ipm', S3_ACCESS_KEY_ID: 'key' })).toThrow('S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 应同时设置');
    expect(() => parseObjectStorage({ S3_BUCKET: 'ipm', S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE 只能是 1、0、true 或 false');
  });
});
