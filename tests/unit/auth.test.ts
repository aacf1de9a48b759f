import { describe, expect, it } from 'vitest';
import { decodeBase64Password, hashToken } from '../../src/server/auth/tokens.js';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords.js';
import { penaltyForFailure } from '../../src/server/auth/loginThrottle.js';
import { parseRoleAuth } from '../../src/server/auth/session.js';
import { encodeValues } from '../../src/runtime/encodeValues.js';
import { isSessionExpiry, SessionExpiry } from '../../src/shared/envelope.js';

describe('password transport and storage', () => {
  it('decodes the base64 the login page sends, Chinese included', () => {
    const sent = encodeValues({ password: '密码Pa55' }, { password: 'base64' }).password as string;
    expect(decodeBase64Password(sent)).toBe('密码Pa55');
    expect(decodeBase64Password('not base64!')).toBeNull();
    expect(decodeBase64Password('abc')).toBeNull();
  });

  it('hashes with scrypt and verifies only the right password', async () => {
    const stored = await hashPassword('Admin@2026');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(stored).not.toContain('Admin@2026');
    expect(await verifyPassword('Admin@2026', stored)).toBe(true);
    expect(await verifyPassword('admin@2026', stored)).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });

  it('stores only a digest of the session token', () => {
    expect(hashToken('abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('abc')).not.toBe(hashToken('abd'));
  });
});

describe('penaltyForFailure', () => {
  const settings = { maxFailedLogins: 5, lockMinutes: 15, loginSlowdownMs: 400 };
  it('answers the first two failures at once, then ever more slowly', () => {
    expect([1, 2, 3, 4].map((n) => penaltyForFailure(n, settings).delayMs)).toEqual([0, 0, 400, 800]);
    expect(penaltyForFailure(3, settings).attemptsLeft).toBe(2);
  });
  it('locks at the limit for the configured minutes', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(penaltyForFailure(5, settings, now).lockUntil?.toISOString()).toBe('2026-01-01T00:15:00.000Z');
  });
});

describe('roles and session texts', () => {
  it('splits roleAuth on commas into a set of keys', () => {
    expect([...parseRoleAuth(' trademark, workbench,,trademark ')]).toEqual(['trademark', 'workbench']);
  });
  it('recognises exactly the six session-expiry texts', () => {
    for (const text of Object.values(SessionExpiry)) expect(isSessionExpiry(text)).toBe(true);
    expect(isSessionExpiry('账号或密码错误')).toBe(false);
    expect(isSessionExpiry(undefined)).toBe(false);
  });
});
