import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import { join } from 'node:path';
import type ExcelJS from 'exceljs';
import type { Insertable, Kysely } from 'kysely';
import type { BrandArchivesTable, Database } from '../db/tables.js';
import { withOrganisation, type ScopedDb } from '../db/tenantScope.js';
import { excelLibrary } from '../excelLibrary.js';
import type { FileStore } from '../files/fileStore.js';
import { keepGeneratedFile } from '../files/generatedFile.js';
import type { JobProgress } from '../jobs/backgroundJobs.js';
import { countryCatalog } from '../countries/countryCatalog.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { namePinyin } from './namePinyin.js';
import {
  DuplicateRows,
  existingIssue,
  markKey,
  parseClass,
  validateRow,
  type ExistingMode,
  type ImportMark,
  type RowContext,
  type RowIssue,
} from './importRows.js';
import { ImportFileError, readImportSheet, type ImportRow } from './importWorkbook.js';

/** Rows looked up and written together: one query per batch instead of one per row. */
const BATCH_ROWS = 500;

export interface JobServices {
  system: Kysely<Database>;
  files: FileStore;
}

export interface JobOwner {
  orgId: number;
  userId: number;
  /** Which marks the person who started the job may see and change (the agency rule). */
  viewer: ArchiveViewer;
}

/** Country names and codes a person may type, including the usual names for China itself. */
let countryCodes: Map<string, string> | undefined;
function countryCodeOf(text: string): string | null {
  if (!countryCodes) {
    countryCodes = new Map();
    for (const entry of countryCatalog().list()) {
      countryCodes.set(entry.name, entry.code);
      countryCodes.set(entry.code, entry.code);
    }
    for (const alias of ['中国大陆', '中华人民共和国', '中國']) countryCodes.set(alias, 'CN');
  }
  return countryCodes.get(text.trim()) ?? countryCodes.get(text.trim().toUpperCase()) ?? null;
}

/** Reads in a short transaction of its own, as the job's organisation. */
type Lookup = <T>(work: (db: ScopedDb) => Promise<T>) => Promise<T>;

/** Goods names of the classification by class, read once per class for a whole job. */
class GoodsCatalog {
  private readonly byClass = new Map<number, Map<string, string>>();
  private imported: boolean | undefined;

  /**
   * One class per read: the first batch of a file names most of the 45 classes, and their ten thousand
   * items read in one statement held the embedded database, and so every request, for a tenth of a second or more.
   */
  async load(lookup: Lookup, classes: number[]): Promise<void> {
    if (this.imported === undefined) {
      this.imported = (await lookup((db) => db.selectFrom('classification_items').select('id').limit(1).executeTakeFirst())) !== undefined;
    }
    if (!this.imported) return;
    for (const c of classes) {
      if (this.byClass.has(c)) continue;
      const names = new Map<string, string>();
      this.byClass.set(c, names);
      const items = await lookup((db) => db.selectFrom('classification_items').select(['name', 'group_no']).where('class_no', '=', c).execute());
      for (const item of items) if (!names.has(item.name)) names.set(item.name, item.group_no);
    }
  }

  group(intCls: number, name: string): string | null {
    if (!this.imported) return null;
    return this.byClass.get(intCls)?.get(name) ?? '';
  }
}

/** What one pass over a file remembers from batch to batch. */
interface ScanState {
  viewer: ArchiveViewer;
  goods: GoodsCatalog;
  duplicates: DuplicateRows;
  context: RowContext;
}

function scanState(viewer: ArchiveViewer): ScanState {
  const goods = new GoodsCatalog();
  return { viewer, goods, duplicates: new DuplicateRows(), context: { countryCode: countryCodeOf, goodsGroup: (cls, name) => goods.group(cls, name) } };
}

interface ExistingMark {
  id: number;
  /** An agency user may not change a mark another person is responsible for. */
  ownedByOther: boolean;
}

export interface ScannedRow {
  row: ImportRow;
  mark: ImportMark | null;
  issues: RowIssue[];
  existing: ExistingMark | null;
}

/** Validates a batch of rows: each on its own, against the rows before it, and against the archive. */
async function scanBatch(rows: ImportRow[], lookup: Lookup, state: ScanState): Promise<ScannedRow[]> {
  const classes = [...new Set(rows.map((r) => parseClass(r.cells.tmCl ?? '')).filter((c): c is number => c !== null))];
  await state.goods.load(lookup, classes);
  const scanned: ScannedRow[] = rows.map((row) => ({ row, ...validateRow(row.rowNo, row.cells, state.context), existing: null }));
  for (const s of scanned) {
    if (!s.mark) continue;
    const repeat = state.duplicates.check(s.mark);
    if (repeat) {
      s.issues.push(repeat);
      s.mark = null;
    }
  }
  const marks = scanned.filter((s) => s.mark);
  if (marks.length === 0) return scanned;
  const existing = await lookup((db) =>
    existingMarks(
      db,
      marks.map((s) => s.mark!),
      state.viewer,
    ),
  );
  for (const s of marks) {
    const found = existing.get(s.mark!.rowNo);
    if (!found) continue;
    s.existing = found;
    s.issues.push(existingIssue(s.mark!, found.ownedByOther));
  }
  return scanned;
}

/** The archive's records of these marks (same country, application number and class), by row number. */
async function existingMarks(db: ScopedDb, marks: ImportMark[], viewer: ArchiveViewer): Promise<Map<number, ExistingMark>> {
  const appNos = [...new Set(marks.map((m) => m.appNo))];
  const inArchive = await db
    .selectFrom('brand_archives')
    .select(['id', 'country_code', 'app_no', 'int_cls', 'owner_user_id'])
    .where('app_no', 'in', appNos)
    .orderBy('id')
    .execute();
  const byKey = new Map<string, (typeof inArchive)[number]>();
  for (const a of inArchive) {
    if (a.int_cls === null) continue;
    const key = markKey({ countryCode: a.country_code, appNo: a.app_no, intCls: a.int_cls });
    if (!byKey.has(key)) byKey.set(key, a);
  }
  const found = new Map<number, ExistingMark>();
  for (const mark of marks) {
    const record = byKey.get(markKey(mark));
    if (record) found.set(mark.rowNo, { id: record.id, ownedByOther: viewer.ownMarksOnly && record.owner_user_id !== viewer.userId });
  }
  return found;
}

/** Reads a job's file and hands out validated batches. */
async function* scanFile(
  services: JobServices,
  filePath: string,
  lookup: Lookup,
  viewer: ArchiveViewer,
  onProgress: (fraction: number) => void,
): AsyncGenerator<{ headers: string[]; batch: ScannedRow[] }> {
  const { stream } = await services.files.open(filePath);
  const sheet = await readImportSheet(stream, onProgress);
  const state = scanState(viewer);
  let pending: ImportRow[] = [];
  for await (const row of sheet.rows) {
    pending.push(row);
    if (pending.length >= BATCH_ROWS) {
      yield { headers: sheet.headers, batch: await scanBatch(pending, lookup, state) };
      pending = [];
    }
  }
  if (pending.length > 0) yield { headers: sheet.headers, batch: await scanBatch(pending, lookup, state) };
}

/** The report: the file's own rows with the row number in front and the verdict in a last column. */
class ImportReport {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet | null = null;
  private width = 0;
  private constructor(
    readonly path: string,
    Excel: typeof ExcelJS,
  ) {
    this.workbook = new Excel.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  }

  static async create(path: string): Promise<ImportReport> {
    return new ImportReport(path, await excelLibrary());
  }

  add(headers: string[], scanned: ScannedRow): void {
    if (!this.sheet) {
      this.width = headers.length;
      this.sheet = this.workbook.addWorksheet('校验结果');
      this.sheet.columns = [{ header: '行号', width: 8 }, ...headers.map((h) => ({ header: h, width: 16 })), { header: '校验结果', width: 60 }];
      this.sheet.getRow(1).font = { bold: true };
      this.sheet.getRow(1).commit();
    }
    const { row, issues } = scanned;
    const verdict = issues.length === 0 ? '通过' : issues.map((i) => `【${i.level === 'error' ? '错误' : '提示'}】${i.column}：${i.message}`).join('；');
    const cells = Array.from({ length: this.width }, (_, i) => row.raw[i] ?? '');
    const added = this.sheet.addRow([row.rowNo, ...cells, verdict]);
    if (issues.some((i) => i.level === 'error')) added.getCell(this.width + 2).font = { color: { argb: 'FFCF1322' } };
    added.commit();
  }

  async finish(): Promise<void> {
    if (!this.sheet) {
      this.sheet = this.workbook.addWorksheet('校验结果');
      this.sheet.addRow(['表格中没有数据行']).commit();
    }
    this.sheet.commit();
    await this.workbook.commit();
  }
}

/** Report rows written without letting other requests in between. */
const REPORT_ROWS_AT_ONCE = 100;

const tempXlsx = () => join(tmpdir(), `ipm-${Date.now()}-${randomBytes(6).toString('hex')}.xlsx`);

/** Why a job failed, for the person who started it. */
function failureText(err: unknown): string {
  return err instanceof ImportFileError ? err.message : '处理表格时出错，请检查文件后重试';
}

/**
 * Validates every row of a job's file, keeping each problem as an issue row and writing the report
 * file; nothing goes into the archive. The job ends `checked` with its counts, or `failed`.
 */
export async function runImportCheck(services: JobServices, owner: JobOwner, jobId: number, progress: JobProgress): Promise<void> {
  const inOrg = <T>(work: (db: ScopedDb) => Promise<T>) => withOrganisation(services.system, owner.orgId, work);
  const job = await inOrg((db) => db.selectFrom('brand_import_jobs').select(['status', 'file_path', 'file_name']).where('id', '=', jobId).executeTakeFirst());
  if (!job || job.status !== 'checking') return;
  const report = await ImportReport.create(tempXlsx());
  const counts = { total: 0, valid: 0, error: 0, warning: 0, existing: 0 };
  try {
    const viewer = owner.viewer;
    for await (const { headers, batch } of scanFile(services, job.file_path, inOrg, viewer, (f) => (progress.percent = Math.min(99, Math.floor(f * 100))))) {
      const issues = batch.flatMap((s) => s.issues);
      if (issues.length > 0) {
        await inOrg(async (db) => {
          for (let i = 0; i < issues.length; i += 1000) {
            await db
              .insertInto('brand_import_issues')
              .values(
                issues.slice(i, i + 1000).map((issue) => ({
                  org_id: owner.orgId,
                  job_id: jobId,
                  row_no: issue.rowNo,
                  column_name: issue.column,
                  level: issue.level,
                  message: issue.message,
                })),
              )
              .execute();
          }
        });
      }
      for (const [i, s] of batch.entries()) {
        // Writing a row of the report takes a while: other requests take their turn every hundred rows.
        if (i > 0 && i % REPORT_ROWS_AT_ONCE === 0) await setImmediate();
        report.add(headers, s);
        counts.total++;
        if (s.mark) counts.valid++;
        else counts.error++;
        if (s.mark && s.issues.some((i) => i.level === 'warning')) counts.warning++;
        if (s.existing) counts.existing++;
      }
      progress.rows = counts.total;
    }
    await report.finish();
    const reportName = `${job.file_name.replace(/\.xlsx$/i, '')}-校验结果.xlsx`;
    await inOrg(async (db) => {
      const reportPath = await keepGeneratedFile(db, services.files, owner, report.path, reportName, 'xlsx');
      await db
        .updateTable('brand_import_jobs')
        .set({
          status: 'checked',
          total_rows: counts.total,
          valid_rows: counts.valid,
          error_rows: counts.error,
          warning_rows: counts.warning,
          existing_rows: counts.existing,
          report_path: reportPath,
          message: counts.total === 0 ? '表格中没有数据行' : '',
          updated_at: new Date(),
        })
        .where('id', '=', jobId)
        .execute();
    });
    progress.percent = 100;
  } catch (err) {
    await inOrg((db) =>
      db
        .updateTable('brand_import_jobs')
        .set({ status: 'failed', message: failureText(err), updated_at: new Date() })
        .where('id', '=', jobId)
        .execute(),
    );
    if (!(err instanceof ImportFileError)) throw err;
  }
}

/** The archive columns a mark fills; empty cells of the file leave a column out (an update keeps what is there). */
function archiveColumns(mark: ImportMark) {
  const filled = <T>(value: T | '' | null, column: string) => (value === '' || value === null ? {} : { [column]: value });
  return {
    tm_name: mark.tmName,
    tm_name_pinyin: namePinyin(mark.tmName),
    ...filled(mark.regNo, 'reg_no'),
    ...filled(mark.tmStatus, 'tm_status'),
    ...filled(mark.applicant, 'applicant_cn'),
    ...filled(mark.applicantAddress, 'applicant_address'),
    ...filled(mark.agent, 'agent'),
    ...filled(mark.appDate, 'app_date'),
    ...filled(mark.prelimDate, 'prelim_date'),
    ...filled(mark.regDate, 'reg_date'),
    ...filled(mark.privateEndDate, 'private_end_date'),
    ...filled(mark.submitWay, 'submit_way'),
    ...(mark.goods.length > 0 ? { goods: JSON.stringify(mark.goods) } : {}),
    ...filled(mark.remark, 'remark'),
  };
}

/** Marks written per transaction: small enough that a request waiting for the embedded database's one connection is not kept long. */
const WRITE_BATCH_ROWS = 100;

interface WriteCounts {
  inserted: number;
  updated: number;
  skipped: number;
}

/** One batch of checked marks into the archive: new ones as batch imports owned by the importer, those already there skipped or updated as chosen. */
async function writeBatch(db: ScopedDb, batch: ImportMark[], owner: JobOwner, mode: ExistingMode): Promise<WriteCounts> {
  const counts: WriteCounts = { inserted: 0, updated: 0, skipped: 0 };
  // Looked up again as the batch is written: the archive may have changed since the check.
  const existing = await existingMarks(db, batch, owner.viewer);
  const fresh = batch.filter((m) => !existing.has(m.rowNo));
  if (fresh.length > 0) {
    const registered = await db
      .selectFrom('tm_register')
      .select(['id', 'country_code', 'app_no', 'int_cls'])
      .where('app_no', 'in', [...new Set(fresh.map((m) => m.appNo))])
      .execute();
    const registerId = new Map(registered.map((r) => [markKey({ countryCode: r.country_code, appNo: r.app_no, intCls: r.int_cls }), r.id]));
    const rows: Insertable<BrandArchivesTable>[] = fresh.map((mark) => ({
      org_id: owner.orgId,
      ...archiveColumns(mark),
      register_id: registerId.get(markKey(mark)) ?? null,
      source: 2,
      owner_user_id: owner.userId,
      created_by: owner.userId,
      country_code: mark.countryCode,
      app_no: mark.appNo,
      int_cls: mark.intCls,
    }));
    await db.insertInto('brand_archives').values(rows).execute();
    counts.inserted = rows.length;
  }
  for (const mark of batch) {
    const found = existing.get(mark.rowNo);
    if (!found) continue;
    if (mode === 'skip' || found.ownedByOther) {
      counts.skipped++;
      continue;
    }
    await db
      .updateTable('brand_archives')
      .set({ ...archiveColumns(mark), updated_at: new Date() })
      .where('id', '=', found.id)
      .execute();
    counts.updated++;
  }
  return counts;
}

/** What a failed import tells its owner: nothing written, or exactly how far it got. */
function writeFailureText(err: unknown, job: { written_through_row: number; inserted_rows: number; updated_rows: number; skipped_rows: number }): string {
  if (job.written_through_row === 0) return `导入失败，未写入任何商标：${failureText(err)}`;
  return (
    `导入在表格第 ${job.written_through_row} 行之后中断：此前的行已写入（新增 ${job.inserted_rows} 条，更新 ${job.updated_rows} 条，跳过 ${job.skipped_rows} 条），其后的行未写入。` +
    `${failureText(err)}；重新导入同一表格时，已在档案中的商标按所选方式跳过或更新`
  );
}

/**
 * Writes every valid row of a checked job into the archive, a batch per transaction. The file is
 * read and checked again first, outside any transaction. Each batch records, in its own
 * transaction, the last sheet row it wrote, so between batches other requests take their turn (on
 * the embedded database a transaction holds the one connection), and a job a restart interrupted
 * goes on after that row: no row is written twice, none is left out. A failure stops the job and
 * says how far it got.
 */
export async function runImportWrite(services: JobServices, owner: JobOwner, jobId: number, progress: JobProgress): Promise<void> {
  const inOrg = <T>(work: (db: ScopedDb) => Promise<T>) => withOrganisation(services.system, owner.orgId, work);
  const jobRow = () =>
    inOrg((db) =>
      db
        .selectFrom('brand_import_jobs')
        .select(['status', 'file_path', 'existing_mode', 'written_through_row', 'inserted_rows', 'updated_rows', 'skipped_rows'])
        .where('id', '=', jobId)
        .executeTakeFirst(),
    );
  try {
    const job = await jobRow();
    if (!job || job.status !== 'importing') return;
    const mode: ExistingMode = job.existing_mode;
    const marks: ImportMark[] = [];
    for await (const { batch } of scanFile(services, job.file_path, inOrg, owner.viewer, (f) => (progress.percent = Math.min(49, Math.floor(f * 50))))) {
      for (const s of batch) if (s.mark) marks.push(s.mark);
    }
    const left = marks.filter((m) => m.rowNo > job.written_through_row);
    let done = marks.length - left.length;
    for (let start = 0; start < left.length; start += WRITE_BATCH_ROWS) {
      const batch = left.slice(start, start + WRITE_BATCH_ROWS);
      await inOrg(async (db) => {
        const counts = await writeBatch(db, batch, owner, mode);
        await db
          .updateTable('brand_import_jobs')
          .set((eb) => ({
            written_through_row: batch[batch.length - 1].rowNo,
            inserted_rows: eb('inserted_rows', '+', counts.inserted),
            updated_rows: eb('updated_rows', '+', counts.updated),
            skipped_rows: eb('skipped_rows', '+', counts.skipped),
            updated_at: new Date(),
          }))
          .where('id', '=', jobId)
          .execute();
      });
      done += batch.length;
      progress.rows = done;
      progress.percent = Math.min(99, 50 + Math.floor((done * 50) / marks.length));
    }
    await inOrg((db) => db.updateTable('brand_import_jobs').set({ status: 'done', updated_at: new Date() }).where('id', '=', jobId).execute());
    progress.percent = 100;
  } catch (err) {
    const job = await jobRow();
    await inOrg((db) =>
      db
        .updateTable('brand_import_jobs')
        .set({
          status: 'failed',
          message: writeFailureText(err, job ?? { written_through_row: 0, inserted_rows: 0, updated_rows: 0, skipped_rows: 0 }),
          updated_at: new Date(),
        })
        .where('id', '=', jobId)
        .execute(),
    );
    if (!(err instanceof ImportFileError)) throw err;
  }
}
