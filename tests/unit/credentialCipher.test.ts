import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CredentialCipher, CredentialUnreadableError, loadCredentialKey, parseCredentialKey } from '../../src/server/auth/credentialCipher.js';
import { configFromEnv } from '../../src/server/config.js';

describe('secrets encrypted at rest (AES-256-GCM)', () => {
  const cipher = new CredentialCipher(randomBytes(32));
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('opens what it sealed, for the same row only, and never writes the secret itself', () => {
    const sealed = cipher.encrypt('UK-2026-00481234', 'ukey:1:7');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(sealed).not.toContain('1234');
    expect(cipher.decrypt(sealed, 'ukey:1:7')).toBe('UK-2026-00481234');
    // A fresh nonce each time: the same secret never looks the same twice.
    expect(cipher.encrypt('UK-2026-00481234', 'ukey:1:7')).not.toBe(sealed);
    expect(() => cipher.decrypt(sealed, 'ukey:1:8')).toThrow(CredentialUnreadableError);
    expect(cipher.decrypt(cipher.encrypt('密码', 'x'), 'x')).toBe('密码');
  });

  it('refuses a tampered ciphertext, another key and text that is no ciphertext', () => {
    const sealed = cipher.encrypt('UK-2026-00481234', 'ukey:1:7');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    for (const at of [0, 12, 20, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 1;
      expect(() => cipher.decrypt(`v1:${changed.toString('base64')}`, 'ukey:1:7'), `byte ${at}`).toThrow('无法解密已保存的凭据');
    }
    expect(() => new CredentialCipher(randomBytes(32)).decrypt(sealed, 'ukey:1:7')).toThrow(CredentialUnreadableError);
    for (const text of ['', 'v1:', 'v2:' + sealed.slice(3), 'v1:AAAA', 'UK-2026-00481234'])
      expect(() => cipher.decrypt(text, 'ukey:1:7')).toThrow(CredentialUnreadableError);
  });

  it('takes CREDENTIAL_KEY as base64 of 32 bytes and stops the start on anything else', () => {
    const key = randomBytes(32).toString('base64');
    expect(parseCredentialKey(key)).toHaveLength(32);
    expect(configFromEnv({ CREDENTIAL_KEY: key }).credentialKey).toBe(key);
    for (const bad of [randomBytes(16).toString('base64'), 'not base64!', 'x'.repeat(44)]) {
      expect(() => configFromEnv({ CREDENTIAL_KEY: bad })).toThrow('CREDENTIAL_KEY 应为 base64 编码的 32 字节密钥');
    }
    expect(loadCredentialKey({ credentialKey: key, dataDir: '/nonexistent' })).toEqual(Buffer.from(key, 'base64'));
  });

  it('without CREDENTIAL_KEY generates a key once in DATA_DIR, readable by its owner only, and reads it back', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'ipm-key-')), 'data');
    dirs.push(dataDir);
    const first = loadCredentialKey({ dataDir });
    expect(first).toHaveLength(32);
    expect(loadCredentialKey({ dataDir })).toEqual(first);
    const file = join(dataDir, 'credential.key');
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    // A database in memory gets a key for this process only.
    expect(loadCredentialKey({ dataDir: 'memory://' })).not.toEqual(loadCredentialKey({ dataDir: 'memory://' }));
  });
});
