import type { FormilyNode } from '../../generated/types.js';
import { minimalFlow, type ApprovalFlow } from '../../shared/approvalFlow/flowModel.js';
import { arrange } from './approval/flowEdits.js';

/** A case type as schemas/meta/case-type.schema.json describes it: the part the builder edits field by field. */
export interface CaseStage {
  key: string;
  title: string;
  deadlineDays?: number;
  officialTypes?: string[];
  status?: string;
}
export interface CaseStatus {
  key: string;
  title: string;
  color?: string;
  final?: boolean;
}
export interface CaseTransition {
  action: string;
  from: string[];
  to: string;
  permission: string;
}
export interface CaseAttachment {
  key: string;
  title: string;
  required?: boolean;
  accept?: string;
}
export interface CaseFeeItem {
  name: string;
  kind: 'official' | 'agency' | 'sundry';
  amount?: number;
  currency?: 'CNY' | 'USD';
  officialFeeItem?: string;
  per?: 'case' | 'class' | 'mark' | 'country';
  caseTypePrice?: boolean;
}
export interface CaseTypeBody {
  name: string;
  title: string;
  category: 'case' | 'proposal';
  description?: string;
  form: FormilyNode;
  /** Case types only; a proposal type has none. */
  stages?: CaseStage[];
  scope?: 'domestic' | 'overseas';
  archiveEffect?: string;
  tiedMarks?: string;
  filingForm?: string;
  statuses?: CaseStatus[];
  transitions?: CaseTransition[];
  attachments?: CaseAttachment[];
  feeItems?: CaseFeeItem[];
  /** Proposal types only: the approval flow and the cases an approval creates. */
  approvalFlow?: ApprovalFlow;
  createsCases?: unknown[];
  [other: string]: unknown;
}

export const NAME_PATTERN = /^[a-z][A-Za-z0-9]*$/;

/** A type with nothing in it yet but the choices every type makes. */
export function blankCaseType(): CaseTypeBody {
  return {
    name: '',
    title: '',
    category: 'case',
    scope: 'domestic',
    archiveEffect: 'none',
    tiedMarks: 'none',
    form: { type: 'object', properties: {} },
    stages: [],
    attachments: [],
    feeItems: [],
  };
}

/** A proposal type with nothing in it yet but the flow every proposal needs: 发起人 → 直属上级审批 → 结束. */
export function blankProposalType(): CaseTypeBody {
  return {
    name: '',
    title: '',
    category: 'proposal',
    form: { type: 'object', properties: {} },
    approvalFlow: arrange(minimalFlow()),
    createsCases: [],
    attachments: [],
  };
}

/** `base` followed by the smallest number that makes it unused (base1, base2, …). */
export function unusedKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
}

/**
 * A new type made from an existing one: everything but its identity. The pages of a built-in type
 * stay with it; the copy is listed with the organisation's own types.
 */
export function copyOfCaseType(source: Record<string, unknown>, takenNames: Iterable<string>): CaseTypeBody {
  const { routes: _routes, $schema: _schema, ...rest } = structuredClone(source) as CaseTypeBody & { routes?: unknown; $schema?: unknown };
  const base = typeof source.name === 'string' && NAME_PATTERN.test(source.name) ? `${source.name}Copy` : 'caseType';
  const blank = source.category === 'proposal' ? blankProposalType() : blankCaseType();
  return { ...blank, ...rest, name: unusedKey(base, takenNames), title: `${String(source.title ?? '')}（副本）` };
}

/** Moves the item at `from` one place up or down; the list unchanged when it would leave the ends. */
export function moveItem<T>(list: T[], from: number, offset: -1 | 1): T[] {
  const to = from + offset;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}
