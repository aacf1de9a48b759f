import { describe, expect, it } from 'vitest';
import { configFromEnv, parseExternalTools, parseTrustProxy } from '../../src/server/config.js';

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
});
