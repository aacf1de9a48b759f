import type ExcelJS from 'exceljs';
import type { ReportFilter, ReportsExportRequest } from '../../generated/types.js';
import type { TenantContext } from '../http/context.js';
import { forbidden } from '../http/apiError.js';
import { addTableSheet, excelLibrary } from '../excelLibrary.js';
import { countryCatalog } from '../countries/countryCatalog.js';
import { approvalsReport, casesReport, deadlinesReport, feesReport, portfolioReport, yearsReport } from './reportReads.js';

type ReportName = ReportsExportRequest['report'];

/** Each report's title, the permission its area needs (null: the report checks its own), and the filters it takes. */
export const REPORTS: Record<ReportName, { title: string; permission: { key: string; label: string } | null; filters: (keyof ReportFilter)[] }> = {
  portfolio: { title: '商标档案构成', permission: { key: 'trademark', label: '商标' }, filters: ['dateFrom', 'dateTo', 'applicant', 'tmCl', 'countryCode'] },
  years: { title: '逐年注册与到期', permission: { key: 'trademark', label: '商标' }, filters: ['dateFrom', 'dateTo', 'applicant', 'tmCl', 'countryCode'] },
  deadlines: { title: '未来 12 个月的期限', permission: null, filters: [] },
  cases: { title: '案件类型与阶段', permission: { key: 'caseManage', label: '案件管理' }, filters: ['dateFrom', 'dateTo', 'countryCode'] },
  approvals: { title: '提案审批用时', permission: { key: 'demand', label: '提案' }, filters: ['dateFrom', 'dateTo'] },
  fees: { title: '款项按月份与客户', permission: { key: 'finance', label: '财务管理' }, filters: ['dateFrom', 'dateTo', 'countryCode'] },
};

const FILTER_TITLES: Record<keyof ReportFilter, string> = {
  dateFrom: '开始日期',
  dateTo: '结束日期',
  applicant: '申请人',
  tmCl: '类别',
  countryCode: '国家/地区',
};

type Sheet = { name: string; columns: Partial<ExcelJS.Column>[]; rows: readonly object[] };

const bucketSheet = (name: string, group: string, rows: { label: string; count: number }[]): Sheet => ({
  name,
  columns: [
    { header: group, key: 'label', width: 30 },
    { header: '商标数', key: 'count', width: 10 },
  ],
  rows,
});

const feeColumns = (group: string): Partial<ExcelJS.Column>[] => [
  { header: group, key: 'label', width: 28 },
  { header: '币种', key: 'currency', width: 6 },
  { header: '笔数', key: 'count', width: 8 },
  { header: '应收合计', key: 'total', width: 14 },
  { header: '已收', key: 'received', width: 14 },
  { header: '未收', key: 'outstanding', width: 14 },
  { header: '逾期未收', key: 'overdue', width: 14 },
];

const timeColumns = (group: string): Partial<ExcelJS.Column>[] => [
  { header: group, key: 'label', width: 24 },
  { header: '件数', key: 'count', width: 8 },
  { header: '通过', key: 'approved', width: 8 },
  { header: '驳回', key: 'rejected', width: 8 },
  { header: '平均天数', key: 'avgDays', width: 10 },
  { header: '中位天数', key: 'medianDays', width: 10 },
];

/** The sheets of one report: the same rows its chart draws. */
async function sheetsOf(ctx: TenantContext, report: ReportName, filter: ReportFilter): Promise<Sheet[]> {
  switch (report) {
    case 'portfolio': {
      const r = await portfolioReport(ctx, filter);
      return [
        bucketSheet('按状态', '状态', r.byStatus),
        bucketSheet('按类别', '类别', r.byClass),
        bucketSheet('按国家地区', '国家/地区', r.byCountry),
        bucketSheet('按申请人', '申请人', r.byApplicant),
      ];
    }
    case 'years':
      return [
        {
          name: '逐年注册与到期',
          columns: [
            { header: '年份', key: 'year', width: 8 },
            { header: '注册', key: 'registered', width: 10 },
            { header: '到期', key: 'expiring', width: 10 },
          ],
          rows: await yearsReport(ctx, filter),
        },
      ];
    case 'deadlines':
      return [
        {
          name: '各月期限',
          columns: [
            { header: '月份', key: 'label', width: 14 },
            { header: '官文期限', key: 'letters', width: 10 },
            { header: '案件期限', key: 'cases', width: 10 },
          ],
          rows: (await deadlinesReport(ctx)).map((m) => ({ ...m, letters: m.letters ?? '无权限', cases: m.cases ?? '无权限' })),
        },
      ];
    case 'cases': {
      const r = await casesReport(ctx, filter);
      return [
        {
          name: '按类型',
          columns: [
            { header: '案件类型', key: 'label', width: 24 },
            { header: '案件数', key: 'count', width: 10 },
          ],
          rows: r.byType,
        },
        {
          name: '按类型与阶段',
          columns: [
            { header: '案件类型', key: 'typeTitle', width: 24 },
            { header: '阶段', key: 'stageTitle', width: 20 },
            { header: '案件数', key: 'count', width: 10 },
          ],
          rows: r.byStage,
        },
      ];
    }
    case 'approvals': {
      const r = await approvalsReport(ctx, filter);
      return [
        { name: '按提案类型', columns: timeColumns('提案类型'), rows: r.byType },
        { name: '按决定月份', columns: timeColumns('决定月份'), rows: r.byMonth },
      ];
    }
    case 'fees': {
      const r = await feesReport(ctx, filter);
      return [
        { name: '按发布月份', columns: feeColumns('发布月份'), rows: r.byMonth },
        { name: '按客户', columns: feeColumns('客户'), rows: r.byClient },
      ];
    }
  }
}

/** Refuses a report of an area the user's role does not open, in the words the call itself would. */
export function requireReport(ctx: TenantContext, report: ReportName): void {
  const needed = REPORTS[report].permission;
  if (needed && !ctx.session.permissions.has(needed.key)) throw forbidden(`没有“${needed.label}”权限`);
}

/** One report's rows as a workbook, a sheet per grouping, and last the conditions it was read under. */
export async function reportWorkbook(ctx: TenantContext, report: ReportName, filter: ReportFilter): Promise<Buffer> {
  requireReport(ctx, report);
  const sheets = await sheetsOf(ctx, report, filter);
  const Excel = await excelLibrary();
  const workbook = new Excel.Workbook();
  for (const s of sheets) addTableSheet(workbook, s.name, s.columns).addRows([...s.rows]);
  const conditions = addTableSheet(workbook, '条件', [
    { header: '条件', key: 'title', width: 14 },
    { header: '值', key: 'value', width: 30 },
  ]);
  const used = REPORTS[report].filters.filter((k) => filter[k] !== undefined);
  const shown = (k: keyof ReportFilter) =>
    k === 'countryCode' ? countryCatalog().get(String(filter[k]))?.name : k === 'tmCl' ? `第 ${filter[k]} 类` : String(filter[k]);
  conditions.addRows(used.length ? used.map((k) => ({ title: FILTER_TITLES[k], value: shown(k) })) : [{ title: '（无）', value: '' }]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
