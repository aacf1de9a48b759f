import { sql, type Kysely } from 'kysely';
import type { CredentialCipher } from '../auth/credentialCipher.js';
import type { Database } from '../db/tables.js';

/** The secrets of an organisation's message channels, kept encrypted in message_settings. */
export type ChannelSecret = 'smtp_password' | 'webhook_secret';

const contextOf = (orgId: number, column: ChannelSecret) => `message_settings:${orgId}:${column}`;

export function sealChannelSecret(cipher: CredentialCipher, orgId: number, column: ChannelSecret, plain: string): string {
  return cipher.encrypt(plain, contextOf(orgId, column));
}

/** The secret as the channel needs it; a stored value this key cannot open fails the send with the reason. */
export function openChannelSecret(cipher: CredentialCipher, orgId: number, column: ChannelSecret, stored: string | null | undefined): string | null {
  return stored ? cipher.decrypt(stored, contextOf(orgId, column)) : null;
}

/** Secrets saved before they were encrypted are sealed at start, so none stays readable in the table. */
export async function sealPlainChannelSecrets(system: Kysely<Database>, cipher: CredentialCipher): Promise<void> {
  const rows = await system
    .selectFrom('message_settings')
    .select(['org_id', 'smtp_password', 'webhook_secret'])
    .where((eb) => eb.or([sql<boolean>`smtp_password not like 'v1:%'`, sql<boolean>`webhook_secret not like 'v1:%'`]))
    .execute();
  for (const row of rows) {
    const seal = (column: ChannelSecret, value: string | null) =>
      value && !value.startsWith('v1:') ? sealChannelSecret(cipher, row.org_id, column, value) : value;
    await system
      .updateTable('message_settings')
      .set({ smtp_password: seal('smtp_password', row.smtp_password), webhook_secret: seal('webhook_secret', row.webhook_secret) })
      .where('org_id', '=', row.org_id)
      .execute();
  }
}
