/**
 * Similar-name search at register scale, on PostgreSQL (BENCH_DATABASE_URL, by default
 * postgres://postgres@127.0.0.1:5432/bench_trademarks, created when missing). The register is
 * filled to 1,000,000 generated marks once; later runs find it full and skip the seeding. Then
 * /brandArchives/brandSimilarSearch is timed over varied names through the real HTTP API, and the
 * same SQL directly, and the plan shows which indexes answer it. Target: p50 ≤ 50 ms.
 * Logo retrieval (a scan of every hash) and a contains-search are timed alongside for reference.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildServer } from '../../src/server/app.js';
import { configFromEnv } from '../../src/server/config.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { seedRegister } from '../../src/server/seed/trademarks.js';
import { runStatisticsUpkeep } from '../../src/server/db/statisticsUpkeep.js';
import { reportUpkeep } from './upkeepReport.js';
import { similarNamesSql, useSimilarThresholds } from '../../src/server/trademarks/similarNames.js';
import { nearLogos } from '../../src/server/trademarks/logoSearch.js';
import { hashFromColumn } from '../../src/server/trademarks/logoHash.js';

const REGISTER_SIZE = 1_000_000;
const RUNS = 400;
const WARM_UP = 30;

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_trademarks';

/** Creates the benchmark database (UTF-8, so Chinese trigrams behave as in production) unless it exists. */
async function ensureDatabase(): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`跳过：无法连接 PostgreSQL（${(err as Error).message}）`);
    return false;
  }
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name}" template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
  await admin.end();
  return true;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function report(label: string, times: number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${label}：p50 ${percentile(sorted, 50).toFixed(1)} ms，p99 ${percentile(sorted, 99).toFixed(1)} ms，最大 ${sorted.at(-1)!.toFixed(1)} ms（${times.length} 次）`,
  );
}

export async function benchTrademarkSearch(): Promise<void> {
  if (!(await ensureDatabase())) return;
  const filesDir = mkdtempSync(join(tmpdir(), 'ipm-bench-tm-'));
  const server = await buildServer({ ...configFromEnv({}), databaseUrl, filesDir, logLevel: 'silent', loginSlowdownMs: 0, webDir: '/nonexistent' });
  const db = server.database.db;
  try {
    const have = Number((await db.selectFrom('tm_register').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    if (have < REGISTER_SIZE) {
      console.log(`商标公告库现有 ${have} 件，写入至 ${REGISTER_SIZE} 件……`);
      const started = Date.now();
      let reported = 0;
      const written = await seedRegister(db, {
        count: REGISTER_SIZE - have,
        onProgress: (done) => {
          if (done - reported >= 100_000) console.log(`  已写入 ${(reported = done)}`);
        },
      });
      console.log(`  共写入 ${written} 件`);
      await sql`vacuum analyze tm_register`.execute(db);
      console.log(`  用时 ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } else {
      console.log(`商标公告库已有 ${have} 件，跳过写入`);
    }

    // Timed on current statistics, as after autovacuum has caught up (another bench may have written to this database).
    reportUpkeep(await runStatisticsUpkeep(db));

    // Varied names: a sample of the register's own, plus a few Chinese and Latin names typed by hand.
    const sample = await sql<{
      tm_name: string;
    }>`select tm_name from tm_register tablesample system (0.2) repeatable (7) where tm_name <> '' limit 300`.execute(db);
    const names = [...new Set(['星辰', '醒晨', '青禾优选', '云帆', 'Lumora', '明月清风', '花语', 'STARCHEN', ...sample.rows.map((r) => r.tm_name)])];
    console.log(`检索名称 ${names.length} 个，例如 ${names.slice(0, 12).join('、')}`);

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { username, password } = DEMO_ACCOUNTS.admin;
    const login = await fetch(`${base}/loginPage/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: Buffer.from(password).toString('base64'), encryptionType: 'base64' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const orgId = (await db.selectFrom('users').select('org_id').where('username', '=', username).executeTakeFirstOrThrow()).org_id;

    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
      const json = (await res.json()) as { code: number; data: { count: number }; subMessage?: string };
      if (res.status !== 200) throw new Error(`${path}：${res.status} ${json.subMessage}`);
      return json.data;
    };

    let hits = 0;
    for (let i = 0; i < WARM_UP; i++) await post('/brandArchives/brandSimilarSearch', { name: names[i % names.length] });
    const http: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      hits += (await post('/brandArchives/brandSimilarSearch', { name: names[i % names.length], pageSize: 20 })).count;
      http.push(performance.now() - started);
    }
    report('近似商标检索（HTTP 接口）', http);
    console.log(`  平均每次命中 ${(hits / RUNS).toFixed(0)} 件`);

    const direct: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const name = names[i % names.length]!;
      const started = performance.now();
      await db.transaction().execute(async (trx) => {
        await useSimilarThresholds(trx, name);
        await similarNamesSql(orgId, { name, minScore: 0.3, limit: 20, offset: 0 }).execute(trx);
      });
      direct.push(performance.now() - started);
    }
    report('近似商标检索（同一 SQL 直接执行）', direct);

    const withClass: number[] = [];
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      await post('/brandArchives/brandSimilarSearch', { name: names[i % names.length], tmCl: [1 + (i % 45)] });
      withClass.push(performance.now() - started);
    }
    report('近似商标检索，限定类别（HTTP 接口）', withClass);

    for (const name of ['星辰', 'Lumora']) {
      const plan = await db.transaction().execute(async (trx) => {
        await useSimilarThresholds(trx, name);
        const query = similarNamesSql(orgId, { name, minScore: 0.3, limit: 20, offset: 0 });
        return sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off) ${query}`.execute(trx);
      });
      console.log(`“${name}”的执行计划中用到的索引：`);
      for (const line of plan.rows.map((r) => r['QUERY PLAN']).filter((l) => /Index|Execution Time/.test(l))) console.log(`  ${line.trim()}`);
    }

    const logoHashes = await sql<{
      h: string;
    }>`select logo_hash::text as h from tm_register tablesample system (0.1) repeatable (3) where logo_hash is not null limit 20`.execute(db);
    const logos: number[] = [];
    for (const { h } of logoHashes.rows) {
      const started = performance.now();
      await nearLogos(db, hashFromColumn(h), 12, undefined, 20);
      logos.push(performance.now() - started);
    }
    report('图形检索（汉明距离 ≤ 12，两条 SQL）', logos);

    const contains: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await post('/tm/customSearch', { shouldFields: { tm_name: { value: names[i % names.length] } }, rangeType: 2, pageSize: 100 });
      contains.push(performance.now() - started);
    }
    report('商标检索，名称包含（HTTP 接口）', contains);
  } finally {
    await server.close();
    rmSync(filesDir, { recursive: true, force: true });
  }
}
