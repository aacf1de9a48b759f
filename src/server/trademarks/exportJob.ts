import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { BrandArchiveQuery, GoodsItem } from '../../generated/types.js';
import { ARCHIVE_EXPORT_COLUMNS, ARCHIVE_SOURCE_LABELS, type ArchiveExportColumn } from '../../shared/archiveExportColumns.js';
import { withOrganisation, type ScopedDb } from '../db/tenantScope.js';
import { excelLibrary } from '../excelLibrary.js';
import { keepGeneratedFile } from '../files/generatedFile.js';
import type { JobProgress } from '../jobs/backgroundJobs.js';
import { countryCatalog } from '../countries/countryCatalog.js';
import { readSchemaFile } from '../../schemaSource/schemaFiles.js';
import { filterArchive, orderArchive } from './archiveFilter.js';
import { EXPIRY_LABELS, type Expiry } from './expiryWindow.js';
import { customCell, customColumnHeader, customColumnNumFmt, customFieldIdOf, exportFields } from './exportCustomColumns.js';
import type { JobOwner, JobServices } from './importJob.js';

/** Rows read and written together: memory holds one batch, never the whole export. */
const EXPORT_BATCH = 1000;

/** Query keys that say how to page or sort, not which marks: left out of the summary. */
const NOT_CONDITIONS = new Set(['pageNo', 'pageSize', 'sortField', 'sortType', 'searchType']);

let titles: Record<string, string> | undefined;
function conditionTitle(key: string): string {
  titles ??= Object.fromEntries(
    Object.entries((readSchemaFile('entities', 'brand-archive-query.json').body.properties ?? {}) as Record<string, { title?: string }>).map(([k, v]) => [
      k,
      v.title ?? k,
    ]),
  );
  return titles[key] ?? key;
}

const countryName = (code: string) => countryCatalog().get(code)?.name ?? code;

/** No condition at all: empty text, an empty list, or an object (the class picker's value) whose parts are all empty. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(isEmpty);
  return false;
}

/** The filter in words for the export record, e.g. "类别：第9类、第25类；商标状态：已注册". */
export function filterSummary(filter: BrandArchiveQuery, names: { owner?: string } = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (NOT_CONDITIONS.has(key) || isEmpty(value)) continue;
    let text: string;
    if (key === 'classes') {
      const { categories = [], groups = [], goods = [] } = value as { categories?: string[]; groups?: string[]; goods?: string[] };
      text = [...categories.map((c) => `第${c}类`), ...groups, ...goods].join('、');
    } else if (key === 'tmCl') text = (value as number[]).map((c) => `第${c}类`).join('、');
    else if (key === 'countryCode') text = (value as string[]).map(countryName).join('、');
    else if (key === 'source') text = (value as number[]).map((s) => ARCHIVE_SOURCE_LABELS[s] ?? String(s)).join('、');
    else if (key === 'ownerUserId' && names.owner) text = names.owner;
    else if (key === 'ids') text = `选中的 ${(value as number[]).length} 件`;
    else if (key === 'customFields') text = `${Object.keys(value as object).length} 个条件`;
    else if (key === 'labelNodeIds') text = `${(value as string[]).length} 个标签`;
    else if (key === 'expiry') text = EXPIRY_LABELS[value as Expiry];
    else if (Array.isArray(value)) text = value.join('、');
    else text = String(value);
    parts.push(`${conditionTitle(key)}：${text}`);
  }
  if (filter.searchType === 1 && parts.length > 0) parts.push('精确查找');
  return parts.length > 0 ? parts.join('；') : '全部商标';
}

const EXPORT_SELECT = [
  'id',
  'tm_name',
  'app_no',
  'int_cls',
  'country_code',
  'applicant_cn',
  'applicant_address',
  'app_date',
  'prelim_date',
  'reg_date',
  'private_end_date',
  'reg_no',
  'tm_status',
  'goods',
  'submit_way',
  'agent',
  'remark',
  'tm_type',
  'source',
] as const;

interface ExportRow {
  tm_name: string;
  app_no: string;
  int_cls: number | null;
  country_code: string;
  applicant_cn: string;
  applicant_address: string;
  app_date: string | null;
  prelim_date: string | null;
  reg_date: string | null;
  private_end_date: string | null;
  reg_no: string | null;
  tm_status: string;
  goods: GoodsItem[];
  submit_way: string;
  agent: string;
  remark: string;
  tm_type: string;
  source: number;
  custom_values?: Record<string, unknown>;
}

/** The cell of each column; goods are written as the import template takes them ("0901 计算机；0901 手机"). */
const CELL: Record<ArchiveExportColumn, (row: ExportRow) => string | number | null> = {
  tmName: (r) => r.tm_name,
  appNo: (r) => r.app_no,
  tmCl: (r) => r.int_cls,
  country: (r) => countryName(r.country_code),
  applicant: (r) => r.applicant_cn,
  applicantAddress: (r) => r.applicant_address,
  appDate: (r) => r.app_date,
  prelimDate: (r) => r.prelim_date,
  regDate: (r) => r.reg_date,
  privateEndDate: (r) => r.private_end_date,
  regNo: (r) => r.reg_no,
  tmStatus: (r) => r.tm_status,
  goods: (r) =>
    r.goods
      .filter((g) => g.mark !== 2)
      .map((g) => (g.code ? `${g.code} ${g.name}` : g.name))
      .join('；'),
  submitWay: (r) => r.submit_way,
  agent: (r) => r.agent,
  remark: (r) => r.remark,
  tmType: (r) => r.tm_type,
  source: (r) => ARCHIVE_SOURCE_LABELS[r.source] ?? '',
};

const WIDTH: Partial<Record<ArchiveExportColumn, number>> = { tmName: 20, applicant: 28, applicantAddress: 32, goods: 50, agent: 28, remark: 24 };

/**
 * The standard columns in file order, whatever order they were chosen in (all of them when none
 * were named, none for an empty list), then the custom ones as given.
 */
export function exportColumns(chosen: readonly ArchiveExportColumn[] | undefined, customKeys: readonly string[] = []): string[] {
  const all = ARCHIVE_EXPORT_COLUMNS.map((c) => c.key);
  return [...(chosen ? all.filter((k) => chosen.includes(k)) : all), ...customKeys];
}

export function exportFileName(at: Date): string {
  const local = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return `商标档案导出-${local.slice(0, 10).replace(/-/g, '')}-${local.slice(11, 19).replace(/:/g, '')}.xlsx`;
}

/**
 * Writes the marks the export's filter matches, in the archive's order, to an .xlsx file in
 * batches, then keeps the file and links it from the export record. The order is fixed first as a
 * list of ids, so the batches neither overlap nor skip however the archive changes meanwhile.
 */
export async function runExport(services: JobServices, owner: JobOwner, exportId: number, progress: JobProgress): Promise<void> {
  const inOrg = <T>(work: (db: ScopedDb) => Promise<T>) => withOrganisation(services.system, owner.orgId, work);
  const record = await inOrg((db) =>
    db.selectFrom('brand_exports').select(['status', 'filter', 'columns', 'file_name']).where('id', '=', exportId).executeTakeFirst(),
  );
  if (!record || record.status !== 'running') return;
  const temp = join(tmpdir(), `ipm-export-${Date.now()}-${randomBytes(6).toString('hex')}.xlsx`);
  try {
    const filter = record.filter as BrandArchiveQuery;
    const fields = await inOrg((db) => exportFields(db, record.columns));
    // A custom column whose field is gone altogether is left out.
    const columns = record.columns.filter((key) => customFieldIdOf(key) === null || fields.has(customFieldIdOf(key)!));
    const select = columns.some((key) => customFieldIdOf(key) !== null) ? [...EXPORT_SELECT, 'custom_values' as const] : EXPORT_SELECT;
    const cellOf = columns.map((key): ((row: ExportRow) => string | number | null) => {
      const fieldId = customFieldIdOf(key);
      if (fieldId === null) return CELL[key as ArchiveExportColumn];
      const field = fields.get(fieldId)!;
      return (row) => customCell(field, row.custom_values?.[String(fieldId)]);
    });
    const ids = await inOrg(async (db) => {
      const matching = await filterArchive(db, db.selectFrom('brand_archives'), filter, owner.viewer);
      const rows = await orderArchive(matching.select('brand_archives.id'), filter).execute();
      return rows.map((r) => r.id);
    });
    await inOrg((db) => db.updateTable('brand_exports').set({ total_rows: ids.length }).where('id', '=', exportId).execute());

    const Excel = await excelLibrary();
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ filename: temp, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('商标档案');
    const labels = new Map(ARCHIVE_EXPORT_COLUMNS.map((c) => [c.key, c.label]));
    sheet.columns = columns.map((key) => {
      const field = fields.get(customFieldIdOf(key) ?? 0);
      if (!field) return { header: labels.get(key as ArchiveExportColumn)!, key, width: WIDTH[key as ArchiveExportColumn] ?? 14 };
      const numFmt = customColumnNumFmt(field);
      return {
        header: customColumnHeader(field),
        key,
        width: field.field_type === '多行文本' || field.field_type === '附件' ? 28 : 16,
        ...(numFmt ? { style: { numFmt } } : {}),
      };
    });
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const chunk = ids.slice(start, start + EXPORT_BATCH);
      const rows = (await inOrg((db) => db.selectFrom('brand_archives').select(select).where('id', 'in', chunk).execute())) as (ExportRow & { id: number })[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of chunk) {
        const row = byId.get(id);
        // A mark deleted since the export began is simply left out.
        if (row) sheet.addRow(cellOf.map((cell) => cell(row))).commit();
      }
      progress.rows = Math.min(ids.length, start + chunk.length);
      progress.percent = Math.min(99, Math.floor((progress.rows * 100) / ids.length));
      await inOrg((db) => db.updateTable('brand_exports').set({ processed_rows: progress.rows }).where('id', '=', exportId).execute());
    }
    sheet.commit();
    await workbook.commit();
    await inOrg(async (db) => {
      const path = await keepGeneratedFile(db, services.files, owner, temp, record.file_name, 'xlsx');
      await db
        .updateTable('brand_exports')
        .set({ status: 'done', file_path: path, processed_rows: ids.length, finished_at: new Date() })
        .where('id', '=', exportId)
        .execute();
    });
    progress.percent = 100;
  } catch (err) {
    await rm(temp, { force: true });
    await inOrg((db) =>
      db.updateTable('brand_exports').set({ status: 'failed', message: '导出失败，请稍后重试', finished_at: new Date() }).where('id', '=', exportId).execute(),
    );
    throw err;
  }
}
