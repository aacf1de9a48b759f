import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { OperationLogEntry, OperationLogExportRequest } from '../../generated/types.js';
import { FIELD_TITLES } from '../../generated/fieldTitles.js';
import { countRows, pageWindow } from '../db/paging.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest } from '../http/apiError.js';
import type { HandlersOf } from '../http/context.js';
import { excelLibrary } from '../excelLibrary.js';
import { describeDetail, operationName } from './operationLabels.js';

/** More entries than this are not exported at once: the export is written in the request. */
export const MAX_LOG_EXPORT = 10_000;

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
const TITLES = FIELD_TITLES.OperationLogEntry;
const collator = new Intl.Collator('zh-Hans-CN');

/** The first instant of a day in China (UTC+8), where the product's users count days. */
const chinaDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - CHINA_OFFSET_MS);

/** `YYYY-MM-DD HH:mm:ss` in China time. */
export const chinaDateTime = (at: Date) => new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** The organisation's log under the conditions of a query or an export: a person, an operation, a range of days (both ends included). */
function filteredLog(db: ScopedDb, filter: OperationLogExportRequest) {
  if (filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo) throw badRequest('开始日期不能晚于结束日期');
  return db
    .selectFrom('operation_log as l')
    .$if(filter.userId !== undefined, (q) => q.where('l.user_id', '=', filter.userId!))
    .$if(filter.operation !== undefined, (q) => q.where('l.operation', '=', filter.operation!))
    .$if(filter.dateFrom !== undefined, (q) => q.where('l.created_at', '>=', chinaDayStart(filter.dateFrom!)))
    .$if(filter.dateTo !== undefined, (q) => q.where('l.created_at', '<', new Date(chinaDayStart(filter.dateTo!).getTime() + DAY_MS)));
}

function entriesOf(base: ReturnType<typeof filteredLog>) {
  return base
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'u.display_name as userName', 'u.username', 'l.operation', 'l.client_ip', 'l.detail', 'l.created_at'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc');
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesOf>['execute']>>[number];

function toEntry(row: EntryRow): OperationLogEntry {
  return {
    id: row.id,
    userName: row.userName,
    operation: row.operation,
    operationName: operationName(row.operation),
    clientIp: row.client_ip,
    detail: row.detail as Record<string, unknown>,
    detailText: describeDetail(row.operation, row.detail),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const operationLogHandlers: HandlersOf<'operationLog'> = {
  'operationLog.query': async (body, ctx) => {
    const { limit, offset } = pageWindow(body, 20);
    const base = filteredLog(ctx.db, body);
    const [rows, total] = await Promise.all([entriesOf(base).limit(limit).offset(offset).execute(), countRows(base)]);
    return { list: rows.map(toEntry), count: total };
  },

  'operationLog.operations': async (_body, ctx) => {
    // The operations present, one index probe each rather than a pass over the whole log.
    const { rows } = await sql<{ operation: string }>`
      with recursive present(operation) as (
        select min(operation) from operation_log where org_id = ${ctx.session.orgId}
        union all
        select (select min(l.operation) from operation_log l where l.org_id = ${ctx.session.orgId} and l.operation > p.operation)
        from present p where p.operation is not null
      )
      select operation from present where operation is not null`.execute(ctx.db);
    return rows.map((r) => ({ value: r.operation, label: operationName(r.operation) })).sort((a, b) => collator.compare(a.label, b.label));
  },

  'operationLog.export': async (body, ctx) => {
    const base = filteredLog(ctx.db, body);
    const total = await countRows(base);
    if (total > MAX_LOG_EXPORT) {
      throw badRequest(
        `符合条件的日志共 ${total.toLocaleString('en-US')} 条，一次最多导出 ${MAX_LOG_EXPORT.toLocaleString('en-US')} 条，请缩小日期范围或加上其他条件`,
      );
    }
    const rows = await entriesOf(base).execute();
    const Excel = await excelLibrary();
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet('操作日志');
    sheet.columns = [
      { header: TITLES.createdAt, key: 'createdAt', width: 20 },
      { header: TITLES.userName, key: 'userName', width: 12 },
      { header: '账号', key: 'username', width: 14 },
      { header: TITLES.operationName, key: 'operationName', width: 20 },
      { header: TITLES.clientIp, key: 'clientIp', width: 18 },
      { header: TITLES.detail, key: 'detail', width: 60 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      sheet.addRow({
        createdAt: chinaDateTime(new Date(row.created_at)),
        userName: row.userName ?? '',
        username: row.username ?? '',
        operationName: operationName(row.operation),
        clientIp: row.client_ip ?? '',
        detail: describeDetail(row.operation, row.detail),
      });
    }
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const stamp = chinaDateTime(new Date()).replace(/[-:]/g, '').replace(' ', '-');
    return {
      stream: Readable.from([content]),
      size: content.length,
      fileName: `操作日志-${stamp}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  },
};
