import { MobileDemand } from './MobileDemand.js';
import { MobileDecision } from './MobileDecision.js';
import type { SchemaComponents } from '../../../runtime/schemaFieldContext.js';

/** The phone approval screens: a proposal (/mobile/demand) and the decision on it (/mobile/adopt, /mobile/reject). */
export const mobileProposalWidgets = {
  MobileDemand,
  MobileDecision,
} satisfies SchemaComponents;
