/**
 * The server under load, started as `npm start` starts it, in a process of its own, asked over
 * loopback only. Two parts, each on the embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL,
 * default the local `test` server; a database of its own is made and dropped):
 *   1. 100 keep-alive connections for 60 s (BENCH_LOAD_CONNECTIONS, BENCH_LOAD_SECONDS), each sending
 *      one request after another: the archive list with varying conditions and sorts (70 %), a mark's
 *      detail (25 %), a change to a mark's remark (5 %); prints requests per second, p50, p99 and errors.
 *   2. /api/health asked every 50 ms while one request does heavy work: a 16-megapixel picture sent to
 *      the graphic search, and a 40,000-row Excel import checked and confirmed; prints the slowest answer.
 * Target (issue 33): p99 ≤ 200 ms at 100 connections on PostgreSQL with 0 errors; /api/health ≤ 200 ms throughout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { ChildProcess } from 'node:child_process';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { IMPORT_COLUMNS } from '../../src/server/trademarks/importColumns.js';
import { operationRoutes, type OperationId, type OperationRequest, type OperationResponse } from '../../src/generated/client.js';
import type { ApiEnvelope } from '../../src/shared/envelope.js';
import { xlsxOf } from '../api/support/xlsx.js';
import { bandedPng } from '../api/support/pictures.js';
import { startServerProcess, stopServerProcess } from '../serverProcess.js';

const PORT = 3295;
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const IMPORT_ROWS = 40_000;

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One request over the kept-alive connections (a POST of `body`, or a GET without one): its status and body, or a network error as status 0. */
function post(path: string, body: unknown, token?: string): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method: body === undefined ? 'GET' : 'POST',
        agent,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': payload.length }), ...(token ? { token } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(payload);
  });
}

async function call<Id extends OperationId>(id: Id, body: OperationRequest<Id>, token?: string): Promise<OperationResponse<Id>> {
  const reply = await post(operationRoutes[id].path, body, token);
  if (reply.status !== 200) throw new Error(`${id}: ${reply.status} ${reply.text}`);
  return (JSON.parse(reply.text) as ApiEnvelope<OperationResponse<Id>>).data;
}

async function signIn(): Promise<string> {
  const { username, password } = DEMO_ACCOUNTS.admin;
  return (await call('auth.login', { username, password: Buffer.from(password).toString('base64'), encryptionType: 'base64' })).token;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The mixed load: every connection sends its next request as soon as the last is answered. */
async function mixedLoad(token: string): Promise<void> {
  const ids = (await call('brandArchives.queryBrandPage', { pageSize: 200 }, token)).list.map((m) => m.id);
  const lists: OperationRequest<'brandArchives.queryBrandPage'>[] = [
    { pageNo: 1, pageSize: 20 },
    { pageNo: 2, pageSize: 20, sortField: 'app_date', sortType: 'desc' },
    { pageNo: 1, pageSize: 20, tmName: '星' },
    { pageNo: 1, pageSize: 50, tmStatus: ['已注册'] },
    { pageNo: 1, pageSize: 20, keyword: '有限公司', sortField: 'tm_name', sortType: 'asc' },
  ];
  const kinds = { list: [] as number[], detail: [] as number[], write: [] as number[] };
  let errors = 0;
  let sent = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async (lane: number) => {
    for (let i = lane; performance.now() < until; i += CONNECTIONS) {
      const pick = i % 20;
      const kind = pick < 14 ? 'list' : pick < 19 ? 'detail' : 'write';
      const id = ids[i % ids.length]!;
      const started = performance.now();
      const reply =
        kind === 'list'
          ? await post(operationRoutes['brandArchives.queryBrandPage'].path, lists[i % lists.length], token)
          : kind === 'detail'
            ? await post(operationRoutes['brandArchives.queryBrandDetailList'].path, { id }, token)
            : await post(operationRoutes['brandArchives.saveBrand'].path, { id, remark: `负载测试 ${i}` }, token);
      kinds[kind].push(performance.now() - started);
      sent++;
      if (reply.status !== 200) errors++;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, lane) => worker(lane)));
  const elapsed = (performance.now() - began) / 1000;
  const all = [...kinds.list, ...kinds.detail, ...kinds.write].sort((a, b) => a - b);
  console.log(
    `  ${CONNECTIONS} 个连接 ${SECONDS} s：${sent} 次请求，${(sent / elapsed).toFixed(0)} 次/s，p50 ${ms(percentile(all, 50))}，p99 ${ms(percentile(all, 99))}，错误 ${errors}`,
  );
  for (const [kind, name] of [
    ['list', '档案列表'],
    ['detail', '商标详情'],
    ['write', '修改备注'],
  ] as const) {
    const sorted = kinds[kind].sort((a, b) => a - b);
    console.log(`    ${name}：${sorted.length} 次，p50 ${ms(percentile(sorted, 50))}，p99 ${ms(percentile(sorted, 99))}`);
  }
}

/** Asks /api/health every 50 ms while `work` runs; the slowest answer. */
async function healthDuring(work: () => Promise<unknown>): Promise<number> {
  let done = false;
  let slowest = 0;
  const watch = (async () => {
    while (!done) {
      const started = performance.now();
      await post('/api/health', undefined);
      slowest = Math.max(slowest, performance.now() - started);
      await sleep(50);
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await watch;
  }
  return slowest;
}

async function upload(path: string, name: string, content: Buffer, token: string, fields: Record<string, string> = {}): Promise<unknown> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const reply = await fetch(`http://127.0.0.1:${PORT}${path}`, { method: 'POST', headers: { token }, body: form });
  const body = (await reply.json()) as ApiEnvelope<unknown>;
  if (!reply.ok) throw new Error(`${path}: ${reply.status} ${body.message}`);
  return body.data;
}

/** The workbook of the import: made before the measurement, since making it holds this process for seconds. */
function importWorkbook(): Promise<Buffer> {
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) =>
    headers.map(
      (h) => ({ 商标名称: `负载${i}`, 申请号: `LOAD${String(i).padStart(6, '0')}`, 类别: (i % 45) + 1, 申请人: '负载申请人' })[h as '商标名称'] ?? null,
    ),
  );
  return xlsxOf(headers, rows);
}

async function importRows(workbook: Buffer, token: string): Promise<void> {
  const file = (await upload('/api/file/upload', '负载导入.xlsx', workbook, token, { purpose: 'spreadsheet' })) as { path: string };
  let job = await call('brandImport.check', { path: file.path }, token);
  while (job.status === 'checking') {
    await sleep(200);
    job = await call('brandImport.job', { id: job.id }, token);
  }
  if (job.status !== 'checked') throw new Error(`导入校验未完成：${job.message}`);
  job = await call('brandImport.confirm', { id: job.id, existingMode: 'skip' }, token);
  while (job.status === 'importing') {
    await sleep(200);
    job = await call('brandImport.job', { id: job.id }, token);
  }
  if (job.status !== 'done') throw new Error(`导入未完成：${job.message}`);
}

async function onServer(title: string, env: NodeJS.ProcessEnv): Promise<void> {
  console.log(`-- ${title} --`);
  let server: ChildProcess | null = null;
  try {
    server = await startServerProcess(PORT, { ...process.env, SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', ...env });
    const token = await signIn();
    await mixedLoad(token);
    const png = bandedPng(4000, 4000);
    const picture = await healthDuring(() => upload('/brandArchives/graphicRetrieval/upload', '大图.png', png, token));
    console.log(`  上传 1,600 万像素图片做图形检索时，/api/health 最慢 ${ms(picture)}`);
    const workbook = await importWorkbook();
    const imported = await healthDuring(() => importRows(workbook, token));
    console.log(`  校验并导入 ${IMPORT_ROWS.toLocaleString('en')} 行 Excel 时，/api/health 最慢 ${ms(imported)}`);
  } finally {
    if (server) await stopServerProcess(server);
  }
}

export async function benchLoad(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ipm-load-'));
  const filesDir = mkdtempSync(join(tmpdir(), 'ipm-load-files-'));
  try {
    await onServer('PGlite', { DATA_DIR: dataDir, FILES_DIR: filesDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const name = `ipm_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    console.log('-- PostgreSQL：连不上 BENCH_DATABASE_URL，跳过 --');
    rmSync(filesDir, { recursive: true, force: true });
    return;
  }
  await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    await onServer('PostgreSQL（连接池 10）', { DATABASE_URL: url.toString(), FILES_DIR: filesDir });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(filesDir, { recursive: true, force: true });
  }
  agent.destroy();
}
