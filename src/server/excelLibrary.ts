import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | null = null;

/** exceljs, loaded the first time a workbook is read or written (or by `npm start` once the server answers): only imports and exports need it, and it costs the start a third of a second. */
export function excelLibrary(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
