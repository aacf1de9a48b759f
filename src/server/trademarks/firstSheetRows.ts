import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** A package that holds no worksheet at all (a workbook saved with none, or not a spreadsheet). */
export class NoWorksheetError extends Error {}

/** A row of the sheet: its number in the sheet and every cell up to the last filled one, as text. */
export interface SheetRow {
  number: number;
  cells: string[];
}

/**
 * Built-in number formats that show a date (ECMA-376 §18.8.30, with the ids East Asian
 * versions of Excel give their date formats).
 */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** Whether a custom number format code shows a date: a y, m, d, h or s outside quotes, escapes and brackets. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** An Excel serial day as YYYY-MM-DD (the 1900 system counts a 29 February 1900 that never was). */
export function serialDate(serial: number, date1904: boolean): string {
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  const millis = Date.UTC(1899, 11, 30) + Math.floor(days) * 86_400_000;
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** The column index (0 for A) of a cell reference such as "AB12". */
export function columnIndex(reference: string): number {
  let index = 0;
  for (const ch of reference) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The text of a string item, a shared string (`<si>`) or a cell's inline string (`<is>`): its `<t>`
 * runs joined, phonetic guides (`<rPh>`) left out. Fed the item's inner tags and text.
 */
class StringItem {
  text = '';
  private inRun = false;
  private phonetic = 0;

  open(name: string): void {
    if (name === 'rPh') this.phonetic++;
    else if (name === 't' && this.phonetic === 0) this.inRun = true;
  }

  close(name: string): void {
    if (name === 'rPh') this.phonetic--;
    else if (name === 't') this.inRun = false;
  }

  add(text: string): void {
    if (this.inRun) this.text += text;
  }
}

/** Parses a whole part of the package (XML), calling `open` and `close` for each tag and `text` for the text between. */
async function parsePart(
  zip: ZipFile,
  entry: Entry | undefined,
  handlers: { open?(tag: SaxesTagPlain): void; close?(tag: SaxesTagPlain): void; text?(text: string): void },
): Promise<void> {
  if (!entry) return;
  const parser = new SaxesParser();
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', handlers.close);
  if (handlers.text) parser.on('text', handlers.text);
  const stream = await zip.openReadStreamPromise(entry);
  stream.setEncoding('utf8');
  for await (const chunk of stream) parser.write(chunk as string);
  parser.close();
}

/** The path inside the package of the workbook's first sheet, from the workbook and its relationships. */
async function firstSheetPath(zip: ZipFile, entries: Map<string, Entry>): Promise<{ path: string; date1904: boolean }> {
  let firstId: string | null = null;
  let date1904 = false;
  await parsePart(zip, entries.get('xl/workbook.xml'), {
    open(tag) {
      const name = localName(tag.name);
      if (name === 'workbookPr') date1904 = tag.attributes.date1904 === '1' || tag.attributes.date1904 === 'true';
      if (name === 'sheet' && firstId === null) firstId = Object.entries(tag.attributes).find(([key]) => localName(key) === 'id' && key !== 'id')?.[1] ?? null;
    },
  });
  const relationship = { target: '' };
  await parsePart(zip, entries.get('xl/_rels/workbook.xml.rels'), {
    open(tag) {
      if (localName(tag.name) === 'Relationship' && tag.attributes.Id === firstId) relationship.target = tag.attributes.Target ?? '';
    },
  });
  const { target } = relationship;
  if (target) return { path: target.startsWith('/') ? target.slice(1) : `xl/${target}`, date1904 };
  // A package without the usual workbook parts: its first worksheet by name.
  const fallback = [...entries.keys()].filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name)).sort()[0];
  if (!fallback) throw new NoWorksheetError('no worksheet in the package');
  return { path: fallback, date1904 };
}

/** The shared strings, in order. */
async function sharedStrings(zip: ZipFile, entry: Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  let item: StringItem | null = null;
  await parsePart(zip, entry, {
    open(tag) {
      const name = localName(tag.name);
      if (name === 'si') item = new StringItem();
      else item?.open(name);
    },
    close(tag) {
      const name = localName(tag.name);
      if (name === 'si' && item) strings.push(item.text);
      else item?.close(name);
    },
    text(text) {
      item?.add(text);
    },
  });
  return strings;
}

/** For each cell style, whether it shows numbers as dates. */
async function dateStyles(zip: ZipFile, entry: Entry | undefined): Promise<boolean[]> {
  const customDates = new Set<number>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await parsePart(zip, entry, {
    open(tag) {
      const name = localName(tag.name);
      if (name === 'numFmt' && isDateFormat(tag.attributes.formatCode ?? '')) customDates.add(Number(tag.attributes.numFmtId));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(tag.attributes.numFmtId ?? 0);
        styles.push(BUILT_IN_DATE_FORMATS.has(id) || customDates.has(id));
      }
    },
    close(tag) {
      if (localName(tag.name) === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** The text a person sees in a cell, from its type, style and stored value. */
function cellText(type: string, style: number, value: string, context: { strings: string[]; dates: boolean[]; date1904: boolean }): string {
  switch (type) {
    case 's':
      return (context.strings[Number(value)] ?? '').trim();
    case 'inlineStr':
    case 'str':
      return value.trim();
    case 'b':
      return value.trim() === '1' ? 'true' : value.trim() === '0' ? 'false' : '';
    case 'e':
      return '';
    case 'd':
      return value.trim().slice(0, 10);
    default: {
      const text = value.trim();
      if (text === '') return '';
      const number = Number(text);
      if (!Number.isFinite(number)) return text;
      return context.dates[style] ? serialDate(number, context.date1904) : String(number);
    }
  }
}

/**
 * The rows of an .xlsx workbook's first sheet, in order, each cell as the text a person sees in it:
 * shared and inline strings, numbers, dates of date-formatted cells as YYYY-MM-DD, and the results
 * of formulas. The package is read through its central directory, each part as a whole, so no
 * part can be missed whatever order the writer stored them in; the sheet itself is parsed as it is
 * inflated, so a large sheet is never held as one text. Empty rows are not handed out.
 *
 * @param content the whole .xlsx file
 * @param onProgress the share of the sheet read so far, from 0 to 1
 */
export async function* firstSheetRows(content: Buffer, onProgress: (fraction: number) => void = () => {}): AsyncGenerator<SheetRow> {
  const zip = await yauzl.fromBufferPromise(content, { lazyEntries: true, autoClose: false });
  try {
    const entries = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const { path, date1904 } = await firstSheetPath(zip, entries);
    const sheet = entries.get(path);
    if (!sheet) throw new Error(`the first sheet (${path}) is missing from the package`);
    const context = {
      strings: await sharedStrings(zip, entries.get('xl/sharedStrings.xml')),
      dates: await dateStyles(zip, entries.get('xl/styles.xml')),
      date1904,
    };

    const ready: SheetRow[] = [];
    let row: SheetRow | null = null;
    let lastNumber = 0;
    let cell: { column: number; type: string; style: number; value: string } | null = null;
    let nextColumn = 0;
    // Inside a cell: its stored value (`<v>`), or its inline string (`<is>`).
    let inValue = false;
    let inline: StringItem | null = null;
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (inline) inline.open(name);
      else if (name === 'row') {
        lastNumber = tag.attributes.r ? Number(tag.attributes.r) : lastNumber + 1;
        row = { number: lastNumber, cells: [] };
        nextColumn = 0;
      } else if (name === 'c' && row) {
        const column = tag.attributes.r ? columnIndex(tag.attributes.r) : nextColumn;
        cell = { column, type: tag.attributes.t ?? 'n', style: Number(tag.attributes.s ?? 0), value: '' };
        nextColumn = column + 1;
      } else if (cell && name === 'v') inValue = true;
      else if (cell && name === 'is') inline = new StringItem();
    });
    parser.on('text', (text) => {
      if (inline) inline.add(text);
      else if (inValue && cell) cell.value += text;
    });
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 'is' && inline && cell) {
        cell.value = inline.text;
        inline = null;
      } else if (inline) inline.close(name);
      else if (name === 'v') inValue = false;
      else if (name === 'c' && cell && row) {
        const text = cellText(cell.type, cell.style, cell.value, context);
        if (text !== '') {
          while (row.cells.length < cell.column) row.cells.push('');
          row.cells[cell.column] = text;
        }
        cell = null;
      } else if (name === 'row' && row) {
        if (row.cells.length > 0) ready.push(row);
        row = null;
      }
    });

    const stream = await zip.openReadStreamPromise(sheet);
    stream.setEncoding('utf8');
    let read = 0;
    for await (const chunk of stream) {
      parser.write(chunk as string);
      read += Buffer.byteLength(chunk as string);
      onProgress(sheet.uncompressedSize > 0 ? Math.min(1, read / sheet.uncompressedSize) : 1);
      while (ready.length > 0) yield ready.shift()!;
    }
    parser.close();
    while (ready.length > 0) yield ready.shift()!;
  } finally {
    zip.close();
  }
}
