import type { SchemaProblem } from '../../generated/types.js';
import type { CaseTypeBody } from './caseTypeBody.js';

/** What every section of the builder is given: the type, a way to change part of it, and the problems found in its part. */
export interface SectionProps {
  body: CaseTypeBody;
  change(patch: Partial<CaseTypeBody>, coalesceKey?: string): void;
  problems: SchemaProblem[];
}

/** The first problem at `pointer` or inside it, as the status and help text of the field there. */
export function fieldProblem(problems: SchemaProblem[], pointer: string): SchemaProblem | undefined {
  return problems.find((p) => p.at === pointer || p.at.startsWith(`${pointer}/`));
}
