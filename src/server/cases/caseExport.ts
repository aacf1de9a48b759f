import type { CaseSummary } from '../../generated/types.js';
import { FIELD_TITLES } from '../../generated/fieldTitles.js';
import { FIELD_ENUM_TITLES } from '../../generated/fieldFormats.js';
import { excelLibrary } from '../excelLibrary.js';

/** More cases than this are not exported at once: the export is written in the request. */
export const MAX_CASE_EXPORT = 10_000;

const CHINA_OFFSET_MS = 8 * 3_600_000;
const chinaDateTime = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ') : '');

const COLUMNS: { key: keyof CaseSummary; width: number }[] = [
  { key: 'caseNo', width: 18 },
  { key: 'caseTypeTitle', width: 16 },
  { key: 'statusTitle', width: 10 },
  { key: 'stageTitle', width: 12 },
  { key: 'deadline', width: 12 },
  { key: 'tmName', width: 18 },
  { key: 'countries', width: 12 },
  { key: 'classes', width: 12 },
  { key: 'appNo', width: 14 },
  { key: 'applicantName', width: 24 },
  { key: 'handlerName', width: 10 },
  { key: 'submitType', width: 10 },
  { key: 'result', width: 8 },
  { key: 'createdAt', width: 17 },
  { key: 'submittedAt', width: 17 },
];

/** The cases as an .xlsx workbook: one row each, headed by the fields' Chinese names. */
export async function caseWorkbook(rows: CaseSummary[]): Promise<Buffer> {
  const titles = FIELD_TITLES.CaseSummary as Record<string, string>;
  const enums = FIELD_ENUM_TITLES.CaseSummary as Record<string, Record<string, string>>;
  const Excel = await excelLibrary();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('案件');
  sheet.columns = COLUMNS.map((c) => ({ header: c.key === 'caseTypeTitle' ? '案件类型' : titles[c.key], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      ...row,
      submitType: enums.submitType?.[row.submitType] ?? row.submitType,
      result: row.result === null ? '' : (enums.result?.[row.result] ?? row.result),
      deadline: row.deadline ?? '',
      createdAt: chinaDateTime(row.createdAt),
      submittedAt: chinaDateTime(row.submittedAt),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
