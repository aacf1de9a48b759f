import { ProposalViewTabs } from './ProposalViewTabs.js';
import { NewProposalButton } from './NewProposalButton.js';
import { ProposalCurrentStep, ProposalOpenLink, ProposalStateTag, StateTag } from './ProposalListCells.js';
import { ProposalDetail } from './ProposalDetail.js';
import { ProposalFlowChart } from './ProposalFlowChart.js';
import { ProposalMarksField } from './ProposalMarksField.js';
import { MarkProposalList } from './MarkProposalList.js';
import { LetterProposalButton } from './LetterProposalButton.js';
import { ProposalLinkAddress } from './ProposalLinkAddress.js';
import { ProposalApprovalQueue } from './ProposalApprovalQueue.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/**
 * Proposals (提案) with approval on the desktop: the list's views and cells, the proposal page with
 * its flow chart, a mark's proposals, a letter's 加入提案 and the external links' address cell.
 */
export const proposalWidgets = {
  ProposalViewTabs,
  NewProposalButton,
  ProposalStateTag,
  ProposalOpenLink,
  ProposalCurrentStep,
  ProposalDetail,
  ProposalFlowChart,
  ProposalMarksField,
  MarkProposalList,
  LetterProposalButton,
  ProposalLinkAddress,
  ProposalApprovalQueue,
} satisfies SchemaComponents;

/** For other domains' pages (the mobile approval pages): the read-only flow chart and a proposal's state tag. */
export { ProposalFlowChart, StateTag as ProposalStateBadge };
export { proposalPath } from './proposalLook.js';

// The phone approval screens and the outside proposal page: each its own chunk, so a phone or a visitor loads only its screens.
export { mobileProposalWidgets } from './mobile/index.js';
export { publicProposalWidgets } from './publicProposal/index.js';
