/**
 * The case list at volume, on PostgreSQL (BENCH_DATABASE_URL, default a local database `bench_cases`,
 * created when missing): 100,000 cases (BENCH_CASES) in the agency demo organisation across the
 * built-in case types, the statuses, 25 handlers, domestic and overseas countries and five years,
 * written once by SQL and kept for later runs. It prints the p50/p99 of caseManage.getCaseLists with
 * a typical filter (type, statuses and a year of creation dates, newest change first) on the first
 * and a deep page, the default list, a handler's open cases, and caseManage.caseTypeStatistics, each
 * asked of the real server (started as `npm start` starts it, in a process of its own) over
 * keep-alive HTTP, with the server's own time from its Server-Timing header and the indexes the
 * statements' plans read. Target (issue 35): p99 ≤ 50 ms.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { sql, type Compilable, type Kysely } from 'kysely';
import type { CaseQuery } from '../../src/generated/types.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { Database } from '../../src/server/db/tables.js';
import { withOrganisation } from '../../src/server/db/tenantScope.js';
import { runStatisticsUpkeep } from '../../src/server/db/statisticsUpkeep.js';
import { countryCatalog } from '../../src/server/countries/countryCatalog.js';
import { seedDemoData } from '../../src/server/seed/demo.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { CASE_COUNT_CAP, casesCountUpTo, filteredCases, sortedCases, summaryRows } from '../../src/server/cases/caseReads.js';
import { schemasDir } from '../../src/schemaSource/schemaFiles.js';
import { postJson, signInAsAdmin } from './postJson.js';
import { startServerProcess, stopServerProcess } from '../serverProcess.js';
import { ensureDatabase, indexesOf, timedRequests, timeInTurns } from './postgresTiming.js';
import { reportUpkeep } from './upkeepReport.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/bench_cases';
const ROUNDS = 200;
const PORT = 3296;
const HANDLERS = 25;
/** Rounds of every query before any is timed. */
const WARM_START = 50;

/** How often each built-in type occurs, out of the weights' sum: registrations most, then renewals and changes. */
const TYPE_WEIGHTS: Record<string, number> = { domesticRegistration: 30, overseasRegistration: 12, renewal: 10, transfer: 5, changeName: 5, assignment: 3 };
/** Statuses by share in percent: most cases of five years are finished. */
const STATUS_SHARES: [string, number][] = [
  ['draft', 8],
  ['pending', 7],
  ['filed', 10],
  ['accepted', 12],
  ['reviewing', 18],
  ['returned', 3],
  ['finished', 38],
  ['withdrawn', 4],
];
const OVERSEAS = ['US', 'JP', 'KR', 'GB', 'DE', 'FR', 'AU', 'SG', 'HK', 'TW', 'VN', 'TH', 'EU', 'CA', 'IN', 'WO'];
const MARK_NAMES = ['青禾', '星辰', '云岚', '木棉', '晨曦', '远山', '海澜', '松石', '知行', '南风', '锦程', '拾光'];
const APPLICANTS = [
  '杭州青禾食品有限公司',
  '上海星辰科技有限公司',
  '深圳云岚电子有限公司',
  '北京知行教育科技有限公司',
  '广州木棉服饰有限公司',
  '成都远山茶业有限公司',
];

/** The built-in case types with their stage keys, from schemas/caseTypes/. */
function builtInTypes(): { name: string; stages: string[] }[] {
  const dir = join(schemasDir, 'caseTypes');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { name: string; stages?: { key: string }[] })
    .map((t) => ({ name: t.name, stages: (t.stages ?? []).map((s) => s.key) }));
}

/** Twenty-five handlers in the organisation: its own users and bench handlers who cannot sign in. */
async function handlersOf(db: Kysely<Database>, orgId: number): Promise<number[]> {
  const role = await db.selectFrom('users').select('role_id').where('org_id', '=', orgId).orderBy('id').executeTakeFirstOrThrow();
  const have = await db.selectFrom('users').select('id').where('org_id', '=', orgId).where('deleted_at', 'is', null).orderBy('id').execute();
  const missing = Math.max(0, HANDLERS - have.length);
  if (missing > 0) {
    await db
      .insertInto('users')
      .values(
        Array.from({ length: missing }, (_, i) => ({
          org_id: orgId,
          role_id: role.role_id,
          username: `bench_handler_${orgId}_${i + 1}`,
          display_name: `承办人${i + 1}`,
          phone: '',
          password_hash: '!',
        })),
      )
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
  }
  return (await db.selectFrom('users').select('id').where('org_id', '=', orgId).where('deleted_at', 'is', null).orderBy('id').limit(HANDLERS).execute()).map(
    (u) => u.id,
  );
}

/**
 * Writes `count` cases with their per-country items in one statement per batch: types by weight, a
 * stage of the type, statuses by share, created over five years and changed since, filed ones numbered.
 */
async function seedCases(db: Kysely<Database>, orgId: number, count: number): Promise<void> {
  const types = builtInTypes();
  const typePool = types.flatMap((t) => Array<string>(TYPE_WEIGHTS[t.name] ?? 1).fill(t.name));
  const statusPool = STATUS_SHARES.flatMap(([status, share]) => Array<string>(share).fill(status));
  const stages = Object.fromEntries(types.map((t) => [t.name, t.stages]));
  const catalog = countryCatalog();
  const countryNames = Object.fromEntries(['CN', ...OVERSEAS].map((code) => [code, catalog.get(code)?.name ?? code]));
  const handlers = await handlersOf(db, orgId);
  const batch = 20_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await db.transaction().execute(async (trx) => {
      await sql`select setseed(${((done / count) * 0.9).toFixed(4)}::float8)`.execute(trx);
      await sql`
        with picked as (
          select g,
            ${typePool}::text[] as tp, ${statusPool}::text[] as sp, ${handlers}::int[] as hp,
            now() - random() * interval '5 years' as created,
            random() as r1, random() as r2, random() as r3, random() as r4
          from generate_series(1, ${n}) g
        ), typed as (
          select *, tp[1 + floor(r1 * array_length(tp, 1))::int] as case_type, sp[1 + floor(r2 * array_length(sp, 1))::int] as status
          from picked
        ), shaped as (
          select *,
            case when case_type = 'overseasRegistration'
              then array_to_string(array(select (${OVERSEAS}::text[])[1 + ((g * 7 + k * 5) % ${OVERSEAS.length})] from generate_series(0, (g % 3)) k), ',')
              else 'CN' end as countries,
            created + (now() - created) * r3 as updated,
            (select array_agg(distinct 1 + ((g * 13 + k * 17) % 45)) from generate_series(0, (g % 4)) k) as classes,
            status not in ('draft', 'pending') as filed,
            row_number() over (partition by (created at time zone 'Asia/Shanghai')::date order by g) as serial
          from typed
        ), inserted as (
          insert into cases (org_id, case_no, case_type, type_version, status, stage, applicant_name, tm_name, countries, classes,
            handler_user_id, created_by, submit_type, app_no, result, stage_deadline, submitted_at, filed_at, created_at, updated_at)
          select ${orgId},
            'AJ' || to_char(created at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad((50000 + ${done} / 40 + serial)::text, 5, '0'),
            case_type, 0, status,
            coalesce((${JSON.stringify(stages)}::jsonb -> case_type) ->> (floor(r4 * jsonb_array_length(${JSON.stringify(stages)}::jsonb -> case_type)))::int, 'prepare'),
            (${APPLICANTS}::text[])[1 + g % ${APPLICANTS.length}],
            (${MARK_NAMES}::text[])[1 + (g / 7) % ${MARK_NAMES.length}] || (g % 500)::text,
            countries, coalesce(classes, '{}'),
            hp[1 + g % array_length(hp, 1)], hp[1 + (g / 3) % array_length(hp, 1)],
            case when g % 10 = 0 then 'paper' else 'online' end,
            case when filed then (70000000 + ${done} + g)::text else '' end,
            case when status = 'finished' then (case when g % 6 = 0 then 'failure' else 'success' end) end,
            case when status in ('accepted', 'reviewing', 'returned') then (updated + interval '30 days')::date end,
            case when filed then created + interval '3 days' end,
            case when filed then created + interval '5 days' end,
            created, greatest(updated, created)
          from shaped
          returning id, countries, classes
        )
        insert into case_items (org_id, case_id, country_code, country_name, classes, goods, position)
        select ${orgId}, i.id, c.code, ${JSON.stringify(countryNames)}::jsonb ->> c.code, i.classes, '[]'::jsonb, c.position - 1
        from inserted i, unnest(string_to_array(i.countries, ',')) with ordinality as c(code, position)
      `.execute(trx);
    });
    console.log(`  ${done + n} / ${count}`);
  }
}

/** The organisation's cases, written the first time; the count afterwards. */
export async function seedOnce(db: Kysely<Database>, orgId: number, count: number): Promise<number> {
  const have = async () =>
    Number((await db.selectFrom('cases').select(db.fn.countAll<string>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
  const existing = await have();
  if (existing < count) {
    console.log(`写入 ${count - existing} 件案件（只在第一次运行时）…`);
    await seedCases(db, orgId, count - existing);
  }
  return have();
}

/** A year of creation dates ending today, as the filter bar sends them. */
function lastYear(): { dateFrom: string; dateTo: string } {
  const day = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const now = new Date();
  return { dateFrom: day(new Date(now.getTime() - 365 * 86_400_000)), dateTo: day(now) };
}

/** The list's typical questions: `deepPage` is filled in once the first page has told the count. */
function typicalQueries(handlerId: number): [string, CaseQuery][] {
  const year = lastYear();
  const typical: CaseQuery = {
    caseType: 'domesticRegistration',
    status: ['accepted', 'reviewing'],
    dateField: 'createdAt',
    ...year,
    sortField: 'updatedAt',
    sortOrder: 'desc',
  };
  return [
    ['默认列表（创建时间倒序，第 1 页）', { pageNo: 1, pageSize: 20 }],
    ['国内注册 + 已受理、审查中 + 近一年创建，按更新时间倒序，第 1 页', { ...typical, pageNo: 1, pageSize: 20 }],
    ['同上，最后一页', { ...typical, pageNo: -1, pageSize: 20 }],
    [
      '某承办人未办结的案件，按阶段期限升序',
      {
        handlerId,
        status: ['draft', 'pending', 'filed', 'accepted', 'reviewing', 'returned'],
        sortField: 'deadline',
        sortOrder: 'asc',
        pageNo: 1,
        pageSize: 20,
      },
    ],
  ];
}

export async function benchCaseList(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const count = Number(process.env.BENCH_CASES ?? 100_000);
  await ensureDatabase(url);
  const database = await connectDatabase({ dataDir: 'memory://', databaseUrl: url });
  let server: ChildProcess | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const db = database.db;
    await migrateToLatest(db);
    await seedDemoData(db);
    const org = await db.selectFrom('users').select('org_id').where('username', '=', DEMO_ACCOUNTS.admin.username).executeTakeFirstOrThrow();
    const size = await seedOnce(db, org.org_id, count);
    reportUpkeep(await runStatisticsUpkeep(db));
    server = await startServerProcess(
      PORT,
      { ...process.env, DATABASE_URL: url, HOST: '127.0.0.1', SEED_DEMO: '0', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', LOGIN_SLOWDOWN_MS: '0' },
      ['ignore', 'ignore', 'inherit'],
    );
    const base = `http://127.0.0.1:${PORT}`;
    const token = await signInAsAdmin(base);
    const handler = await db
      .selectFrom('cases')
      .select(['handler_user_id', db.fn.countAll<string>().as('n')])
      .where('org_id', '=', org.org_id)
      .groupBy('handler_user_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    console.log(`该组织的案件：${size} 件；每项经 HTTP 调用 ${ROUNDS} 次（先预热 10 次）`);

    // A server that has run a while: a fresh process answers its first few hundred calls slower (compiling, warming caches),
    // which would land on whichever query is timed first.
    for (let i = 0; i < WARM_START; i++)
      for (const [, query] of typicalQueries(handler.handler_user_id!))
        await postJson(base, '/caseManage/getCaseLists', { ...query, pageNo: Math.max(1, query.pageNo ?? 1) }, token);

    let worst = 0;
    const measure = async (label: string, path: string, query: CaseQuery, statements: Compilable[]) => {
      const calls = timedRequests(agent, `${base}${path}`, label, { token, body: JSON.stringify(query) });
      const [api] = await timeInTurns(ROUNDS, calls.run);
      worst = Math.max(worst, api!.p99);
      const plans = await withOrganisation(db, org.org_id, async (scoped) => {
        const out: { ms: number; indexes: string[] }[] = [];
        for (const statement of statements) {
          const { sql: text, parameters } = statement.compile();
          const plan = await sql.raw<{ 'QUERY PLAN': unknown }>(interpolate(`explain (analyze, format json) ${text}`, parameters)).execute(scoped);
          const root = (plan.rows[0]!['QUERY PLAN'] as { 'Execution Time': number; Plan: unknown }[])[0]!;
          out.push({ ms: root['Execution Time'], indexes: indexesOf(root.Plan) });
        }
        return out;
      });
      console.log(label);
      console.log(`  p50 ${api!.p50.toFixed(1)} ms，p99 ${api!.p99.toFixed(1)} ms；服务端处理（Server-Timing）p50 ${calls.serverP50().toFixed(2)} ms`);
      console.log(`  语句（EXPLAIN ANALYZE）：${plans.map((p) => `${p.ms.toFixed(1)} ms，${p.indexes.join('、') || '顺序扫描'}`).join('；')}`);
    };

    for (const [title, query] of typicalQueries(handler.handler_user_id!)) {
      let asked = query;
      let label = title;
      if (query.pageNo === -1) {
        const first = await postJson<{ count: number }>(base, '/caseManage/getCaseLists', { ...query, pageNo: 1 }, token);
        asked = { ...query, pageNo: Math.max(1, Math.ceil(first.count / (query.pageSize ?? 20))) };
        label = `${label}（第 ${asked.pageNo} 页，共 ${first.count} 件）`;
      }
      const statements = await withOrganisation(db, org.org_id, async (scoped) => {
        const filtered = filteredCases(scoped, asked);
        const size = asked.pageSize ?? 20;
        return [
          sortedCases(summaryRows(filtered), asked)
            .limit(size)
            .offset(((asked.pageNo ?? 1) - 1) * size),
          casesCountUpTo(scoped, filtered, CASE_COUNT_CAP + 1),
        ];
      });
      await measure(label, '/caseManage/getCaseLists', asked, statements);
    }
    const { caseType: _type, sortField: _field, sortOrder: _order, ...counted } = typicalQueries(0)[1]![1];
    const statistics = await withOrganisation(db, org.org_id, async (scoped) => [
      filteredCases(scoped, counted, false)
        .select(['c.case_type', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('c.case_type'),
    ]);
    await measure('各类型的案件数（已受理、审查中 + 近一年创建）', '/caseManage/caseTypeStatistics', counted, statistics);
    console.log(`最差 p99 ${worst.toFixed(1)} ms（目标 ≤ 50 ms，${worst <= 50 ? '达标' : '未达标'}）`);
  } finally {
    agent.destroy();
    if (server) await stopServerProcess(server);
    await database.close();
  }
}

/** The statement with its parameters written in, for EXPLAIN (which takes no bind parameters outside a prepared statement). */
function interpolate(text: string, parameters: readonly unknown[]): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number') return String(value);
    if (Array.isArray(value)) return `array[${value.map(literal).join(',')}]`;
    if (value instanceof Date) return `'${value.toISOString()}'`;
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(parameters[Number(n) - 1]));
}
