import type { BrandArchiveQuery, CaseQuery, ReportFilter } from '../../generated/types.js';
import { badRequest } from '../http/apiError.js';
import { countryCatalog } from '../countries/countryCatalog.js';

/** Refuses a filter that could only answer nothing by mistake: a range backwards, a country no one has. */
export function checkFilter(filter: ReportFilter): ReportFilter {
  if (filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo)
    throw badRequest(`开始日期（${filter.dateFrom}）不能晚于结束日期（${filter.dateTo}）`);
  if (filter.countryCode && !countryCatalog().has(filter.countryCode)) throw badRequest(`国家/地区代码“${filter.countryCode}”不存在`);
  return { ...filter, applicant: filter.applicant?.trim() || undefined };
}

/** The marks' own conditions of a filter (applicant, class, country) as the archive list takes them. */
export function archiveQueryOf(filter: ReportFilter): BrandArchiveQuery {
  return {
    ...(filter.applicant ? { applicant: filter.applicant } : {}),
    ...(filter.tmCl !== undefined ? { tmCl: [filter.tmCl] } : {}),
    ...(filter.countryCode ? { countryCode: [filter.countryCode] } : {}),
  };
}

/** The case list's conditions of a filter: created within the range, holding the country. */
export function caseQueryOf(filter: ReportFilter): CaseQuery {
  return {
    ...(filter.countryCode ? { country: filter.countryCode } : {}),
    ...(filter.dateFrom ? { dateFrom: filter.dateFrom } : {}),
    ...(filter.dateTo ? { dateTo: filter.dateTo } : {}),
  };
}
