import type { SoftCertificateGetUKeySignInfoResponse } from '../../generated/types.js';
import type { TenantContext } from '../http/context.js';
import { CredentialUnreadableError } from '../auth/credentialCipher.js';
import { logOperation } from '../accounts/operationLog.js';
import { findEnterprise } from './enterpriseValues.js';

type UKeyStatus = SoftCertificateGetUKeySignInfoResponse;

/** The row a code belongs to, sealed into its ciphertext: copied to another enterprise it does not open. */
const contextOf = (orgId: number, enterpriseId: number) => `ukey:${orgId}:${enterpriseId}`;

/** Only the last four characters show. */
export const maskCode = (code: string) => `****${code.slice(-4)}`;

/** Whether the enterprise's code is set, when and by whom, and its masked form; never the code. */
export async function ukeyStatus(ctx: TenantContext, enterpriseId: number): Promise<UKeyStatus> {
  await findEnterprise(ctx.db, enterpriseId);
  const row = await ctx.db
    .selectFrom('enterprise_ukey_codes')
    .leftJoin('users', 'users.id', 'enterprise_ukey_codes.set_by')
    .select(['enterprise_ukey_codes.code_cipher', 'enterprise_ukey_codes.set_at', 'users.display_name'])
    .where('enterprise_ukey_codes.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!row) return { enterpriseId, set: false, readable: false, maskedCode: null, setAt: null, setByName: null };
  let maskedCode: string | null = null;
  try {
    maskedCode = maskCode(ctx.credentials.decrypt(row.code_cipher, contextOf(ctx.session.orgId, enterpriseId)));
  } catch (error) {
    // Sealed with another key (CREDENTIAL_KEY changed, or not shared between processes): set, but to be set again.
    if (!(error instanceof CredentialUnreadableError)) throw error;
  }
  return {
    enterpriseId,
    set: true,
    readable: maskedCode !== null,
    maskedCode,
    setAt: new Date(row.set_at).toISOString(),
    setByName: row.display_name ?? null,
  };
}

/** Sets or replaces the enterprise's code, encrypted; the log says it was set, not what to. */
export async function saveUKeyCode(ctx: TenantContext, enterpriseId: number, code: string): Promise<UKeyStatus> {
  const enterprise = await findEnterprise(ctx.db, enterpriseId);
  const sealed = ctx.credentials.encrypt(code, contextOf(ctx.session.orgId, enterpriseId));
  const replaced = await ctx.db.selectFrom('enterprise_ukey_codes').select('enterprise_id').where('enterprise_id', '=', enterpriseId).executeTakeFirst();
  await ctx.db
    .insertInto('enterprise_ukey_codes')
    .values({ enterprise_id: enterpriseId, org_id: ctx.session.orgId, code_cipher: sealed, set_by: ctx.session.userId })
    .onConflict((oc) => oc.column('enterprise_id').doUpdateSet({ code_cipher: sealed, set_at: new Date(), set_by: ctx.session.userId }))
    .execute();
  await logOperation(ctx, 'softCertificate.saveUKeyCode', {
    replaced: replaced !== undefined,
    enterpriseId,
    applicantName: enterprise.applicant_name,
  });
  return ukeyStatus(ctx, enterpriseId);
}
