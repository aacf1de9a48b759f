import type { JsonSchema } from '../shared/operation.js';
import type { SchemaFile } from './schemaFiles.js';

interface Problem {
  file: string;
  at: string;
  message: string;
}

const DEFAULT_STATUSES = 'dicts/case-statuses.json';
const OFFICIAL_FEES = 'dicts/official-fees.json';

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
 * What the meta-schema cannot say about a case type: keys are unique within their list, the
 * statuses stages and transitions name are ones the type has (its own, or the default dictionary's),
 * official fee items are keys of the fee table, and no two types claim the same page.
 */
export function collectCaseTypeProblems(files: SchemaFile[]): Problem[] {
  const defaults = listOf(files.find((f) => f.file === DEFAULT_STATUSES)?.body.items).map((s) => s.value);
  const feeItems = new Set(listOf(files.find((f) => f.file === OFFICIAL_FEES)?.body.items).map((i) => i.value));
  const routeOwner = new Map<unknown, string>();
  const problems: Problem[] = [];
  for (const { file, body } of files.filter((f) => f.kind === 'caseTypes')) {
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
