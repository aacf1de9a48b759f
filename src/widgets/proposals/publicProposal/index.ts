import { PublicProposal } from './PublicProposal.js';
import type { SchemaComponents } from '../../../runtime/schemaFieldContext.js';

/** The page an outside client or business unit submits a proposal on, without an account (/case-proposal). */
export const publicProposalWidgets = {
  PublicProposal,
} satisfies SchemaComponents;
