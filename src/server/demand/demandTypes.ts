import type { DemandType } from '../../generated/types.js';
import type { ApprovalFlow } from '../../shared/approvalFlow/flowModel.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest } from '../http/apiError.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { availableCaseTypes, caseTypeVersion, currentCaseType, type CaseType } from '../cases/caseTypes.js';

/** A proposal type: a case type of category proposal, with its approval flow. */
export type ProposalType = CaseType & { approvalFlow: ApprovalFlow };

function asProposalType(type: CaseType): ProposalType {
  if (type.category !== 'proposal') throw badRequest(`“${type.title}”是案件类型，不能用来建提案`);
  if (!type.approvalFlow) throw badRequest(`提案类型“${type.title}”没有审批流程，请管理员在提案配置中设置`);
  return type as ProposalType;
}

/** The version of a proposal type in effect for the organisation now; refused in Chinese when there is none. */
export async function currentProposalType(db: ScopedDb, schemas: SchemaLibrary, name: string): Promise<ProposalType> {
  const type = await currentCaseType(db, schemas, name);
  if (!type) throw badRequest(`提案类型 ${name} 不存在`);
  return asProposalType(type);
}

/** The version a proposal was created with, which it keeps through every round of approval. */
export async function proposalTypeVersion(db: ScopedDb, schemas: SchemaLibrary, name: string, versionId: number | null): Promise<ProposalType> {
  return asProposalType(await caseTypeVersion(db, schemas, name, versionId));
}

/** The proposal types the organisation can start now, in the built-ins' order. */
export async function availableProposalTypes(db: ScopedDb, schemas: SchemaLibrary): Promise<ProposalType[]> {
  const order = new Map(schemas.builtIns('caseTypes').map((f) => [String(f.body.name), typeof f.body.order === 'number' ? f.body.order : 1e6]));
  return (await availableCaseTypes(db, schemas))
    .filter((t): t is ProposalType => t.category === 'proposal' && t.approvalFlow !== null)
    .sort((a, b) => (order.get(a.name) ?? 1e6) - (order.get(b.name) ?? 1e6) || a.name.localeCompare(b.name));
}

export function demandTypeOut(type: ProposalType): DemandType {
  return {
    name: type.name,
    title: type.title,
    version: type.version,
    versionId: type.versionId,
    form: type.form as Record<string, unknown>,
    createsCases: [...new Set(type.createsCases.map((c) => c.caseType))],
  };
}
