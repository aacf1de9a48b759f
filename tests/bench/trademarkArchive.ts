/**
 * The trademark archive at volume, on PostgreSQL (BENCH_DATABASE_URL, default a local database
 * `bench_archive`, created when missing): 1,000,000 register marks (BENCH_TRADEMARKS), all linked
 * into the two demo organisations' archives (500,000 each), seeded once and kept for later runs.
 * For typical archive queries it prints the API's p50/p99 over HTTP, the same SQL run directly,
 * and the indexes the plan uses, with the API's time split by its Server-Timing header into the server's
 * work and the rest (the HTTP legs, waking idle processes); then `/api/health` against `select 1` run
 * directly, the least any call adds to its statements. Targets (issue 5): p99 ≤ 50 ms, API ≤ 1.5 × direct SQL. Texts in tens of
 * thousands of marks are timed apart: the API, which reads them in sort order, against looking up every match. The server sends
 * its per-request statements prepared; the direct SQL is timed sent plainly and prepared the same way.
 * The API is the real server, started as `npm start` starts it, in a process of its own, as it runs deployed,
 * asked over keep-alive HTTP; the bench process only sends the requests and reads the answers.
 */
import pg from 'pg';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { Kysely } from 'kysely';
import { connectDatabase } from '../../src/server/db/connect.js';
import { APP_ROLE, migrateToLatest } from '../../src/server/db/migrate.js';
import type { Database } from '../../src/server/db/tables.js';
import { seedDemoData } from '../../src/server/seed/demo.js';
import { seedTrademarkVolume } from '../../src/server/seed/trademarks.js';
import { runStatisticsUpkeep } from '../../src/server/db/statisticsUpkeep.js';
import { reportUpkeep } from './upkeepReport.js';
import { classificationImported, importClassificationFile } from '../../src/server/classification/importClassification.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { archivePage } from '../../src/server/trademarks/archivePage.js';
import { archiveSettingsQuery } from '../../src/server/trademarks/archiveSettings.js';
import { withOrganisation } from '../../src/server/db/tenantScope.js';
import { sessionQuery } from '../../src/server/auth/session.js';
import { hashToken } from '../../src/server/auth/tokens.js';
import type { BrandArchiveQuery } from '../../src/generated/types.js';
import { startServerProcess, stopServerProcess } from '../serverProcess.js';
import { ensureDatabase, indexesOf, timedRequests, timeInTurns, type Percentiles } from './postgresTiming.js';
import type { TextPlanLimits } from '../../src/server/trademarks/textDensity.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/bench_archive';
const ROUNDS = 200;
const PORT = 3294;

/** Typical archive pages: the default list, a status and class filter, a name, a date range, a pasted number, part of a number typed. */
function typicalQueries(sampleAppNo: string): [string, BrandArchiveQuery][] {
  return [
    ['默认列表（申请日期倒序，第 1 页）', { pageNo: 1, pageSize: 20 }],
    ['已注册 + 第 3 类，按注册日期，第 3 页', { tmStatus: ['已注册'], tmCl: [3], sortField: 'reg_date', sortType: 'desc', pageNo: 3, pageSize: 20 }],
    ['商标名称包含“星辰”', { tmName: '星辰', pageNo: 1, pageSize: 20 }],
    ['申请人包含“杭州青禾”，申请日期 2015–2020', { applicant: '杭州青禾', appDateStart: '2015-01-01', appDateEnd: '2020-12-31', pageNo: 1, pageSize: 20 }],
    [
      '专用权 6 个月内到期，按到期日升序',
      { privateEndStart: '2026-11-22', privateEndEnd: '2027-05-22', sortField: 'private_end_date', sortType: 'asc', pageNo: 1, pageSize: 20 },
    ],
    ['按申请号查找', { appNo: sampleAppNo, searchType: 1, pageNo: 1, pageSize: 20 }],
    // What the filter bar sends for one number typed: "contains", its default.
    ['申请号包含所输入的号码（筛选栏的默认）', { appNo: sampleAppNo.slice(1), pageNo: 1, pageSize: 20 }],
  ];
}

/** Texts in tens of thousands of marks, which the archive reads in sort order (textDensity.ts); timed apart from the typical pages. */
const COMMON_TEXTS: [string, BrandArchiveQuery][] = [
  ['申请人包含“青禾”（约三万件）', { applicant: '青禾', pageNo: 1, pageSize: 20 }],
  ['商标名称包含“星”', { tmName: '星', pageNo: 1, pageSize: 20 }],
  ['关键词“有限公司”（几乎全部）', { keyword: '有限公司', pageNo: 1, pageSize: 20 }],
];
const COMMON_TEXT_ROUNDS = 15;

export async function seedOnce(db: Kysely<Database>, count: number): Promise<void> {
  await migrateToLatest(db);
  await seedDemoData(db);
  const classification = process.env.CLASSIFICATION_FILE;
  if (classification && !(await classificationImported(db))) await importClassificationFile(db, classification);
  const have = Number((await db.selectFrom('tm_register').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  if (have >= count) return;
  console.log(`写入 ${count - have} 件公告库商标并全部链接到档案（只在第一次运行时）…`);
  await seedTrademarkVolume(db, count - have, 1, (line) => console.log(`  ${line}`));
}

/** The indexes each id function of migration 0019 reads; its plan is not part of the caller's. */
const ID_FUNCTION_INDEXES: Record<string, string> = {
  archive_ids_name_contains: 'brand_archives_name_trgm_idx，一两个字时 brand_archives_name_grams_idx',
  archive_ids_applicant_contains: 'brand_archives_applicant_text_trgm_idx，一两个字时 brand_archives_applicant_text_grams_idx',
  archive_ids_keyword: '名称与申请人的上述索引、brand_archives_app_no_idx、brand_archives_reg_no_idx',
  archive_ids_app_no_contains: 'brand_archives_app_no_trgm_idx',
  archive_ids_reg_no_contains: 'brand_archives_reg_no_trgm_idx',
};

export async function benchTrademarkArchive(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const count = Number(process.env.BENCH_TRADEMARKS ?? 1_000_000);
  await ensureDatabase(url);
  const database = await connectDatabase({ dataDir: 'memory://', databaseUrl: url });
  const direct = new pg.Pool({ connectionString: url, max: 2 });
  let server: ChildProcess | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await seedOnce(database.db, count);
    // Timed on current statistics, as after autovacuum has caught up (another bench may have written to this database).
    reportUpkeep(await runStatisticsUpkeep(database.db));
    server = await startServer(url);
    const base = `http://127.0.0.1:${PORT}`;
    const login = await fetch(`${base}/loginPage/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: DEMO_ACCOUNTS.admin.username,
        password: Buffer.from(DEMO_ACCOUNTS.admin.password).toString('base64'),
        encryptionType: 'base64',
      }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const db = database.db;
    const org = await db.selectFrom('users').select('org_id').where('username', '=', DEMO_ACCOUNTS.admin.username).executeTakeFirstOrThrow();
    const size = Number(
      (await db.selectFrom('brand_archives').select(db.fn.countAll<string>().as('n')).where('org_id', '=', org.org_id).executeTakeFirstOrThrow()).n,
    );
    const sample = await db
      .selectFrom('brand_archives')
      .select('app_no')
      .where('org_id', '=', org.org_id)
      .orderBy('id')
      .offset(Math.floor(size / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    console.log(`该组织的商标档案：${size} 件；每项接口与直接执行的 SQL 轮流各 ${ROUNDS} 次（先预热 10 次）`);

    let worstP99 = 0;
    let worstRatio = 0;
    let worstRatioPrepared = 0;
    for (const [label, query] of typicalQueries(sample.app_no)) {
      // The statements the API sends, built by the same code, run directly on one connection: BEGIN;
      // the session check, which also switches the transaction to the tenant role and organisation;
      // where the query chooses no sort, the page reads the default sort with its rows (a server reads it
      // first only until it knows it); the page, through the tenant plugin and under row-level security; COMMIT.
      const viewer = { userId: 0, ownMarksOnly: false };
      const sessionSql = sessionQuery(db, hashToken(token), true).compile();
      const { pageSql, settingsSql, estimateSql } = await withOrganisation(db, org.org_id, async (scoped) => {
        // Asked twice: a server that has read the default sort once reads it with the page from then on.
        await archivePage(scoped, org.org_id, viewer, query);
        const statements = await archivePage(scoped, org.org_id, viewer, query);
        return {
          pageSql: statements.page,
          settingsSql: statements.readsSettings ? archiveSettingsQuery(scoped, org.org_id).compile() : null,
          estimateSql: statements.estimate,
        };
      });
      const tenant = await direct.connect();
      const body = JSON.stringify(query);
      // The server sends the session check and the settings read as statements each connection
      // prepares once (src/server/db/preparedStatements.ts); the direct run is timed both ways.
      const directly = (prepared: boolean) => async () => {
        await tenant.query('begin');
        await tenant.query({ text: sessionSql.sql, values: sessionSql.parameters as unknown[], ...(prepared ? { name: 'bench_session' } : {}) });
        if (settingsSql)
          await tenant.query({ text: settingsSql.sql, values: settingsSql.parameters as unknown[], ...(prepared ? { name: 'bench_settings' } : {}) });
        if (estimateSql) await tenant.query(estimateSql.sql, estimateSql.parameters as unknown[]);
        await tenant.query(pageSql.sql, pageSql.parameters as unknown[]);
        await tenant.query('commit');
      };
      // The body is read whole but not parsed: parsing is the client's work, not the API's.
      const calls = timedRequests(agent, `${base}/brandArchives/queryBrandPage`, label, { token, body });
      const [api, raw, rawPrepared] = (await timeInTurns(ROUNDS, calls.run, directly(false), directly(true))) as [Percentiles, Percentiles, Percentiles];
      await tenant.query('begin');
      await tenant.query(sessionSql.sql, sessionSql.parameters as unknown[]);
      const plan = await tenant.query(`explain (format json) ${pageSql.sql}`, pageSql.parameters as unknown[]);
      await tenant.query('commit');
      tenant.release();
      const ratio = api.p50 / raw.p50;
      const ratioPrepared = api.p50 / rawPrepared.p50;
      worstP99 = Math.max(worstP99, api.p99);
      worstRatio = Math.max(worstRatio, ratio);
      worstRatioPrepared = Math.max(worstRatioPrepared, ratioPrepared);
      console.log(`${label}`);
      const statements = `会话核对${settingsSql ? '、默认排序读取' : ''}${estimateSql ? '、文字的估计' : ''}与分页语句`;
      console.log(
        `  接口 p50 ${api.p50.toFixed(1)} ms，p99 ${api.p99.toFixed(1)} ms；直接执行同样的 SQL（${statements}）p50 ${raw.p50.toFixed(1)} ms，p99 ${raw.p99.toFixed(1)} ms；接口/SQL ${ratio.toFixed(2)}`,
      );
      console.log(
        `  直接执行时会话核对${settingsSql ? '与默认排序读取' : ''}也用预备语句（与接口相同）：p50 ${rawPrepared.p50.toFixed(1)} ms，p99 ${rawPrepared.p99.toFixed(1)} ms；接口/SQL ${ratioPrepared.toFixed(2)}`,
      );
      const serverP50 = calls.serverP50();
      console.log(
        `  接口时间中服务端处理（Server-Timing）p50 ${serverP50.toFixed(2)} ms，其余（HTTP 往返与唤醒空闲的进程）约 ${(api.p50 - serverP50).toFixed(2)} ms`,
      );
      const functions = Object.entries(ID_FUNCTION_INDEXES)
        .filter(([fn]) => pageSql.sql.includes(`${fn}(`))
        .map(([fn, indexes]) => `${fn}（${indexes}）`);
      console.log(`  索引：${[...functions, ...indexesOf(plan.rows[0])].join('、') || '（顺序扫描）'}`);
    }
    const verdict = (ok: boolean) => (ok ? '达标' : '未达标');
    console.log(
      `最差 p99 ${worstP99.toFixed(1)} ms（目标 ≤ 50 ms，${verdict(worstP99 <= 50)}）；最差 接口/SQL（p50）${worstRatio.toFixed(2)}（目标 ≤ 1.5，${verdict(worstRatio <= 1.5)}）`,
    );
    console.log(`  直接执行也用预备语句时，最差 接口/SQL（p50）${worstRatioPrepared.toFixed(2)}（${verdict(worstRatioPrepared <= 1.5)}）`);
    await timeCommonTexts(agent, `${base}/brandArchives/queryBrandPage`, token, direct, db, org.org_id);
    // The least any call costs over the statements it sends: HTTP both ways and the framework, around one round trip.
    const healthCalls = timedRequests(agent, `${base}/api/health`, '/api/health');
    const [health, ping] = (await timeInTurns(ROUNDS, healthCalls.run, () => direct.query('select 1'))) as [Percentiles, Percentiles];
    console.log(
      `对照：只做一次数据库往返的 /api/health p50 ${health.p50.toFixed(2)} ms（服务端处理 ${healthCalls.serverP50().toFixed(2)} ms），直接执行 select 1 p50 ${ping.p50.toFixed(2)} ms；每次接口调用至少多出 ${(health.p50 - ping.p50).toFixed(2)} ms`,
    );
  } finally {
    agent.destroy();
    if (server) await stopServerProcess(server);
    await direct.end();
    await database.close();
  }
}

/**
 * Texts in tens of thousands of marks: the API, which reads them in sort order, against the page statement
 * that looks up every match first (as every text search did before), run directly in the organisation.
 */
async function timeCommonTexts(agent: http.Agent, url: string, token: string, direct: pg.Pool, db: Kysely<Database>, orgId: number): Promise<void> {
  const lookingUp: TextPlanLimits = { denseMatches: Infinity, readBudget: 0 };
  console.log(`常见文字的检索（各 ${COMMON_TEXT_ROUNDS} 次；不属于上面的典型查询）：`);
  for (const [label, query] of COMMON_TEXTS) {
    const { lookup, matches, inSortOrder } = await withOrganisation(db, orgId, async (scoped) => {
      const statements = await archivePage(scoped, orgId, { userId: 0, ownMarksOnly: false }, query, lookingUp);
      const total = (await scoped.executeQuery(statements.page)).rows[0]?.matching_total ?? 0;
      // Which way the API reads it: the page statement it sends, by the same function with the product's limits.
      const served = (await archivePage(scoped, orgId, { userId: 0, ownMarksOnly: false }, query)).page.sql;
      return { lookup: statements.page, matches: total, inSortOrder: !served.includes('archive_ids_') };
    });
    const body = JSON.stringify(query);
    const calls = timedRequests(agent, url, label, { token, body });
    const tenant = await direct.connect();
    const lookedUp = async () => {
      await tenant.query('begin');
      await tenant.query(`select set_config('role', $1, true), set_config('app.org_id', $2, true)`, [APP_ROLE, String(orgId)]);
      await tenant.query(lookup.sql, lookup.parameters as unknown[]);
      await tenant.query('commit');
    };
    const [api, before] = (await timeInTurns(COMMON_TEXT_ROUNDS, calls.run, lookedUp)) as [Percentiles, Percentiles];
    tenant.release();
    console.log(
      `  ${label}：${matches} 件匹配，接口${inSortOrder ? '按排序顺序读' : '仍逐件查找'}；接口 p50 ${api.p50.toFixed(1)} ms，p99 ${api.p99.toFixed(1)} ms；逐件查出全部匹配再排序的分页语句直接执行 p50 ${before.p50.toFixed(1)} ms`,
    );
  }
}

/** The product's server on the bench database, started as `npm start` starts it (without demo seeding or the web build). */
function startServer(url: string): Promise<ChildProcess> {
  const env = { ...process.env, DATABASE_URL: url, HOST: '127.0.0.1', SEED_DEMO: '0', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', LOGIN_SLOWDOWN_MS: '0' };
  return startServerProcess(PORT, env, ['ignore', 'ignore', 'inherit']);
}
