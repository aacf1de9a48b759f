import { sql } from 'kysely';
import type {
  BrandArchiveQuery,
  ReportApprovalTime,
  ReportBucket,
  ReportCaseStage,
  ReportDeadlineMonth,
  ReportFilter,
  ReportsApprovalsResponse,
  ReportsCasesResponse,
  ReportsFeesResponse,
  ReportsPortfolioResponse,
  ReportYear,
} from '../../generated/types.js';
import type { TenantContext } from '../http/context.js';
import { forbidden } from '../http/apiError.js';
import { archiveConditions, filterArchive } from '../trademarks/archiveFilter.js';
import { archiveViewer, type ArchiveViewer } from '../trademarks/archiveViewer.js';
import { CaseTitles, filteredCases } from '../cases/caseReads.js';
import { letterReader, visibleLetters } from '../officials/letterAccess.js';
import { STATUS_PENDING } from '../officials/letterList.js';
import { visibleTo } from '../demand/demandStore.js';
import { typeTitles as proposalTypeTitles } from '../demand/demandReads.js';
import { financeTotals } from '../finance/financeTotals.js';
import { countryCatalog } from '../countries/countryCatalog.js';
import { addDays, addMonths, chinaToday } from '../../shared/trademarkDates.js';
import { archiveQueryOf, caseQueryOf } from './reportFilter.js';

/** Applicants named one by one; the rest are summed as 其他. */
export const TOP_APPLICANTS = 10;
/** The key of the bucket summing what is not named. */
export const OTHER_KEY = '$other';

const classLabel = (cls: number | null) => (cls === null ? '未填类别' : `第 ${cls} 类`);
const countryLabel = (code: string) => (code ? (countryCatalog().get(code)?.name ?? code) : '未填国家/地区');
const monthLabel = (month: string) => `${month.slice(0, 4)} 年 ${Number(month.slice(5, 7))} 月`;

/** Sums cells by one of their keys, largest first unless `order` says otherwise. */
function bucketsBy<C extends { n: number }>(
  cells: readonly C[],
  key: (c: C) => string,
  label: (key: string) => string,
  order?: (a: string, b: string) => number,
): ReportBucket[] {
  const sums = new Map<string, number>();
  for (const c of cells) sums.set(key(c), (sums.get(key(c)) ?? 0) + c.n);
  const rows = [...sums].map(([k, count]) => ({ key: k, label: label(k), count }));
  return rows.sort(order ? (a, b) => order(a.key, b.key) : (a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** Whether the query narrows the marks by a looked-up text (an id function): then each statement would call it again. */
const looksUpText = (query: BrandArchiveQuery, viewer: ArchiveViewer) => archiveConditions(query, viewer).some((c) => c.kind === 'idLookup');

interface PortfolioCell {
  tm_status: string | null;
  int_cls: number | null;
  country_code: string | null;
  applicant_cn: string | null;
  by_applicant: number;
  n: number;
}

/**
 * The archive as its list sees it for this user, by status, class, country and applicant. Unnarrowed, two
 * grouped statements each read one index alone, in parallel (status, class and country as the archive's
 * header statistics, migration 0023; applicants, migration 0056). Narrowed by a looked-up text, one
 * statement with both groupings (GROUPING SETS) calls the lookup once. Applicants are cut to the first ten,
 * the rest summed as 其他.
 */
export async function portfolioReport(ctx: TenantContext, filter: ReportFilter): Promise<ReportsPortfolioResponse> {
  const query: BrandArchiveQuery = { ...archiveQueryOf(filter), appDateStart: filter.dateFrom, appDateEnd: filter.dateTo };
  const viewer = archiveViewer(ctx.session);
  const matching = await filterArchive(ctx.db, ctx.db.selectFrom('brand_archives'), query, viewer);
  let cells: PortfolioCell[];
  if (looksUpText(query, viewer)) {
    cells = await matching
      .select([
        'brand_archives.tm_status',
        'brand_archives.int_cls',
        'brand_archives.country_code',
        'brand_archives.applicant_cn',
        sql<number>`grouping(brand_archives.applicant_cn)`.as('grouped'),
        sql<number>`count(*)::int`.as('n'),
      ])
      .groupBy(sql`grouping sets ((brand_archives.tm_status, brand_archives.int_cls, brand_archives.country_code), (brand_archives.applicant_cn))`)
      .execute()
      // grouping() is 1 for the set without the applicant.
      .then((rows) => rows.map(({ grouped, ...r }) => ({ ...r, by_applicant: grouped === 0 ? 1 : 0 })));
  } else {
    const [statuses, applicants] = [
      await matching
        .select(['brand_archives.tm_status', 'brand_archives.int_cls', 'brand_archives.country_code', sql<number>`count(*)::int`.as('n')])
        .groupBy(['brand_archives.tm_status', 'brand_archives.int_cls', 'brand_archives.country_code'])
        .execute(),
      await matching
        .select(['brand_archives.applicant_cn', sql<number>`count(*)::int`.as('n')])
        .groupBy('brand_archives.applicant_cn')
        .execute(),
    ];
    cells = [
      ...statuses.map((r) => ({ ...r, applicant_cn: null, by_applicant: 0 })),
      ...applicants.map((r) => ({ tm_status: null, int_cls: null, country_code: null, ...r, by_applicant: 1 })),
    ];
  }
  const grouped = cells.filter((c) => c.by_applicant === 0);
  const perApplicant = bucketsBy(
    cells.filter((c) => c.by_applicant === 1),
    (c) => c.applicant_cn ?? '',
    (k) => k || '未填申请人',
  );
  const total = grouped.reduce((s, c) => s + c.n, 0);
  const rest = perApplicant.slice(TOP_APPLICANTS).reduce((s, a) => s + a.count, 0);
  const classKey = (c: { int_cls: number | null }) => (c.int_cls === null ? '' : String(c.int_cls));
  return {
    total,
    byStatus: bucketsBy(
      grouped,
      (c) => c.tm_status ?? '',
      (k) => k || '未填状态',
    ),
    byClass: bucketsBy(
      grouped,
      classKey,
      (k) => classLabel(k ? Number(k) : null),
      (a, b) => (a ? Number(a) : 99) - (b ? Number(b) : 99),
    ),
    byCountry: bucketsBy(grouped, (c) => c.country_code ?? '', countryLabel),
    byApplicant: rest > 0 ? [...perApplicant.slice(0, TOP_APPLICANTS), { key: OTHER_KEY, label: '其他', count: rest }] : perApplicant.slice(0, TOP_APPLICANTS),
  };
}

/**
 * Marks registered per year of their registration date, and expiring per year of their exclusive-use end,
 * each within the filter's date range: one grouped statement per date, which reads that date's index alone
 * when nothing else narrows the marks.
 */
export async function yearsReport(ctx: TenantContext, filter: ReportFilter): Promise<ReportYear[]> {
  const viewer = archiveViewer(ctx.session);
  const base = archiveQueryOf(filter);
  const regYear = sql<number | null>`extract(year from brand_archives.reg_date)::int`;
  const endYear = sql<number | null>`extract(year from brand_archives.private_end_date)::int`;
  const years = new Map<number, ReportYear>();
  const at = (year: number) => years.get(year) ?? years.set(year, { year, registered: 0, expiring: 0 }).get(year)!;
  const perYear = async (column: 'reg_date' | 'private_end_date') => {
    const range =
      column === 'reg_date' ? { regDateStart: filter.dateFrom, regDateEnd: filter.dateTo } : { privateEndStart: filter.dateFrom, privateEndEnd: filter.dateTo };
    const year = column === 'reg_date' ? regYear : endYear;
    return (await filterArchive(ctx.db, ctx.db.selectFrom('brand_archives'), { ...base, ...range }, viewer))
      .select([year.as('year'), sql<number>`count(*)::int`.as('n')])
      .where(`brand_archives.${column}`, 'is not', null)
      .groupBy(year)
      .execute();
  };
  for (const r of await perYear('reg_date')) at(r.year!).registered = r.n;
  for (const r of await perYear('private_end_date')) at(r.year!).expiring = r.n;
  return [...years.values()].sort((a, b) => a.year - b.year);
}

/** The twelve months from this one: their keys, and the first and last day they cover from today. */
export function comingMonths(today: string): { months: string[]; from: string; to: string } {
  const first = `${today.slice(0, 7)}-01`;
  const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i).slice(0, 7));
  return { months, from: today, to: addDays(addMonths(first, 12), -1) };
}

/**
 * Deadlines falling due per month over the coming twelve: pending trademark letters' official
 * deadlines (as the letter list's due filter counts them) and cases' stage deadlines (as the case
 * list's deadline date range does). A part the user has no permission for is null.
 */
export async function deadlinesReport(ctx: TenantContext): Promise<ReportDeadlineMonth[]> {
  const reader = letterReader(ctx.session);
  const withLetters = reader.businesses.includes('trademark');
  const withCases = ctx.session.permissions.has('caseManage');
  if (!withLetters && !withCases) throw forbidden('没有“商标”或“案件管理”权限，看不到任何期限');
  const { months, from, to } = comingMonths(chinaToday());
  const letterCounts = new Map<string, number>();
  const caseCounts = new Map<string, number>();
  if (withLetters) {
    const month = sql<string>`to_char(d.official_limit, 'YYYY-MM')`;
    const rows = await (
      await visibleLetters(ctx.db, reader, ['trademark'])
    )
      .where('d.status', '=', STATUS_PENDING)
      .where('d.official_limit', '>=', from)
      .where('d.official_limit', '<=', to)
      .select([month.as('month'), sql<number>`count(*)::int`.as('n')])
      .groupBy(month)
      .execute();
    for (const r of rows) letterCounts.set(r.month, r.n);
  }
  if (withCases) {
    const month = sql<string>`to_char(c.stage_deadline, 'YYYY-MM')`;
    const rows = await filteredCases(ctx.db, { dateField: 'deadline', dateFrom: from, dateTo: to })
      .select([month.as('month'), sql<number>`count(*)::int`.as('n')])
      .groupBy(month)
      .execute();
    for (const r of rows) caseCounts.set(r.month, r.n);
  }
  return months.map((m) => ({
    month: m,
    label: monthLabel(m),
    letters: withLetters ? (letterCounts.get(m) ?? 0) : null,
    cases: withCases ? (caseCounts.get(m) ?? 0) : null,
  }));
}

/** The organisation's live cases by type, and by type and current stage, as the case list counts them. */
export async function casesReport(ctx: TenantContext, filter: ReportFilter): Promise<ReportsCasesResponse> {
  const rows = await filteredCases(ctx.db, caseQueryOf(filter), false)
    .select(['c.case_type', 'c.stage', sql<number>`count(*)::int`.as('n')])
    .groupBy(['c.case_type', 'c.stage'])
    .execute();
  const titles = await CaseTitles.load(ctx.db, ctx.schemas);
  const byType = bucketsBy(
    rows,
    (r) => r.case_type,
    (k) => titles.type(k),
  );
  const rank = new Map(byType.map((t, i) => [t.key, i]));
  const byStage: ReportCaseStage[] = rows
    .map((r) => ({ caseType: r.case_type, typeTitle: titles.type(r.case_type), stage: r.stage, stageTitle: titles.stage(r.case_type, r.stage), count: r.n }))
    .sort((a, b) => rank.get(a.caseType)! - rank.get(b.caseType)! || b.count - a.count || a.stage.localeCompare(b.stage));
  return { total: rows.reduce((s, r) => s + r.n, 0), byType, byStage };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Days from (the last) submission to the final decision of the proposals the user may see that were
 * approved or rejected, per proposal type and per month of the decision (China time).
 */
export async function approvalsReport(ctx: TenantContext, filter: ReportFilter): Promise<ReportsApprovalsResponse> {
  let decided = ctx.db
    .selectFrom('demands as d')
    .where(visibleTo(ctx.session))
    .where('d.state', 'in', ['approved', 'rejected'])
    .where('d.submitted_at', 'is not', null)
    .where('d.decided_at', 'is not', null);
  // The proposal list's decision date range: China days, both ends included.
  if (filter.dateFrom) decided = decided.where('d.decided_at', '>=', new Date(`${filter.dateFrom}T00:00:00+08:00`));
  if (filter.dateTo) decided = decided.where('d.decided_at', '<', new Date(`${addDays(filter.dateTo, 1)}T00:00:00+08:00`));
  const days = sql`extract(epoch from (d.decided_at - d.submitted_at)) / 86400.0`;
  const month = sql<string>`to_char(d.decided_at at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const measures = [
    sql<number>`count(*)::int`.as('n'),
    sql<number>`(count(*) filter (where d.state = 'approved'))::int`.as('approved'),
    sql<string>`avg(${days})::float8`.as('avg'),
    sql<string>`(percentile_cont(0.5) within group (order by ${days}))::float8`.as('median'),
  ] as const;
  const [types, months, titles] = await Promise.all([
    decided
      .select([sql<string>`d.type_name`.as('key'), ...measures])
      .groupBy('d.type_name')
      .execute(),
    decided
      .select([month.as('key'), ...measures])
      .groupBy(month)
      .execute(),
    proposalTypeTitles(ctx.db, ctx.schemas),
  ]);
  const out = (r: (typeof types)[number], label: string): ReportApprovalTime => ({
    key: r.key,
    label,
    count: r.n,
    approved: r.approved,
    rejected: r.n - r.approved,
    avgDays: round1(Number(r.avg)),
    medianDays: round1(Number(r.median)),
  });
  return {
    byType: types.map((r) => out(r, titles.get(r.key) ?? r.key)).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
    byMonth: months.map((r) => out(r, monthLabel(r.key))).sort((a, b) => a.key.localeCompare(b.key)),
  };
}

/** Published fees per publish month and per client, by the fee list's own totals. */
export async function feesReport(ctx: TenantContext, filter: ReportFilter): Promise<ReportsFeesResponse> {
  const conditions = {
    dateField: 'publishedAt' as const,
    ...(filter.dateFrom ? { dateFrom: filter.dateFrom } : {}),
    ...(filter.dateTo ? { dateTo: filter.dateTo } : {}),
    ...(filter.countryCode ? { countryCode: filter.countryCode } : {}),
  };
  const byMonth = await financeTotals(ctx, { ...conditions, groupBy: 'month' });
  const byClient = await financeTotals(ctx, { ...conditions, groupBy: 'client' });
  return { byMonth: [...byMonth].sort((a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency)), byClient };
}
