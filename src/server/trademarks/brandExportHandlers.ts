import { sql, type Selectable } from 'kysely';
import type { BrandExportRecord } from '../../generated/types.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import type { BrandExportsTable } from '../db/tables.js';
import { pageWindow } from '../db/paging.js';
import { backgroundJobs, startAfterReply, type JobProgress } from '../jobs/backgroundJobs.js';
import { archiveViewer } from './archiveViewer.js';
import { exportColumns, exportFileName, filterSummary, runExport } from './exportJob.js';
import { customColumnKeys } from './exportCustomColumns.js';

const STATUS_TEXT: Record<BrandExportsTable['status'], string> = { running: '正在导出', done: '已完成', failed: '失败' };

const jobKey = (id: number) => `brandExport:${id}`;

type ExportRow = Selectable<BrandExportsTable> & { user_name: string | null };

function toRecord(row: ExportRow, progress: JobProgress | null): BrandExportRecord {
  const processed = progress?.rows ?? row.processed_rows;
  return {
    id: row.id,
    userName: row.user_name ?? '',
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    filterSummary: row.filter_summary,
    columns: row.columns,
    rowCount: row.total_rows,
    processedRows: processed,
    progress: row.status === 'done' ? 100 : (progress?.percent ?? (row.total_rows > 0 ? Math.floor((processed * 100) / row.total_rows) : 0)),
    status: row.status,
    statusText: STATUS_TEXT[row.status],
    fileName: row.file_name,
    filePath: row.file_path,
    fileUrl: row.file_path ? `/api/file/download?path=${encodeURIComponent(row.file_path)}` : null,
    message: row.message,
  };
}

/** Export records the caller may see: the organisation's, or only their own for an agency user. */
async function visibleExports(ctx: TenantContext) {
  const viewer = archiveViewer(ctx.session);
  let query = ctx.db
    .selectFrom('brand_exports')
    .leftJoin('users', 'users.id', 'brand_exports.user_id')
    .selectAll('brand_exports')
    .select('users.display_name as user_name');
  if (viewer.ownMarksOnly) query = query.where('brand_exports.user_id', '=', ctx.session.userId);
  return query;
}

async function recordOf(ctx: TenantContext, id: number): Promise<BrandExportRecord> {
  let row = await (await visibleExports(ctx)).where('brand_exports.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('导出记录不存在');
  const jobs = backgroundJobs(ctx.system);
  if (row.status === 'running' && !jobs.isRunning(jobKey(id))) {
    // Left running by a server that stopped: it will never finish. The job may also have just finished
    // after the row was read: the update only takes a row still running, else the finished row is read again.
    const stopped = await ctx.db
      .updateTable('brand_exports')
      .set({ status: 'failed', message: '导出因服务重启而中断，请重新导出', finished_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    row = stopped
      ? { ...row, status: 'failed', message: '导出因服务重启而中断，请重新导出' }
      : await (await visibleExports(ctx)).where('brand_exports.id', '=', id).executeTakeFirstOrThrow();
  }
  return toRecord(row, jobs.progress(jobKey(id)));
}

export const brandExportHandlers: HandlersOf<'brandExport'> = {
  'brandExport.start': async (body, ctx) => {
    const { pageNo: _pageNo, pageSize: _pageSize, ...filter } = body.filter;
    const owner = { orgId: ctx.session.orgId, userId: ctx.session.userId, viewer: archiveViewer(ctx.session) };
    const columns = exportColumns(body.columns, await customColumnKeys(ctx.db, body.customFieldIds ?? []));
    if (columns.length === 0) throw badRequest('请至少选择一列');
    const responsible =
      filter.ownerUserId === undefined
        ? undefined
        : (await ctx.db.selectFrom('users').select('display_name').where('id', '=', filter.ownerUserId).executeTakeFirst())?.display_name;
    const inserted = await ctx.db
      .insertInto('brand_exports')
      .values({
        org_id: owner.orgId,
        user_id: owner.userId,
        filter: JSON.stringify(filter),
        filter_summary: filterSummary(filter, { owner: responsible }),
        columns: JSON.stringify(columns),
        status: 'running',
        file_name: exportFileName(new Date()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const services = { system: ctx.system, files: ctx.files };
    startAfterReply(ctx.reply, ctx.system, jobKey(inserted.id), (progress) => runExport(services, owner, inserted.id, progress));
    return recordOf(ctx, inserted.id);
  },

  'brandExport.get': async (body, ctx) => recordOf(ctx, body.id),

  'brandExport.list': async (body, ctx) => {
    const { limit, offset } = pageWindow(body);
    const visible = await visibleExports(ctx);
    const [rows, counted] = await Promise.all([
      visible.orderBy('brand_exports.id', 'desc').limit(limit).offset(offset).execute(),
      visible
        .clearSelect()
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const jobs = backgroundJobs(ctx.system);
    return { list: rows.map((r) => toRecord(r, jobs.progress(jobKey(r.id)))), count: counted.n };
  },
};
