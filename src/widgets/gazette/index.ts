import { GazetteDeadlineCell, GazetteMarkCell, GazetteReasonsCell } from './GazetteCells.js';
import { GazetteProposalAction } from './GazetteProposalAction.js';
import { GazetteRunPanel } from './GazetteRunPanel.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The gazette watch (/brand/riskGg): the hit table's cells, its one action and the matching panel. */
export const gazetteWidgets = {
  GazetteMarkCell,
  GazetteDeadlineCell,
  GazetteReasonsCell,
  GazetteProposalAction,
  GazetteRunPanel,
} satisfies SchemaComponents;
