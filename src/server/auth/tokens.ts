import { createHash, randomBytes } from 'node:crypto';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The password arrives base64-encoded (encryptionType base64); null when it is not valid base64. */
export function decodeBase64Password(encoded: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  return Buffer.from(encoded, 'base64').toString('utf8');
}
