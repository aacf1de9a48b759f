/**
 * Reproduces by hand what tests/api/brandMerge.test.ts simulates: a server process killed with
 * SIGKILL in the middle of a batch merge, and a second process finishing the task.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/manual/killMidMerge.ts [groups]
 *
 * It creates a scratch database, starts a server (a child process) on it, writes `groups` (default
 * 3000) duplicate groups of three marks into the admin's archive, starts 批量合并, kills the
 * server with SIGKILL once half the groups are merged, starts a second server and waits for the task,
 * then checks that every group was merged exactly once. PostgreSQL only: the script writes into
 * the database while the server runs, which PGlite (one process) does not allow.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SERVER_START_ARGS } from '../serverStartArgs.js';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('请设置 DATABASE_URL（PostgreSQL），例如 postgres://postgres@127.0.0.1:5432/postgres');
const groups = Number(process.argv[2] ?? 3000);
const port = Number(process.env.PORT ?? 3399);
const name = `ipm_crash_${randomBytes(4).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startServer(label: string): ChildProcess {
  const child = spawn(process.execPath, SERVER_START_ARGS, {
    env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', BATCH_TASK_POLL_MS: '200', BATCH_TASK_STALE_MS: '3000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  console.log(`${label}：进程 ${child.pid}`);
  return child;
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error('服务没有启动');
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name} template template0 encoding 'UTF8'`);
await admin.end();
const db = new pg.Client({ connectionString: url.toString() });
let first: ChildProcess | null = null;
let second: ChildProcess | null = null;
try {
  first = startServer('第一个服务');
  await waitForHealth();
  await db.connect();
  const { rows: [user] } = await db.query(`select id, org_id from users where username = 'admin'`);
  await db.query(
    `insert into brand_archives (org_id, owner_user_id, app_no, int_cls, tm_name, remark, updated_at)
     select $1, $2, 'KILL' || g, 3, '中断演示', case when k = 0 then '' else '副本' || k end, now() - (k || ' days')::interval
     from generate_series(1, $3) g, generate_series(0, 2) k`,
    [user.org_id, user.id, groups],
  );
  const login = await fetch(`http://127.0.0.1:${port}/loginPage/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: Buffer.from('Admin@2026').toString('base64'), encryptionType: 'base64' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await fetch(`http://127.0.0.1:${port}/brandArchives/onceMergeBrand`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ filter: { tmName: '中断演示', searchType: 1 } }),
  });
  const taskId = ((await created.json()) as { data: { id: number } }).data.id;
  console.log(`批量合并任务 ${taskId}，${groups} 组重复商标`);

  let progress = 0;
  for (;;) {
    const { rows: [task] } = await db.query('select progress, total from batch_tasks where id = $1', [taskId]);
    progress = task.progress;
    if (task.total && progress >= task.total / 2) break;
    await sleep(20);
  }
  first.kill('SIGKILL');
  console.log(`已在进度 ${progress}/${groups} 时用 SIGKILL 结束第一个服务`);
  await new Promise((r) => first!.once('exit', r));
  first = null;

  second = startServer('第二个服务');
  await waitForHealth();
  const started = Date.now();
  for (;;) {
    const { rows: [task] } = await db.query('select operate_status, progress, total, attempts, error from batch_tasks where id = $1', [taskId]);
    if (task.operate_status !== 0) {
      console.log(`任务结束：状态 ${task.operate_status}（1 成功，2 失败），进度 ${task.progress}/${task.total}，领取 ${task.attempts} 次${task.error ? `，原因：${task.error}` : ''}，用时 ${Date.now() - started} ms`);
      break;
    }
    await sleep(200);
  }
  const { rows: [log] } = await db.query('select count(*)::int as merges, count(distinct target_id)::int as targets from brand_merge_log where task_id = $1', [taskId]);
  const { rows: [left] } = await db.query(`select count(*)::int as marks, count(distinct app_no)::int as groups from brand_archives where tm_name = '中断演示'`);
  const { rows: [filled] } = await db.query(`select count(*)::int as n from brand_archives where tm_name = '中断演示' and remark = '副本1'`);
  console.log(`合并记录 ${log.merges} 条（保留的商标 ${log.targets} 件）；剩余商标 ${left.marks} 件，分属 ${left.groups} 组；备注由最新的副本补齐的 ${filled.n} 件`);
  const ok = log.merges === groups && log.targets === groups && left.marks === groups && left.groups === groups && filled.n === groups;
  console.log(ok ? '每组恰好合并一次' : '结果不符：有的组没有合并或合并了不止一次');
  process.exitCode = ok ? 0 : 1;
} finally {
  first?.kill('SIGKILL');
  second?.kill('SIGTERM');
  if (second) await new Promise((r) => second!.once('exit', r));
  await db.end().catch(() => undefined);
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
}
