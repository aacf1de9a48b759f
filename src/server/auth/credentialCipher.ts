import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets the organisations keep with us (an enterprise's e-filing certificate code) are stored
 * encrypted: AES-256-GCM, a fresh 12-byte nonce each time, and the row they belong to as
 * associated data, so a ciphertext copied into another row does not open there.
 */
const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const CREDENTIAL_KEY_BYTES = 32;

/** The file under DATA_DIR holding the key generated when CREDENTIAL_KEY is not set. */
export const CREDENTIAL_KEY_FILE = 'credential.key';

/** A stored secret that the key at hand cannot open: another key, or changed bytes. */
export class CredentialUnreadableError extends Error {
  constructor() {
    super('无法解密已保存的凭据：密钥不同或内容已被改动');
  }
}

export class CredentialCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== CREDENTIAL_KEY_BYTES) throw new Error(`凭据密钥应为 ${CREDENTIAL_KEY_BYTES} 字节`);
  }

  /** `v1:` and base64 of nonce, tag and ciphertext. `context` names the row the secret belongs to. */
  encrypt(plain: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /**
   * A signature of `text` for one purpose (HMAC-SHA256 under a key derived from this key and the
   * purpose), base64url: for links handed out that must not be forged or altered.
   */
  sign(text: string, purpose: string): string {
    const key = createHmac('sha256', this.key).update(`sign:${purpose}`).digest();
    return createHmac('sha256', key).update(text, 'utf8').digest('base64url');
  }

  /** Whether `signature` is this key's signature of `text` for `purpose`, compared in constant time. */
  verify(text: string, purpose: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(text, purpose));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The secret, or CredentialUnreadableError when it was not written by this key for this context. */
  decrypt(stored: string, context: string): string {
    const [version, payload] = stored.split(':', 2);
    if (version !== VERSION || !payload) throw new CredentialUnreadableError();
    const bytes = Buffer.from(payload, 'base64');
    if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new CredentialUnreadableError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new CredentialUnreadableError();
    }
  }
}

/** CREDENTIAL_KEY: base64 of exactly 32 bytes; anything else stops the start. */
export function parseCredentialKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && trimmed.length % 4 === 0 ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (key.length !== CREDENTIAL_KEY_BYTES) throw new Error('CREDENTIAL_KEY 应为 base64 编码的 32 字节密钥（例如 openssl rand -base64 32 的输出）');
  return key;
}

/**
 * The key: CREDENTIAL_KEY when set; otherwise the one in DATA_DIR/credential.key, written there
 * (readable by the owner only) the first time. An in-memory database gets a key for this process
 * only, as its data lasts no longer. Processes sharing one database must share CREDENTIAL_KEY.
 */
export function loadCredentialKey(config: { credentialKey?: string; dataDir: string }): Buffer {
  if (config.credentialKey) return parseCredentialKey(config.credentialKey);
  if (config.dataDir.startsWith('memory://')) return randomBytes(CREDENTIAL_KEY_BYTES);
  const file = join(config.dataDir, CREDENTIAL_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(CREDENTIAL_KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Written before (or by another process starting at the same moment): read it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseCredentialKey(readFileSync(file, 'utf8'));
}
