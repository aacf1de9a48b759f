import type { HandlersOf } from '../http/context.js';
import { saveUKeyCode, ukeyStatus } from './ukeyCodes.js';

/** The e-filing certificate (UKey) code of each enterprise: kept encrypted, shown masked. */
export const softCertificateHandlers: HandlersOf<'softCertificate'> = {
  'softCertificate.getUKeySignInfo': (body, ctx) => ukeyStatus(ctx, body.enterpriseId),
  'softCertificate.saveUKeyCode': (body, ctx) => saveUKeyCode(ctx, body.enterpriseId, body.ukeyCode),
};
