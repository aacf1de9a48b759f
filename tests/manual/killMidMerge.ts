/**
 * Reproduces by hand what tests/api/brandMerge.test.ts simulates: a server process killed with
 * SIGKILL in the middle of a batch merge, and a second process finishing the task.
 *
 *   npx tsx tests/manual/killMidMerge.ts [groups]                                  (embedded PGlite, as `npm start`)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/manual/killMidMerge.ts [groups]
 *
 * On a scratch database (a temporary folder for PGlite, a new database on PostgreSQL) it starts a
 * server (a child process) so that it migrates and seeds, stops it, writes `groups` (default 3000)
 * duplicate groups of three marks into the admin's archive, starts the server again and starts
 * 批量合并, kills the server with SIGKILL once half the groups are merged, starts a second server
 * and waits for the task through the API, then stops it and checks in the database that every
 * group was merged exactly once. The database is written only while no server runs, since PGlite
 * allows one process.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/tables.js';
import type { BatchTask } from '../../src/generated/types.js';
import { startServerProcess, stopServerProcess } from '../serverProcess.js';

const groups = Number(process.argv[2] ?? 3000);
const port = Number(process.env.PORT ?? 3399);
const base = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the scratch database lives, and how to remove it afterwards. */
interface ScratchDatabase {
  label: string;
  serverEnv: Record<string, string>;
  connect: () => ReturnType<typeof connectDatabase>;
  remove: () => Promise<void>;
}

async function scratchDatabase(): Promise<ScratchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'ipm-crash-'));
    return {
      label: `PGlite（${dataDir}）`,
      serverEnv: { DATA_DIR: dataDir },
      connect: () => connectDatabase({ dataDir }),
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `ipm_crash_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template template0 encoding 'UTF8'`);
  await admin.end();
  return {
    label: `PostgreSQL（${name}）`,
    serverEnv: { DATABASE_URL: url.toString() },
    connect: () => connectDatabase({ dataDir: 'memory://', databaseUrl: url.toString() }),
    remove: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function startServer(label: string, serverEnv: Record<string, string>): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, ...serverEnv, SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', BATCH_TASK_POLL_MS: '200', BATCH_TASK_STALE_MS: '3000' };
  const child = await startServerProcess(port, env, ['ignore', 'inherit', 'inherit']);
  console.log(`${label}：进程 ${child.pid}`);
  child.once('exit', (code, signal) => console.log(`${label}：已退出（${signal ?? `退出码 ${code}`}）`));
  return child;
}

async function withDatabase<T>(scratch: ScratchDatabase, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const handle = await scratch.connect();
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

async function call<T>(path: string, token: string | null, body: unknown): Promise<T> {
  const reply = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await reply.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}：${envelope.message}`);
  return envelope.data;
}

async function readTask(token: string, taskId: number): Promise<BatchTask> {
  const { list } = await call<{ list: BatchTask[] }>('/batchTask/list', token, { operateType: 'onceMerge', pageNo: 1, pageSize: 20 });
  const task = list.find((t) => t.id === taskId);
  if (!task) throw new Error(`任务 ${taskId} 不在批量任务列表中`);
  return task;
}

const scratch = await scratchDatabase();
console.log(`临时数据库：${scratch.label}`);
let running: ChildProcess | null = null;
try {
  running = await startServer('准备数据的服务', scratch.serverEnv);
  await stopServerProcess(running, 'SIGTERM');
  running = null;
  await withDatabase(scratch, async (db) => {
    const user = await db.selectFrom('users').select(['id', 'org_id']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    await sql`insert into brand_archives (org_id, owner_user_id, app_no, int_cls, tm_name, remark, updated_at)
      select ${user.org_id}, ${user.id}, 'KILL' || g, 3, '中断演示', case when k = 0 then '' else '副本' || k end, now() - (k || ' days')::interval
      from generate_series(1, ${groups}::int) g, generate_series(0, 2) k`.execute(db);
  });

  running = await startServer('第一个服务', scratch.serverEnv);
  const { token } = await call<{ token: string }>('/loginPage/login', null, {
    username: 'admin',
    password: Buffer.from('Admin@2026').toString('base64'),
    encryptionType: 'base64',
  });
  const { id: taskId } = await call<{ id: number }>('/brandArchives/onceMergeBrand', token, { filter: { tmName: '中断演示', searchType: 1 } });
  console.log(`批量合并任务 ${taskId}，${groups} 组重复商标`);
  // The list is read over HTTP while the merge works: how long each answer takes shows whether
  // the server stays responsive (the embedded database has one connection for both).
  const answers: number[] = [];
  const timedRead = async () => {
    const asked = Date.now();
    const read = await readTask(token, taskId);
    answers.push(Date.now() - asked);
    return read;
  };
  let task = await timedRead();
  while (!(task.total && task.progress >= task.total / 2)) {
    if (task.operateStatus !== 0) throw new Error(`任务在中断之前就结束了（状态 ${task.operateStatus}）：请加大组数`);
    await sleep(20);
    task = await timedRead();
  }
  answers.sort((a, b) => a - b);
  console.log(`合并进行中读了 ${answers.length} 次批量任务列表：中位 ${answers[Math.floor(answers.length / 2)]} ms，最长 ${answers.at(-1)} ms`);
  await stopServerProcess(running, 'SIGKILL');
  running = null;
  console.log(`已在进度 ${task.progress}/${task.total} 时用 SIGKILL 结束第一个服务`);

  running = await startServer('第二个服务', scratch.serverEnv);
  const started = Date.now();
  // The killed process's session is in the database, so the same token still signs the calls.
  task = await readTask(token, taskId);
  while (task.operateStatus === 0) {
    await sleep(200);
    task = await readTask(token, taskId);
  }
  console.log(`任务结束：状态 ${task.operateStatus}（1 成功，2 失败），进度 ${task.progress}/${task.total}，用时 ${Date.now() - started} ms`);
  await stopServerProcess(running, 'SIGTERM');
  running = null;

  const ok = await withDatabase(scratch, async (db) => {
    const attempts = await db.selectFrom('batch_tasks').select(['attempts', 'error']).where('id', '=', taskId).executeTakeFirstOrThrow();
    const log = await db
      .selectFrom('brand_merge_log')
      .where('task_id', '=', taskId)
      .select((eb) => [eb.fn.countAll<number>().as('merges'), eb.fn.count<number>('target_id').distinct().as('targets')])
      .executeTakeFirstOrThrow();
    const left = await db
      .selectFrom('brand_archives')
      .where('tm_name', '=', '中断演示')
      .select((eb) => [eb.fn.countAll<number>().as('marks'), eb.fn.count<number>('app_no').distinct().as('groups')])
      .executeTakeFirstOrThrow();
    const filled = await db
      .selectFrom('brand_archives')
      .where('tm_name', '=', '中断演示')
      .where('remark', '=', '副本1')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`领取 ${attempts.attempts} 次${attempts.error ? `，原因：${attempts.error}` : ''}`);
    console.log(
      `合并记录 ${log.merges} 条（保留的商标 ${log.targets} 件）；剩余商标 ${left.marks} 件，分属 ${left.groups} 组；备注由最新的副本补齐的 ${filled.n} 件`,
    );
    return [log.merges, log.targets, left.marks, left.groups, filled.n].every((n) => Number(n) === groups) && task.operateStatus === 1;
  });
  console.log(ok ? '每组恰好合并一次' : '结果不符：有的组没有合并或合并了不止一次');
  process.exitCode = ok ? 0 : 1;
} finally {
  if (running) await stopServerProcess(running, 'SIGKILL');
  await scratch.remove();
}
