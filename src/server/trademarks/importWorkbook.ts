import { Transform, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { excelLibrary } from '../excelLibrary.js';
import { IMPORT_COLUMNS, mapHeaders, type ImportCells, type ImportColumnKey } from './importColumns.js';

/** More rows than this in one file are refused: a portfolio that large is imported in parts. */
export const MAX_IMPORT_ROWS = 50_000;

/** A problem with the file as a whole (no header, required columns missing, too many rows): nothing is imported. */
export class ImportFileError extends Error {}

/** A cell as the text a person sees: dates as YYYY-MM-DD, formulas as their result, rich text joined. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('error' in value) return '';
  return '';
}

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

/** Counts the bytes read from the file, so a job can tell how far through it is. */
function byteCounter(onBytes: (bytes: number) => void): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      onBytes(bytes);
      done(null, chunk);
    },
  });
}

/**
 * Reads the first worksheet of an .xlsx file as a stream: rows are handed out one by one, never the
 * whole sheet at once, so a file of tens of thousands of rows costs little memory. Empty rows are
 * passed over; the first non-empty row is the header.
 */
export async function readImportSheet(source: Readable, onBytes: (bytes: number) => void = () => {}): Promise<ImportSheet> {
  const Excel = await excelLibrary();
  const reader = new Excel.stream.xlsx.WorkbookReader(source.pipe(byteCounter(onBytes)), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  const sheets = reader[Symbol.asyncIterator]();
  const first = await sheets.next().catch(() => {
    throw new ImportFileError('无法读取表格，请上传由模板填写的 .xlsx 文件');
  });
  if (first.done) throw new ImportFileError('表格中没有工作表');
  const rowIterator = (first.value as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();

  const texts = (row: ExcelJS.Row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    return Array.from(values, (v) => cellText(v as ExcelJS.CellValue));
  };
  let header: string[] | null = null;
  while (header === null) {
    const next = await rowIterator.next();
    if (next.done) throw new ImportFileError('表格是空的：第一行应为表头（商标名称、申请号、类别……）');
    const candidate = texts(next.value);
    if (candidate.some(Boolean)) header = candidate;
  }
  const { columns, missing } = mapHeaders(header);
  if (missing.length > 0) throw new ImportFileError(`表格缺少必填列：${missing.join('、')}（请使用导入模板）`);

  async function* rows(): AsyncGenerator<ImportRow> {
    let count = 0;
    for (;;) {
      const next = await rowIterator.next();
      if (next.done) break;
      const raw = texts(next.value);
      if (!raw.some(Boolean)) continue;
      if (++count > MAX_IMPORT_ROWS) throw new ImportFileError(`一次最多导入 ${MAX_IMPORT_ROWS.toLocaleString('en-US')} 行，请分成几个文件导入`);
      const cells: ImportCells = {};
      for (const [key, column] of Object.entries(columns) as [ImportColumnKey, number][]) cells[key] = raw[column - 1] ?? '';
      yield { rowNo: next.value.number, cells, raw };
    }
    // Only the first sheet is data (the template's second is help): read past the others.
    for (let sheet = await sheets.next(); !sheet.done; sheet = await sheets.next()) {
      for await (const _row of sheet.value as AsyncIterable<ExcelJS.Row>) void _row;
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
