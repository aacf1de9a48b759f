import ExcelJS from 'exceljs';
import type { TestServer } from './testServer.js';
import { multipart } from './multipart.js';

/** An .xlsx workbook with one sheet: a header row, then the rows, as a person would fill the template. */
export async function xlsxOf(headers: string[], rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('商标');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of one sheet of an .xlsx file (the first unless told) as text. */
export async function readXlsx(content: Buffer, sheet = 0): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[sheet]!.eachRow((row) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    rows.push(Array.from(values, (v) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v))));
  });
  return rows;
}

export async function uploadFile(server: TestServer, token: string, name: string, content: Buffer, purpose = 'spreadsheet') {
  const { payload, headers } = multipart(name, content, { purpose });
  return server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token } });
}

export async function download(server: TestServer, token: string, url: string): Promise<Buffer> {
  const res = await server.app.inject({ method: 'GET', url, headers: { token } });
  if (res.statusCode !== 200) throw new Error(`download of ${url} failed: ${res.statusCode} ${res.body}`);
  return res.rawPayload;
}

/** Polls a job call until its status leaves the running ones. */
export async function waitFor<T extends { status: string }>(fetch: () => Promise<T>, running: string[], timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await fetch();
    if (!running.includes(job.status)) return job;
    if (Date.now() > until) throw new Error(`job still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
