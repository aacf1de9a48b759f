import type { JsonSchema } from '../shared/operation.js';
import type { SchemaFile } from './schemaFiles.js';
import { filesOfKind } from './schemaFiles.js';

interface Problem {
  file: string;
  at: string;
  message: string;
}

const dictValues = (files: SchemaFile[], file: string) =>
  new Set(((files.find((f) => f.file === file)?.body.items as { value: string }[] | undefined) ?? []).map((i) => String(i.value)));

/**
 * What a case type's meta-schema cannot see: stage statuses and transitions name a declared status
 * (its own `statuses`, else dicts/case-statuses.json), official fee items are keys of
 * dicts/official-fees.json, and no two types claim the same page.
 */
export function collectCaseTypeProblems(files: SchemaFile[]): Problem[] {
  const problems: Problem[] = [];
  const defaultStatuses = dictValues(files, 'dicts/case-statuses.json');
  const feeItems = dictValues(files, 'dicts/official-fees.json');
  const routeOwner = new Map<string, string>();
  for (const f of filesOfKind(files, 'caseTypes')) {
    const body = f.body as JsonSchema & {
      statuses?: { key: string }[];
      stages?: { status?: string }[];
      transitions?: { from?: string[]; to?: string }[];
      feeItems?: { officialFeeItem?: string }[];
      routes?: { apply?: string; detail?: string };
    };
    const statuses = body.statuses ? new Set(body.statuses.map((s) => s.key)) : defaultStatuses;
    const unknownStatus = (at: string, status: string | undefined) => {
      if (status !== undefined && !statuses.has(status)) problems.push({ file: f.file, at, message: `未声明的状态 ${status}` });
    };
    body.stages?.forEach((s, i) => unknownStatus(`/stages/${i}/status`, s.status));
    body.transitions?.forEach((t, i) => {
      t.from?.forEach((s, j) => unknownStatus(`/transitions/${i}/from/${j}`, s));
      unknownStatus(`/transitions/${i}/to`, t.to);
    });
    body.feeItems?.forEach((fee, i) => {
      if (fee.officialFeeItem !== undefined && !feeItems.has(fee.officialFeeItem)) {
        problems.push({ file: f.file, at: `/feeItems/${i}/officialFeeItem`, message: `官费项目 ${fee.officialFeeItem} 不在 dicts/official-fees.json 中` });
      }
    });
    for (const part of ['apply', 'detail'] as const) {
      const route = body.routes?.[part];
      if (!route) continue;
      const owner = routeOwner.get(route);
      if (owner) problems.push({ file: f.file, at: `/routes/${part}`, message: `页面 ${route} 已属于 ${owner}` });
      else routeOwner.set(route, f.file);
    }
  }
  return problems;
}
