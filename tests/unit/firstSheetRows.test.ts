import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { columnIndex, firstSheetRows, isDateFormat, NoWorksheetError, serialDate, type SheetRow } from '../../src/server/trademarks/firstSheetRows.js';

async function rowsOf(content: Buffer): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of firstSheetRows(content)) rows.push(row);
  return rows;
}

/** A workbook as exceljs writes it, in memory: the first sheet is stored before the workbook part and the shared strings. */
async function workbook(fill: (first: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('商标'));
  const other = book.addWorksheet('填写说明');
  other.addRow(['不应读到']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The same through exceljs's streaming writer without shared strings: every text is an inline string. */
async function streamedWorkbook(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet('商标');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

describe('the first sheet of an .xlsx file', () => {
  it('reads texts, numbers, dates, booleans, formula results and rich text as a person sees them', async () => {
    const content = await workbook((sheet) => {
      sheet.addRow(['商标名称', '申请号', '类别', '申请日期', '已注册']);
      sheet.addRow(['  星辰 ', '12700053', 9, new Date(Date.UTC(2021, 2, 5)), true]);
      sheet.addRow([
        { richText: [{ text: '云' }, { text: '帆', font: { bold: true } }] },
        { formula: 'CONCAT("G","2025")', result: 'G2025' },
        { formula: '4+5', result: 9 },
        null,
        false,
      ]);
      sheet.getCell('D3').value = 45000;
      sheet.getCell('D3').numFmt = 'yyyy"年"m"月"d"日"';
      sheet.getCell('E3').value = 1234.5;
    });
    expect(await rowsOf(content)).toEqual([
      { number: 1, cells: ['商标名称', '申请号', '类别', '申请日期', '已注册'] },
      { number: 2, cells: ['星辰', '12700053', '9', '2021-03-05', 'true'] },
      { number: 3, cells: ['云帆', 'G2025', '9', '2023-03-15', '1234.5'] },
    ]);
  });

  it('keeps each cell in its column across gaps, skips empty rows and numbers rows as the sheet does', async () => {
    const content = await workbook((sheet) => {
      sheet.getCell('A1').value = '名称';
      sheet.getCell('C1').value = '类别';
      sheet.getCell('B4').value = 'IMP0001';
      sheet.getCell('AB4').value = '远处';
    });
    const rows = await rowsOf(content);
    expect(rows.map((r) => r.number)).toEqual([1, 4]);
    expect(rows[0]!.cells).toEqual(['名称', '', '类别']);
    expect(rows[1]!.cells[1]).toBe('IMP0001');
    expect(rows[1]!.cells[27]).toBe('远处');
    expect(rows[1]!.cells).toHaveLength(28);
  });

  it('reads inline strings and dates of a workbook written without shared strings', async () => {
    const content = await streamedWorkbook([
      ['商标名称', '申请日期'],
      ['Lumora & 星辰 <1>', new Date(Date.UTC(2020, 11, 31))],
    ]);
    expect(await rowsOf(content)).toEqual([
      { number: 1, cells: ['商标名称', '申请日期'] },
      { number: 2, cells: ['Lumora & 星辰 <1>', '2020-12-31'] },
    ]);
  });

  it('leaves out phonetic guides, in shared strings and in inline strings alike', async () => {
    const written = await workbook((sheet) => {
      sheet.addRow(['商标名称', '申请人']);
      sheet.addRow(['东京', '占位']);
    });
    // Excel writes a Japanese reading of a name as <rPh> beside its runs; exceljs cannot, so the parts are edited.
    const zip = await JSZip.loadAsync(written);
    const strings = (await zip.file('xl/sharedStrings.xml')!.async('string')).replace(
      /<si><t>东京<\/t><\/si>/,
      '<si><r><t>東</t></r><r><t>京</t></r><rPh sb="0" eb="1"><t>トウ</t></rPh><rPh sb="1" eb="2"><t>キョウ</t></rPh><phoneticPr fontId="1"/></si>',
    );
    zip.file('xl/sharedStrings.xml', strings);
    const sheetPart = Object.keys(zip.files).find((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name) && name !== 'xl/worksheets/sheet2.xml')!;
    const sheetXml = (await zip.file(sheetPart)!.async('string')).replace(
      /<c r="B2"([^>]*?) t="s"><v>\d+<\/v><\/c>/,
      '<c r="B2"$1 t="inlineStr"><is><t>大阪</t><rPh sb="0" eb="2"><t>オオサカ</t></rPh></is></c>',
    );
    zip.file(sheetPart, sheetXml);
    const content = await zip.generateAsync({ type: 'nodebuffer' });
    expect(strings).toContain('<rPh');
    expect(sheetXml).toContain('inlineStr');
    expect(await rowsOf(content)).toEqual([
      { number: 1, cells: ['商标名称', '申请人'] },
      { number: 2, cells: ['東京', '大阪'] },
    ]);
  });

  it('hands out a long sheet row by row to a consumer that waits between rows, reporting how far it has read', async () => {
    const content = await workbook((sheet) => {
      for (let i = 1; i <= 3000; i++) sheet.addRow([`商标 ${i}`, `IMP${String(i).padStart(5, '0')}`, (i % 45) + 1]);
    });
    const seen: number[] = [];
    let count = 0;
    let last: SheetRow | null = null;
    for await (const row of firstSheetRows(content, (fraction) => seen.push(fraction))) {
      count++;
      last = row;
      // A consumer that goes away between rows (an import checks each batch against the database) misses nothing.
      if (count % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(count).toBe(3000);
    expect(last).toEqual({ number: 3000, cells: ['商标 3000', 'IMP03000', '31'] });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('fails on a file that is not a zip package, or has no worksheet', async () => {
    await expect(rowsOf(Buffer.from('MZ this is a program'))).rejects.toThrow();
    const book = new ExcelJS.Workbook();
    await expect(rowsOf(Buffer.from(await book.xlsx.writeBuffer()))).rejects.toBeInstanceOf(NoWorksheetError);
  });
});

describe('cell helpers', () => {
  it('tells date formats from others', () => {
    expect(isDateFormat('yyyy-mm-dd')).toBe(true);
    expect(isDateFormat('yyyy"年"m"月"d"日"')).toBe(true);
    expect(isDateFormat('[$-F800]dddd\\,\\ mmmm\\ dd\\,\\ yyyy')).toBe(true);
    expect(isDateFormat('h:mm:ss')).toBe(true);
    expect(isDateFormat('0.00')).toBe(false);
    expect(isDateFormat('#,##0"元"')).toBe(false);
    expect(isDateFormat('[Red]0.00')).toBe(false);
    expect(isDateFormat('@')).toBe(false);
    expect(isDateFormat('General')).toBe(false);
  });

  it('turns serial days into dates in both date systems', () => {
    expect(serialDate(1, false)).toBe('1900-01-01');
    expect(serialDate(59, false)).toBe('1900-02-28');
    expect(serialDate(61, false)).toBe('1900-03-01');
    expect(serialDate(45000, false)).toBe('2023-03-15');
    expect(serialDate(45000.75, false)).toBe('2023-03-15');
    expect(serialDate(0, true)).toBe('1904-01-01');
    expect(serialDate(43538, true)).toBe('2023-03-15');
  });

  it('reads column letters', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('Z9')).toBe(25);
    expect(columnIndex('AA10')).toBe(26);
    expect(columnIndex('AB12')).toBe(27);
  });
});
