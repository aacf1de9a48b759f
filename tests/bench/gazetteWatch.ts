/**
 * The gazette watch at volume, on PostgreSQL (BENCH_DATABASE_URL, default a local database
 * `bench_gazette`, created when missing): a register of 220,000 marks of which one week's
 * publications (BENCH_GAZETTE_WEEK, default 20,000) carry a publication date in the last seven
 * days, the rest older or unpublished, and 5,000 own marks (BENCH_GAZETTE_OWN) in the agency demo
 * organisation, names drawn from the same characters so that near names occur as they do in a real
 * register; written once by SQL and kept for later runs. It times the organisation's first matching
 * run over the open publications (runGazetteMatch, as 立即比对 runs it), a second run that finds
 * nothing new, and a run after 500 new publications. Target (issue 38): ≤ 60 s for the first.
 */
import { sql, type Kysely } from 'kysely';
import { connectDatabase } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { Database } from '../../src/server/db/tables.js';
import { runStatisticsUpkeep } from '../../src/server/db/statisticsUpkeep.js';
import { seedDemoData } from '../../src/server/seed/demo.js';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demoAccounts.js';
import { randomSource } from '../../src/server/seed/trademarkGenerator.js';
import { namePinyin } from '../../src/server/trademarks/namePinyin.js';
import { runGazetteMatch } from '../../src/server/gazette/gazetteMatch.js';
import type { JobProgress } from '../../src/server/jobs/backgroundJobs.js';
import { addDays, chinaToday } from '../../src/shared/trademarkDates.js';
import { ensureDatabase } from './postgresTiming.js';
import { reportUpkeep } from './upkeepReport.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/bench_gazette';
const OLDER = 200_000;
const BATCH = 10_000;
/** Characters brand names are made of: a few hundred, so two names share characters as often as in a real register. */
const CHARS =
  '星辰云帆青禾明月清风海澜松石知行南锦程拾光晨曦远山木棉金华宝盛美佳乐康福瑞祥和安泰鑫源恒达通顺新天地中国大小红绿蓝白黑东西北' +
  '方正德仁义礼智信春夏秋冬花草树林江河湖雪雨雷电龙凤虎鹤鹰鹏飞翔腾跃欣悦怡雅韵馨香甜美味鲜果茶酒米面油盐糖品优选尚品臻致极' +
  '雅居家园庭宜阳光华彩丽颜娇媛童贝宝趣玩酷潮牛马羊鱼鸟虫竹梅兰菊荷莲桂枫杨柳桃李杏梨橙柚莓蕉椰茗墨砚笔纸书画琴棋诗词歌舞';
const LATIN = ['STAR', 'CLOUD', 'SUN', 'MOON', 'BLUE', 'GREEN', 'NOVA', 'LUX', 'VITA', 'ZEN', 'ECO', 'TECH', 'MAX', 'PRO', 'JOY'];

interface Row {
  app_no: string;
  int_cls: number;
  tm_name: string;
  tm_name_pinyin: string;
  applicant_cn: string;
  prelim_date: string | null;
  goods: string;
  logo_hash: string;
}

function markMaker(seed: number) {
  const random = randomSource(seed);
  const chars = [...CHARS];
  const name = () => {
    if (random() < 0.08) return `${LATIN[Math.floor(random() * LATIN.length)]}${LATIN[Math.floor(random() * LATIN.length)]}`;
    const length = 2 + Math.floor(random() * 3);
    return Array.from({ length }, () => chars[Math.floor(random() * chars.length)]).join('');
  };
  const goods = (cls: number) => {
    const groups = new Set<string>();
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) groups.add(`${String(cls).padStart(2, '0')}${String(1 + Math.floor(random() * 12)).padStart(2, '0')}`);
    return JSON.stringify([...groups].map((code) => ({ code, name: `${code} 商品` })));
  };
  const hash = () => String(BigInt.asIntN(64, (BigInt(Math.floor(random() * 2 ** 32)) << 32n) | BigInt(Math.floor(random() * 2 ** 32))));
  return (appNo: string, prelim: string | null, applicant: string): Row => {
    const n = name();
    const cls = 1 + Math.floor(random() * 45);
    return {
      app_no: appNo,
      int_cls: cls,
      tm_name: n,
      tm_name_pinyin: namePinyin(n),
      applicant_cn: applicant,
      prelim_date: prelim,
      goods: goods(cls),
      logo_hash: hash(),
    };
  };
}

async function insertRegister(db: Kysely<Database>, rows: Row[]): Promise<void> {
  const col = <K extends keyof Row>(k: K) => sql.val(rows.map((r) => r[k]));
  await sql`insert into tm_register (app_no, int_cls, tm_name, tm_name_pinyin, applicant_cn, prelim_date, goods, logo_hash, tm_status, updated_at)
    select a, c, n, p, ap, d, g::jsonb, h, '初审公告', now() - interval '30 days'
    from unnest(${col('app_no')}::text[], ${col('int_cls')}::int[], ${col('tm_name')}::text[], ${col('tm_name_pinyin')}::text[],
                ${col('applicant_cn')}::text[], ${col('prelim_date')}::date[], ${col('goods')}::text[], ${col('logo_hash')}::bigint[]) as t(a, c, n, p, ap, d, g, h)
    on conflict do nothing`.execute(db);
}

/** The register and the organisation's marks, once; the sizes found when already written. */
async function seedOnce(
  db: Kysely<Database>,
  orgId: number,
  week: number,
  own: number,
  today: string,
): Promise<{ register: number; week: number; own: number }> {
  const have = await sql<{ n: number }>`select count(*)::int as n from tm_register where app_no like 'GW%'`.execute(db);
  if (have.rows[0]!.n === 0) {
    const make = markMaker(38);
    for (let start = 0; start < OLDER + week; start += BATCH) {
      const rows: Row[] = [];
      for (let i = start; i < Math.min(OLDER + week, start + BATCH); i++) {
        // The week's publications; the rest published a year or more ago, or not at all.
        const prelim = i >= OLDER ? addDays(today, -(i % 7)) : i % 3 === 0 ? null : addDays(today, -(400 + (i % 2000)));
        rows.push(make(`GW${i}`, prelim, `申请人${i % 9000}有限公司`));
      }
      await insertRegister(db, rows);
    }
    const mine = markMaker(5);
    const rows = Array.from({ length: own }, (_, i) => mine(`OWN${i}`, null, '本组织商标有限公司'));
    for (let start = 0; start < rows.length; start += BATCH) {
      const part = rows.slice(start, start + BATCH);
      const col = <K extends keyof Row>(k: K) => sql.val(part.map((r) => r[k]));
      await sql`insert into brand_archives (org_id, app_no, int_cls, tm_name, tm_name_pinyin, applicant_cn, goods, logo_hash, tm_status)
        select ${orgId}, a, c, n, p, ap, g::jsonb, h, '已注册'
        from unnest(${col('app_no')}::text[], ${col('int_cls')}::int[], ${col('tm_name')}::text[], ${col('tm_name_pinyin')}::text[],
                    ${col('applicant_cn')}::text[], ${col('goods')}::text[], ${col('logo_hash')}::bigint[]) as t(a, c, n, p, ap, g, h)`.execute(db);
    }
  }
  // One publication in twenty of the week made from one of our marks (its name with more after it, on its goods), as near-names are filed.
  const planted = await sql<{ n: number }>`select count(*)::int as n from tm_register where app_no like 'GP%'`.execute(db);
  if (planted.rows[0]!.n === 0) {
    await sql`insert into tm_register (app_no, int_cls, tm_name, tm_name_pinyin, applicant_cn, prelim_date, goods, tm_status, updated_at)
      select 'GP' || a.id, a.int_cls, a.tm_name || '优选', a.tm_name_pinyin || 'youxuan', '仿冒者有限公司', ${today}::date - (a.id % 7), a.goods, '初审公告', now() - interval '30 days'
      from brand_archives a where a.org_id = ${orgId} and a.app_no like 'OWN%' and a.id % 5 = 0`.execute(db);
  }
  const sizes = await sql<{ register: number; week: number; own: number }>`select
      (select count(*)::int from tm_register) as register,
      (select count(*)::int from tm_register where prelim_date > ${addDays(today, -7)}) as week,
      (select count(*)::int from brand_archives where org_id = ${orgId}) as own`.execute(db);
  return sizes.rows[0]!;
}

export async function benchGazetteWatch(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const week = Number(process.env.BENCH_GAZETTE_WEEK ?? 20_000);
  const ownCount = Number(process.env.BENCH_GAZETTE_OWN ?? 5_000);
  await ensureDatabase(url);
  const database = await connectDatabase({ dataDir: 'memory://', databaseUrl: url });
  try {
    const db = database.db;
    await migrateToLatest(db);
    await seedDemoData(db);
    const org = (await db.selectFrom('users').select('org_id').where('username', '=', DEMO_ACCOUNTS.admin.username).executeTakeFirstOrThrow()).org_id;
    const today = chinaToday();
    // The publications a previous run of this bench added after its first match.
    await sql`delete from tm_register where app_no like 'GN%'`.execute(db);
    const sizes = await seedOnce(db, org, week, ownCount, today);
    reportUpkeep(await runStatisticsUpkeep(db));
    console.log(`公告库：${sizes.register} 件，其中近 7 天公告 ${sizes.week} 件；本组织商标 ${sizes.own} 件`);
    // Marks written long before the timed runs, as a real archive's are: a later run looks only at what changed since.
    await sql`update brand_archives set updated_at = now() - interval '30 days' where org_id = ${org} and app_no like 'OWN%'`.execute(db);
    await sql`delete from gazette_hits where org_id = ${org}`.execute(db);
    await sql`delete from gazette_runs where org_id = ${org}`.execute(db);

    const timed = async (label: string) => {
      const progress: JobProgress = { percent: 0, rows: 0 };
      const started = performance.now();
      const outcome = await runGazetteMatch(db, org, progress);
      const seconds = (performance.now() - started) / 1000;
      console.log(`${label}：${seconds.toFixed(1)} s，比对公告 ${outcome.checked} 件，新发现 ${outcome.added} 条`);
      return seconds;
    };
    const first = await timed('首次比对（异议期内的全部公告 × 全部商标）');
    const hits = await sql<{ reason: string; n: number }>`select r as reason, count(*)::int as n
      from gazette_hits, unnest(reasons) r where org_id = ${org} group by r order by n desc`.execute(db);
    console.log(`  命中的理由：${hits.rows.map((h) => `${h.reason} ${h.n}`).join('，') || '--'}`);
    await timed('再次比对（没有新公告）');
    const stamp = Date.now();
    const more = markMaker(stamp % 100_000);
    await insertRegister(
      db,
      Array.from({ length: 500 }, (_, i) => more(`GN${stamp}-${i}`, today, '新申请人有限公司')),
    );
    // Published just now: the next run sees them as new.
    await sql`update tm_register set updated_at = now() where app_no like ${`GN${stamp}-%`}`.execute(db);
    await timed('新增 500 件公告后比对');
    console.log(`目标：一周公告（约 2 万件）对 5,000 件商标 ≤ 60 s — ${first <= 60 ? '达到' : '未达到'}`);
  } finally {
    await database.close();
  }
}
