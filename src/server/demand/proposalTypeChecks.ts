import type { JsonSchema } from '../../shared/operation.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { caseTypeOf, currentCaseType } from '../cases/caseTypes.js';
import { approverRuleProblems } from './approverRules.js';
import { mappingProblems } from './demandCases.js';

/**
 * What keeps a proposal type from being published in this organisation, beyond its shape: every
 * approver and copy-to rule must name people, roles and departments the organisation has, and
 * every case it creates must be a case type here whose fields the mapping names.
 */
export async function proposalTypeProblems(db: ScopedDb, schemas: SchemaLibrary, body: JsonSchema): Promise<{ at: string; message: string }[]> {
  const type = caseTypeOf(schemas, body, null, 0);
  if (type.category !== 'proposal') return [];
  const problems: { at: string; message: string }[] = [];
  if (type.approvalFlow) for (const message of await approverRuleProblems(db, type.approvalFlow)) problems.push({ at: '/approvalFlow', message });
  for (const [i, spec] of type.createsCases.entries()) {
    for (const message of mappingProblems(type, spec, await currentCaseType(db, schemas, spec.caseType))) problems.push({ at: `/createsCases/${i}`, message });
  }
  return problems;
}
