import { EvidenceCoverage } from './EvidenceCoverage.js';
import { EvidenceEditor } from './EvidenceEditor.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** Evidence of use (使用证据): one mark's coverage with its gaps and bundle, and the evidence form. */
export const evidenceWidgets = {
  EvidenceCoverage,
  EvidenceEditor,
} satisfies SchemaComponents;
