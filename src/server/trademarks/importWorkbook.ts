import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type ExcelJS from 'exceljs';
import { excelLibrary } from '../excelLibrary.js';
import { firstSheetRows, NoWorksheetError } from './firstSheetRows.js';
import { IMPORT_COLUMNS, mapHeaders, type ImportCells, type ImportColumnKey } from './importColumns.js';

/** More rows than this in one file are refused: a portfolio that large is imported in parts. */
export const MAX_IMPORT_ROWS = 50_000;

/** A problem with the file as a whole (no header, required columns missing, too many rows): nothing is imported. */
export class ImportFileError extends Error {}

export interface ImportRow {
  rowNo: number;
  cells: ImportCells;
  /** Every cell of the row as read, for the report that repeats the file. */
  raw: string[];
}

export interface ImportSheet {
  /** The header row's texts, as written. */
  headers: string[];
  rows: AsyncGenerator<ImportRow>;
}

const UNREADABLE = '无法读取表格，请上传由模板填写的 .xlsx 文件';

/**
 * Reads the first worksheet of an .xlsx file (firstSheetRows.ts): rows are handed out one by
 * one as the sheet is parsed, never the whole sheet at once, so a file of tens of thousands of rows
 * costs little memory beyond the file itself (at most 30 MB, the upload limit). The first row
 * with any text is the header (empty rows are never handed out). exceljs's streaming reader is not
 * used: it reads the package in one pass and now and then lost a part of it (a valid file then
 * failed as unreadable, about once in two thousand reads on a busy machine).
 */
export async function readImportSheet(source: Readable, onProgress: (fraction: number) => void = () => {}): Promise<ImportSheet> {
  const content = await buffer(source);
  const sheetRows = firstSheetRows(content, onProgress);
  const next = async () => {
    try {
      return await sheetRows.next();
    } catch (cause) {
      throw new ImportFileError(cause instanceof NoWorksheetError ? '表格中没有工作表' : UNREADABLE, { cause });
    }
  };
  const first = await next();
  if (first.done) throw new ImportFileError('表格是空的：第一行应为表头（商标名称、申请号、类别……）');
  const header = first.value.cells;
  const { columns, missing } = mapHeaders(header);
  if (missing.length > 0) throw new ImportFileError(`表格缺少必填列：${missing.join('、')}（请使用导入模板）`);

  async function* rows(): AsyncGenerator<ImportRow> {
    let count = 0;
    for (;;) {
      const row = await next();
      if (row.done) break;
      const raw = row.value.cells;
      if (++count > MAX_IMPORT_ROWS) throw new ImportFileError(`一次最多导入 ${MAX_IMPORT_ROWS.toLocaleString('en-US')} 行，请分成几个文件导入`);
      const cells: ImportCells = {};
      for (const [key, column] of Object.entries(columns) as [ImportColumnKey, number][]) cells[key] = raw[column - 1] ?? '';
      yield { rowNo: row.value.number, cells, raw };
    }
  }
  return { headers: header, rows: rows() };
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };

/** The import template: the header row on the first sheet, how to fill each column on the second. */
export async function importTemplate(): Promise<Buffer> {
  const Excel = await excelLibrary();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('商标');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  IMPORT_COLUMNS.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = HEADER_FILL;
    if (c.required) cell.font = { bold: true, color: { argb: 'FFD4380D' } };
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // Dates and numbers stay text, so Excel does not turn 2021-03-05 into a serial number or drop leading zeros.
  IMPORT_COLUMNS.forEach((_c, i) => {
    sheet.getColumn(i + 1).numFmt = '@';
  });

  const help = workbook.addWorksheet('填写说明');
  help.columns = [
    { header: '列', key: 'header', width: 16 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '说明', key: 'hint', width: 60 },
    { header: '示例', key: 'example', width: 40 },
  ];
  help.getRow(1).font = { bold: true };
  const examples: Partial<Record<ImportColumnKey, string>> = {
    tmName: '星辰',
    appNo: '12345678',
    tmCl: '9',
    country: '中国',
    appDate: '2021-03-05',
    goods: '0901 计算机；0901 智能手机；0907 电池',
    submitWay: '单一申请',
  };
  for (const c of IMPORT_COLUMNS) help.addRow({ header: c.header, required: c.required ? '是' : '否', hint: c.hint, example: examples[c.key] ?? '' });
  help.addRow({});
  help.addRow({ header: '说明', hint: '第一个工作表的第一行为表头，从第二行起每行一件商标；同一国家/地区、申请号与类别只能出现一次。' });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
