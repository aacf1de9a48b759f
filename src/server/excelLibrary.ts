import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | null = null;

/** exceljs, loaded the first time a workbook is read or written (or by `npm start` once the server answers): only imports and exports need it, and it costs the start a third of a second. */
export function excelLibrary(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}

/** A sheet of a table: its columns, the header row in bold. */
export function addTableSheet(workbook: ExcelJS.Workbook, name: string, columns: Partial<ExcelJS.Column>[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  return sheet;
}
