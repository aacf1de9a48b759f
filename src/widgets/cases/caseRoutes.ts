import type { CaseTypeSummary } from '../../generated/types.js';

/** Where a case of this type opens: its type's detail page, else its apply page, with the case number; the custom page otherwise. */
export function casePath(type: CaseTypeSummary | undefined, caseNo: string, caseType: string): string {
  const route = type?.routes.detail ?? type?.routes.apply;
  return route ? `${route}?caseNo=${encodeURIComponent(caseNo)}` : `/case-custom?type=${encodeURIComponent(caseType)}&caseNo=${encodeURIComponent(caseNo)}`;
}

/** Where a new case of this type is made, with a mark of the archive preselected when given. */
export function applyPath(type: CaseTypeSummary, brandId?: number): string {
  const route = type.routes.apply ?? `/case-custom?type=${encodeURIComponent(type.name)}`;
  if (!brandId) return route;
  return `${route}${route.includes('?') ? '&' : '?'}brandId=${brandId}`;
}
