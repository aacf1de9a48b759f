import { Readable } from 'node:stream';
import type { HandlersOf } from '../http/context.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { checkFilter } from './reportFilter.js';
import { approvalsReport, casesReport, deadlinesReport, feesReport, portfolioReport, yearsReport } from './reportReads.js';
import { REPORTS, reportWorkbook } from './reportExport.js';

export const reportsHandlers: HandlersOf<'reports'> = {
  'reports.portfolio': async (body, ctx) => portfolioReport(ctx, checkFilter(body)),
  'reports.years': async (body, ctx) => ({ list: await yearsReport(ctx, checkFilter(body)) }),
  'reports.deadlines': async (body, ctx) => {
    checkFilter(body);
    return { list: await deadlinesReport(ctx) };
  },
  'reports.cases': async (body, ctx) => casesReport(ctx, checkFilter(body)),
  'reports.approvals': async (body, ctx) => approvalsReport(ctx, checkFilter(body)),
  'reports.fees': async (body, ctx) => feesReport(ctx, checkFilter(body)),
  'reports.export': async (body, ctx) => {
    const content = await reportWorkbook(ctx, body.report, checkFilter(body.filter ?? {}));
    return {
      stream: Readable.from([content]),
      size: content.length,
      fileName: `报表-${REPORTS[body.report].title}-${chinaToday().replace(/-/g, '')}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  },
};
