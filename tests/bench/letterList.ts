/**
 * The letters list at volume, on PostgreSQL (BENCH_DATABASE_URL, default a local database
 * `bench_letters`, created when missing): 200,000 letters (BENCH_LETTERS) in the agency demo
 * organisation over five years, of the catalogue's trademark types, on 20,000 marks, mostly handled,
 * written once by SQL and kept for later runs. It prints the p50/p99 of /api/official-list for the
 * default list, a deep page, a keyword (application number), a type with the pending status, the
 * letters due within 30 days and the overdue ones, asked of the real server (started as `npm start`
 * starts it) over keep-alive HTTP, with the server's own time from its Server-Timing header. Target
 * (issue 36): p99 ≤ 50 ms.
 */
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { sql, type Kysely } from 'kysely';
import type { OfficialsOfficialListRequest } from '../../src/generated/types.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { Database } from '../../src/server/db/tables.js';
import { runStatisticsUpkeep } from '../../src/server/db/statisticsUpkeep.js';
import { seedDemoData } from '../../src/server/seed/demo.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { postJson, signInAsAdmin } from './postJson.js';
import { startServerProcess, stopServerProcess } from '../serverProcess.js';
import { ensureDatabase, timedRequests, timeInTurns } from './postgresTiming.js';
import { reportUpkeep } from './upkeepReport.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/bench_letters';
const ROUNDS = 200;
const PORT = 3297;
const MARKS = 20_000;
const WARM_START = 30;
const TYPES = [
  '受理通知书',
  '补正通知书',
  '驳回通知书',
  '部分驳回通知书',
  '审查意见书',
  '商标注册证',
  '异议答辩通知书',
  '评审案件答辩通知书',
  '核准续展注册证明',
  '核准转让证明',
];

/** Marks the letters belong to, written once with application numbers BL0000001…. */
async function seedMarks(db: Kysely<Database>, orgId: number, ownerId: number): Promise<void> {
  await sql`
    insert into brand_archives (org_id, owner_user_id, created_by, app_no, int_cls, tm_name, tm_status)
    select ${orgId}, ${ownerId}, ${ownerId}, 'BL' || lpad(g::text, 7, '0'), 1 + g % 45, '函件' || (g % 997)::text, '已注册'
    from generate_series(1, ${MARKS}::int) g
  `.execute(db);
}

/** `count` letters over five years: ten a mark, the older ones handled, a few hundred pending with deadlines around today. */
async function seedLetters(db: Kysely<Database>, orgId: number, ownerId: number, count: number): Promise<void> {
  const marks = (
    await db.selectFrom('brand_archives').select(['id', 'app_no']).where('app_no', 'like', 'BL%').where('org_id', '=', orgId).orderBy('id').execute()
  ).map((m) => m.id);
  const batch = 50_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await sql`
      with picked as (
        select g, ${marks}::int[] as mp, ${TYPES}::text[] as tp, (current_date - ((g * 7919) % 1826))::date as received
        from generate_series(${done + 1}::int, ${done + n}::int) g
      )
      insert into official_documents (org_id, brand_archive_id, business, document_type, dispatch_no, app_no, send_date, receive_date,
        delivery_method, official_limit, status, is_read, created_by)
      select ${orgId}, mp[1 + g % array_length(mp, 1)], 'trademark', tp[1 + g % array_length(tp, 1)], 'BENCH' || lpad(g::text, 9, '0'),
        'BL' || lpad((1 + g % array_length(mp, 1))::text, 7, '0'), received - 16, received,
        case when g % 5 = 0 then '纸质' else '电子' end,
        case when g % 10 in (1, 2, 3, 4) then received + 30 end,
        case when received > current_date - 60 then 0 else 1 end, received < current_date - 10, ${ownerId}
      from picked
    `.execute(db);
    console.log(`  ${done + n} / ${count}`);
  }
}

async function seedOnce(db: Kysely<Database>, orgId: number, ownerId: number, count: number): Promise<number> {
  const have = async () =>
    Number((await db.selectFrom('official_documents').select(db.fn.countAll<string>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
  if ((await have()) < count) {
    console.log(`写入 ${count} 件官文（只在第一次运行时）…`);
    await db.deleteFrom('official_documents').where('org_id', '=', orgId).execute();
    if (!(await db.selectFrom('brand_archives').select('id').where('app_no', '=', 'BL0000001').executeTakeFirst())) await seedMarks(db, orgId, ownerId);
    await seedLetters(db, orgId, ownerId, count);
    await sql`vacuum analyze official_documents`.execute(db);
  }
  return have();
}

export async function benchLetterList(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const count = Number(process.env.BENCH_LETTERS ?? 200_000);
  await ensureDatabase(url);
  const database = await connectDatabase({ dataDir: 'memory://', databaseUrl: url });
  let server: ChildProcess | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const db = database.db;
    await migrateToLatest(db);
    await seedDemoData(db);
    const admin = await db.selectFrom('users').select(['id', 'org_id']).where('username', '=', DEMO_ACCOUNTS.admin.username).executeTakeFirstOrThrow();
    const size = await seedOnce(db, admin.org_id, admin.id, count);
    reportUpkeep(await runStatisticsUpkeep(db));
    server = await startServerProcess(
      PORT,
      { ...process.env, DATABASE_URL: url, HOST: '127.0.0.1', SEED_DEMO: '0', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', LOGIN_SLOWDOWN_MS: '0' },
      ['ignore', 'ignore', 'inherit'],
    );
    const base = `http://127.0.0.1:${PORT}`;
    const token = await signInAsAdmin(base);
    const queries: [string, OfficialsOfficialListRequest][] = [
      ['默认列表（收文日期倒序，第 1 页）', { pageNo: 1, pageSize: 20 }],
      ['默认列表，第 500 页', { pageNo: 500, pageSize: 20 }],
      ['按申请号查找', { keyword: 'BL0012345', pageNo: 1, pageSize: 20 }],
      ['驳回通知书 + 待处理', { documentType: '驳回通知书', status: 0, pageNo: 1, pageSize: 20 }],
      ['30 天内到期', { due: '30', pageNo: 1, pageSize: 20 }],
      ['已逾期', { due: 'overdue', pageNo: 1, pageSize: 20 }],
      ['未读 + 近一年收文', { isRead: false, receiveDateFrom: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10), pageNo: 1, pageSize: 20 }],
    ];
    console.log(`该组织的官文：${size} 件；每项经 HTTP 调用 ${ROUNDS} 次`);
    for (let i = 0; i < WARM_START; i++) for (const [, q] of queries) await postJson(base, '/api/official-list', q, token);
    let worst = 0;
    for (const [label, query] of queries) {
      const calls = timedRequests(agent, `${base}/api/official-list`, label, { token, body: JSON.stringify(query) });
      const [api] = await timeInTurns(ROUNDS, calls.run);
      worst = Math.max(worst, api!.p99);
      console.log(`${label}：p50 ${api!.p50.toFixed(1)} ms，p99 ${api!.p99.toFixed(1)} ms；服务端处理 p50 ${calls.serverP50().toFixed(2)} ms`);
    }
    console.log(`最差 p99 ${worst.toFixed(1)} ms（目标 ≤ 50 ms，${worst <= 50 ? '达标' : '未达标'}）`);
  } finally {
    agent.destroy();
    if (server) await stopServerProcess(server);
    await database.close();
  }
}
