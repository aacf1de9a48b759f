import type { FlowCondition } from '../shared/approvalFlow/flowModel.js';
import { conditionProblem, flowProblems, problemPointer, readableFlow } from '../shared/approvalFlow/flowProblems.js';
import { formFieldNames } from '../shared/approvalFlow/formFields.js';

interface Problem {
  file: string;
  at: string;
  message: string;
}

/** A type another type's `createsCases` may name: its category, title and the fields its form collects. */
export interface KnownCaseType {
  category: unknown;
  title: string;
  fields: ReadonlySet<string>;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * What a proposal type must be beyond its meta-schema: an approval flow that passes flowProblems
 * against the fields of its own form (each problem at the node or edge it is about), and cases to
 * create that name case types (not proposal types) whose forms have the mapped fields, filled from
 * fields the proposal's form has. A case type carries neither.
 */
export function proposalTypeProblems(file: string, body: Record<string, unknown>, caseTypes: ReadonlyMap<string, KnownCaseType>): Problem[] {
  const problems: Problem[] = [];
  if (body.category !== 'proposal') {
    if (body.approvalFlow !== undefined) problems.push({ file, at: '/approvalFlow', message: '只有提案类型有审批流程' });
    if (body.createsCases !== undefined) problems.push({ file, at: '/createsCases', message: '只有提案类型有审批通过后建立的案件' });
    return problems;
  }
  const fields = formFieldNames(body.form);

  const flow = body.approvalFlow;
  if (flow === undefined) problems.push({ file, at: '/approvalFlow', message: '提案类型须有审批流程' });
  else if (readableFlow(flow)) {
    for (const p of flowProblems(flow, fields)) problems.push({ file, at: problemPointer(flow, p), message: p.message });
  }

  (Array.isArray(body.createsCases) ? body.createsCases : []).forEach((item, i) => {
    if (!isObject(item)) return;
    const at = `/createsCases/${i}`;
    const target = typeof item.caseType === 'string' ? caseTypes.get(item.caseType) : undefined;
    if (typeof item.caseType === 'string' && !target) problems.push({ file, at: `${at}/caseType`, message: `没有标识为 ${item.caseType} 的案件类型` });
    else if (target && target.category !== 'case')
      problems.push({ file, at: `${at}/caseType`, message: `“${target.title}”是提案类型，审批通过后只能建立案件` });
    if (isObject(item.fields)) {
      for (const [caseField, proposalField] of Object.entries(item.fields)) {
        const fieldAt = `${at}/fields/${escape(caseField)}`;
        if (target?.category === 'case' && !target.fields.has(caseField))
          problems.push({ file, at: fieldAt, message: `案件类型“${target.title}”的表单中没有字段 ${caseField}` });
        if (typeof proposalField === 'string' && !fields.has(proposalField))
          problems.push({ file, at: fieldAt, message: `提案表单中没有字段 ${proposalField}（填入案件的 ${caseField}）` });
      }
    }
    (Array.isArray(item.when) ? item.when : []).forEach((condition, j) => {
      if (!isObject(condition) || typeof condition.field !== 'string') return;
      const wrong = conditionProblem(condition as unknown as FlowCondition, fields);
      if (wrong) problems.push({ file, at: `${at}/when/${j}`, message: `条件${wrong}` });
    });
  });
  return problems;
}

/** The case types `createsCases` may name, from the type descriptions at hand. */
export function knownCaseTypes(bodies: Record<string, unknown>[]): Map<string, KnownCaseType> {
  const known = new Map<string, KnownCaseType>();
  for (const body of bodies) {
    if (typeof body.name !== 'string') continue;
    known.set(body.name, {
      category: body.category,
      title: typeof body.title === 'string' && body.title ? body.title : body.name,
      fields: formFieldNames(body.form),
    });
  }
  return known;
}
