/**
 * The reports at volume, on PostgreSQL (BENCH_DATABASE_URL, default a local database `bench_reports`,
 * created when missing): the archive bench's 1,000,000 register marks all linked into the two demo
 * organisations' archives (BENCH_TRADEMARKS; 500,000 each, trademarkArchive.ts builds them) and the
 * case bench's 100,000 cases in the agency organisation (BENCH_CASES; caseList.ts builds them), written
 * once and kept for later runs. Each report is asked of the real server (started as `npm start` starts
 * it, in a process of its own) over keep-alive HTTP as the agency's administrator, unfiltered and with
 * a typical filter, and its p50/p95 printed with the server's own time from the Server-Timing header.
 * Target (issue 38): p95 ≤ 500 ms.
 */
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { connectDatabase } from '../../src/server/db/connect.js';
import { runStatisticsUpkeep } from '../../src/server/db/statisticsUpkeep.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import type { ReportFilter } from '../../src/generated/types.js';
import { startServerProcess, stopServerProcess } from '../serverProcess.js';
import { ensureDatabase, percentile, requestOverKeepAlive, WARM_UP } from './postgresTiming.js';
import { signInAsAdmin } from './postJson.js';
import { reportUpkeep } from './upkeepReport.js';
import { seedOnce as seedMarksOnce } from './trademarkArchive.js';
import { seedOnce as seedCasesOnce } from './caseList.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/bench_reports';
const ROUNDS = 40;
const PORT = 3297;
/** Target: p95 of each report. */
const TARGET_MS = 500;
/** Rounds of every report before any is timed: a fresh server answers its first calls slower, which would land on the report timed first. */
const WARM_START = 5;

const REPORTS: [string, string, ReportFilter][] = [
  ['商标档案构成（状态、类别、国家/地区、申请人），不筛选', '/api/report/portfolio', {}],
  ['商标档案构成，第 25 类 + 申请日期 2015–2020', '/api/report/portfolio', { tmCl: 25, dateFrom: '2015-01-01', dateTo: '2020-12-31' }],
  ['商标档案构成，申请人包含“青禾”', '/api/report/portfolio', { applicant: '青禾' }],
  ['逐年注册与到期，不筛选', '/api/report/years', {}],
  ['逐年注册与到期，中国 + 第 3 类', '/api/report/years', { countryCode: 'CN', tmCl: 3 }],
  ['未来 12 个月的期限', '/api/report/deadlines', {}],
  ['案件类型与阶段，不筛选', '/api/report/cases', {}],
  ['案件类型与阶段，近两年创建 + 美国', '/api/report/cases', { dateFrom: '2024-11-27', dateTo: '2026-11-27', countryCode: 'US' }],
  ['提案审批用时', '/api/report/approvals', {}],
  ['款项按月份与客户', '/api/report/fees', {}],
  ['导出：商标档案构成（.xlsx）', '/api/report/export', { report: 'portfolio' } as ReportFilter],
];

export async function benchReports(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  await ensureDatabase(url);
  const database = await connectDatabase({ dataDir: 'memory://', databaseUrl: url });
  let server: ChildProcess | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const db = database.db;
    await seedMarksOnce(db, Number(process.env.BENCH_TRADEMARKS ?? 1_000_000));
    const org = await db.selectFrom('users').select('org_id').where('username', '=', DEMO_ACCOUNTS.admin.username).executeTakeFirstOrThrow();
    const cases = await seedCasesOnce(db, org.org_id, Number(process.env.BENCH_CASES ?? 100_000));
    reportUpkeep(await runStatisticsUpkeep(db));
    const marks = Number(
      (await db.selectFrom('brand_archives').select(db.fn.countAll<string>().as('n')).where('org_id', '=', org.org_id).executeTakeFirstOrThrow()).n,
    );
    server = await startServerProcess(
      PORT,
      { ...process.env, DATABASE_URL: url, HOST: '127.0.0.1', SEED_DEMO: '0', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', LOGIN_SLOWDOWN_MS: '0' },
      ['ignore', 'ignore', 'inherit'],
    );
    const base = `http://127.0.0.1:${PORT}`;
    const token = await signInAsAdmin(base);
    console.log(
      `该组织的档案商标 ${marks} 件，案件 ${cases} 件；每项经 HTTP 调用 ${ROUNDS} 次（先把各项各调 ${WARM_START} 次，每项计时前再预热 ${WARM_UP} 次）`,
    );
    const bodyOf = (path: string, filter: ReportFilter) =>
      JSON.stringify(path.endsWith('/export') ? { report: (filter as { report: string }).report, filter: {} } : filter);
    for (let i = 0; i < WARM_START; i++)
      for (const [label, path, filter] of REPORTS) await requestOverKeepAlive(agent, `${base}${path}`, label, { token, body: bodyOf(path, filter) });
    let worst = 0;
    for (const [label, path, filter] of REPORTS) {
      const body = bodyOf(path, filter);
      const total: number[] = [];
      const serverMs: number[] = [];
      for (let i = 0; i < WARM_UP + ROUNDS; i++) {
        const t = performance.now();
        const ms = await requestOverKeepAlive(agent, `${base}${path}`, label, { token, body });
        if (i < WARM_UP) continue;
        total.push(performance.now() - t);
        serverMs.push(ms);
      }
      total.sort((a, b) => a - b);
      serverMs.sort((a, b) => a - b);
      const p95 = percentile(total, 95);
      worst = Math.max(worst, p95);
      console.log(
        `${label}\n  p50 ${percentile(total, 50).toFixed(1)} ms，p95 ${p95.toFixed(1)} ms；服务端处理（Server-Timing）p50 ${percentile(serverMs, 50).toFixed(1)} ms`,
      );
    }
    console.log(`最差 p95 ${worst.toFixed(1)} ms（目标 ≤ ${TARGET_MS} ms，${worst <= TARGET_MS ? '达标' : '未达标'}）`);
  } finally {
    agent.destroy();
    if (server) await stopServerProcess(server);
    await database.close();
  }
}
