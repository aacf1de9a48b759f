import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';

/** The rows of the first sheet of a downloaded .xlsx file, as text. */
export async function sheetRows(path: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}
