// The phone approval screens and the outside proposal page: each its own chunk, so a phone or a visitor loads only its screens.
export { mobileProposalWidgets } from './mobile/index.js';
export { publicProposalWidgets } from './publicProposal/index.js';
