import type { JsonSchema } from '../shared/operation.js';
import { deadlineRuleProblem } from '../shared/deadlines/deadlineRule.js';
import type { SchemaFile } from './schemaFiles.js';
import { knownCaseTypes, proposalTypeProblems } from './proposalTypeProblems.js';

interface Problem {
  file: string;
  at: string;
  message: string;
}

const DEFAULT_STATUSES = 'dicts/case-statuses.json';
const OFFICIAL_FEES = 'dicts/official-fees.json';
const OFFICIAL_TYPES = 'dicts/official-types.json';

const listOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object') : [];

/** Each repeated `key` of a list, at its second and later places. */
function repeatedKeys(file: string, list: Record<string, unknown>[], at: string, what: string): Problem[] {
  const seen = new Set<unknown>();
  const problems: Problem[] = [];
  list.forEach((item, i) => {
    if (typeof item.key !== 'string') return;
    if (seen.has(item.key)) problems.push({ file, at: `${at}/${i}/key`, message: `${what}标识 ${item.key} 重复` });
    seen.add(item.key);
  });
  return problems;
}

/**
 * The letter-type catalogue's own consistency: each name once, each identifying word once within a
 * business (a letter must be read as one type), and every deadline rule one the engine reads.
 */
function catalogueProblems(entries: Record<string, unknown>[]): Problem[] {
  const problems: Problem[] = [];
  const labels = new Set<unknown>();
  const words = new Map<string, unknown>();
  entries.forEach((entry, i) => {
    if (labels.has(entry.label)) problems.push({ file: OFFICIAL_TYPES, at: `/items/${i}/label`, message: `官文类型 ${String(entry.label)} 重复` });
    labels.add(entry.label);
    (Array.isArray(entry.keywords) ? entry.keywords : []).forEach((word, j) => {
      const key = `${String(entry.business)}|${String(word)}`;
      const owner = words.get(key);
      if (owner !== undefined && owner !== entry.label) {
        problems.push({ file: OFFICIAL_TYPES, at: `/items/${i}/keywords/${j}`, message: `识别词 ${String(word)} 已用于官文类型 ${String(owner)}` });
      } else words.set(key, entry.label);
    });
    for (const field of ['electronicDelivery', 'paperDelivery']) {
      const problem = typeof entry[field] === 'string' ? deadlineRuleProblem(entry[field]) : null;
      if (problem) problems.push({ file: OFFICIAL_TYPES, at: `/items/${i}/${field}`, message: problem });
    }
  });
  return problems;
}

/**
 * What the meta-schema cannot say about a case type: keys are unique within their list, the
 * statuses stages and transitions name are ones the type has (its own, or the default dictionary's),
 * the letters that advance a stage are named as the letter-type catalogue names them, official fee
 * items are keys of the fee table, and no two types claim the same page. A proposal type's approval
 * flow and the cases it creates are checked against its form and the other types (proposalTypeProblems).
 */
export function collectCaseTypeProblems(files: SchemaFile[]): Problem[] {
  const defaults = listOf(files.find((f) => f.file === DEFAULT_STATUSES)?.body.items).map((s) => s.value);
  const feeItems = new Set(listOf(files.find((f) => f.file === OFFICIAL_FEES)?.body.items).map((i) => i.value));
  const catalogue = listOf(files.find((f) => f.file === OFFICIAL_TYPES)?.body.items);
  const letterTypes = new Set(catalogue.map((e) => e.label));
  const routeOwner = new Map<unknown, string>();
  const problems: Problem[] = [...catalogueProblems(catalogue)];
  const types = files.filter((f) => f.kind === 'caseTypes');
  const known = knownCaseTypes(types.map((f) => f.body));
  for (const { file, body } of types) {
    problems.push(...proposalTypeProblems(file, body, known));
    const own = listOf((body as JsonSchema).statuses);
    const statuses = new Set(own.length > 0 ? own.map((s) => s.key) : defaults);
    const unknown = (value: unknown, at: string) => {
      if (typeof value === 'string' && !statuses.has(value)) problems.push({ file, at, message: `没有定义状态 ${value}` });
    };
    const stages = listOf(body.stages);
    problems.push(...repeatedKeys(file, stages, '/stages', '阶段'));
    problems.push(...repeatedKeys(file, own, '/statuses', '状态'));
    problems.push(...repeatedKeys(file, listOf(body.attachments), '/attachments', '附件'));
    stages.forEach((stage, i) => unknown(stage.status, `/stages/${i}/status`));
    stages.forEach((stage, i) =>
      (Array.isArray(stage.officialTypes) ? stage.officialTypes : []).forEach((name, j) => {
        if (!letterTypes.has(name))
          problems.push({ file, at: `/stages/${i}/officialTypes/${j}`, message: `官文类型 ${String(name)} 不在 ${OFFICIAL_TYPES} 中` });
      }),
    );
    listOf(body.transitions).forEach((t, i) => {
      (Array.isArray(t.from) ? t.from : []).forEach((from, j) => unknown(from, `/transitions/${i}/from/${j}`));
      unknown(t.to, `/transitions/${i}/to`);
    });
    listOf(body.feeItems).forEach((fee, i) => {
      if (typeof fee.officialFeeItem === 'string' && !feeItems.has(fee.officialFeeItem)) {
        problems.push({ file, at: `/feeItems/${i}/officialFeeItem`, message: `官费项目 ${fee.officialFeeItem} 不在 dicts/official-fees.json 中` });
      }
    });
    const routes = (body.routes ?? {}) as Record<string, unknown>;
    for (const part of ['apply', 'detail']) {
      const route = routes[part];
      if (typeof route !== 'string') continue;
      const owner = routeOwner.get(route);
      if (owner) problems.push({ file, at: `/routes/${part}`, message: `页面 ${route} 已属于 ${owner}` });
      else routeOwner.set(route, file);
    }
  }
  return problems;
}
