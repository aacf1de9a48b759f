import { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { BrandImportJob } from '../../generated/types.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import type { BrandImportJobsTable, BrandImportStatus } from '../db/tables.js';
import { pageWindow } from '../db/paging.js';
import { archiveViewer } from './archiveViewer.js';
import { backgroundJobs, startAfterReply, type JobProgress } from '../jobs/backgroundJobs.js';
import { runImportCheck, runImportWrite } from './importJob.js';
import { importTemplate } from './importWorkbook.js';

const STATUS_TEXT: Record<BrandImportStatus, string> = {
  checking: '正在校验',
  checked: '校验完成，等待确认导入',
  importing: '正在导入',
  done: '导入完成',
  failed: '失败',
  cancelled: '已取消',
};

const INTERRUPTED = '校验因服务重启而中断，请重新上传表格';
/** An import whose last batch is older than this and that no process here runs was interrupted (each batch touches the job). */
const IMPORT_STALE_MS = 60_000;

const jobKey = (id: number) => `brandImport:${id}`;

function toImportJob(row: Selectable<BrandImportJobsTable>, progress: JobProgress | null): BrandImportJob {
  const phaseDone = row.status === 'checked' || row.status === 'done';
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status,
    statusText: STATUS_TEXT[row.status],
    progress: progress?.percent ?? (phaseDone ? 100 : 0),
    processedRows: progress?.rows ?? (row.status === 'done' ? row.valid_rows : row.status === 'checked' ? row.total_rows : 0),
    totalRows: row.total_rows,
    validRows: row.valid_rows,
    errorRows: row.error_rows,
    warningRows: row.warning_rows,
    existingRows: row.existing_rows,
    insertedRows: row.inserted_rows,
    updatedRows: row.updated_rows,
    skippedRows: row.skipped_rows,
    existingMode: row.existing_mode,
    reportPath: row.report_path,
    reportUrl: row.report_path ? `/api/file/download?path=${encodeURIComponent(row.report_path)}` : null,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The caller's own job. A check left running by a server that stopped is marked failed on sight; an
 * import is taken up again after the last row it wrote (runImportWrite).
 */
async function ownJob(ctx: TenantContext, id: number): Promise<Selectable<BrandImportJobsTable>> {
  const row = await ctx.db.selectFrom('brand_import_jobs').selectAll().where('id', '=', id).where('user_id', '=', ctx.session.userId).executeTakeFirst();
  if (!row) throw notFound('导入任务不存在');
  if (backgroundJobs(ctx.system).isRunning(jobKey(id))) return row;
  if (row.status === 'importing' && Date.now() - new Date(row.updated_at).getTime() > IMPORT_STALE_MS) {
    startImportWrite(ctx, row.id);
    return row;
  }
  if (row.status === 'checking') {
    return ctx.db
      .updateTable('brand_import_jobs')
      .set({ status: 'failed', message: INTERRUPTED, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return row;
}

/** Writes a confirmed job's marks once this request's answer is out, from where it stopped if it had begun. */
function startImportWrite(ctx: TenantContext, id: number): void {
  const owner = { orgId: ctx.session.orgId, userId: ctx.session.userId, viewer: archiveViewer(ctx.session) };
  const services = { system: ctx.system, files: ctx.files };
  startAfterReply(ctx.reply, ctx.system, jobKey(id), (progress) => runImportWrite(services, owner, id, progress));
}

export const brandImportHandlers: HandlersOf<'brandImport'> = {
  'brandImport.template': async () => {
    const content = await importTemplate();
    return {
      stream: Readable.from([content]),
      size: content.length,
      fileName: '商标批量导入模板.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  },

  'brandImport.check': async (body, ctx) => {
    const file = await ctx.db.selectFrom('files').select(['path', 'original_name']).where('path', '=', body.path).orderBy('id', 'desc').executeTakeFirst();
    if (!file) throw notFound('表格文件不存在或无权访问，请重新上传');
    const owner = { orgId: ctx.session.orgId, userId: ctx.session.userId, viewer: archiveViewer(ctx.session) };
    const row = await ctx.db
      .insertInto('brand_import_jobs')
      .values({ org_id: owner.orgId, user_id: owner.userId, file_path: file.path, file_name: file.original_name, status: 'checking' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const services = { system: ctx.system, files: ctx.files };
    startAfterReply(ctx.reply, ctx.system, jobKey(row.id), (progress) => runImportCheck(services, owner, row.id, progress));
    return toImportJob(row, null);
  },

  'brandImport.job': async (body, ctx) => {
    const row = await ownJob(ctx, body.id);
    return toImportJob(row, backgroundJobs(ctx.system).progress(jobKey(row.id)));
  },

  'brandImport.issues': async (body, ctx) => {
    await ownJob(ctx, body.jobId);
    const { limit, offset } = pageWindow(body);
    let query = ctx.db.selectFrom('brand_import_issues').where('job_id', '=', body.jobId);
    if (body.level) query = query.where('level', '=', body.level);
    const [rows, counted] = await Promise.all([
      query.select(['id', 'row_no', 'column_name', 'level', 'message']).orderBy('row_no').orderBy('id').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => ({ id: r.id, rowNo: r.row_no, column: r.column_name, level: r.level, message: r.message })),
      count: Number(counted.n),
    };
  },

  'brandImport.confirm': async (body, ctx) => {
    const job = await ownJob(ctx, body.id);
    if (job.status !== 'checked') throw badRequest(`该导入${STATUS_TEXT[job.status]}，不能再确认导入`);
    if (job.valid_rows === 0) throw badRequest('没有可导入的行：请修改表格后重新上传');
    const row = await ctx.db
      .updateTable('brand_import_jobs')
      .set({ status: 'importing', existing_mode: body.existingMode, updated_at: new Date() })
      .where('id', '=', job.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    startImportWrite(ctx, row.id);
    return toImportJob(row, null);
  },

  'brandImport.cancel': async (body, ctx) => {
    const job = await ownJob(ctx, body.id);
    if (job.status === 'cancelled') return toImportJob(job, null);
    if (job.status !== 'checked') throw badRequest(`该导入${STATUS_TEXT[job.status]}，不能取消`);
    const row = await ctx.db
      .updateTable('brand_import_jobs')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('id', '=', job.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toImportJob(row, null);
  },
};
