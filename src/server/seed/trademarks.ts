import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { GoodsItem } from '../../generated/types.js';
import { namePinyin } from '../trademarks/namePinyin.js';
import { generatedLogoPath, logoDesignOf, logoHashOfDesign } from '../trademarks/generatedLogo.js';
import {
  generateMark,
  randomApplicant,
  randomSource,
  registrationEnding,
  type ApplicantProfile,
  type GeneratedMark,
  type GoodsPool,
} from './trademarkGenerator.js';
import { addDays, chinaToday } from '../../shared/trademarkDates.js';

/** Rows per INSERT: 1,000 rows of 25 columns stays well under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;
/** Items per class kept for picking goods lists; enough variety without holding all 10,000. */
const ITEMS_PER_CLASS = 120;

/** Goods items per class from the imported classification; empty when none is imported. */
export async function loadGoodsPool(db: Kysely<Database>): Promise<GoodsPool> {
  const rows = await db
    .selectFrom('classification_items')
    .select(['class_no', 'group_no', 'name', 'position'])
    .orderBy('class_no')
    .orderBy('group_no')
    .orderBy('position')
    .execute();
  const pool = new Map<number, GoodsItem[]>();
  const all = new Map<number, GoodsItem[]>();
  for (const row of rows) {
    let list = all.get(row.class_no);
    if (!list) all.set(row.class_no, (list = []));
    list.push({ code: row.group_no, name: row.name });
  }
  for (const [cls, list] of all) {
    const step = Math.max(1, Math.floor(list.length / ITEMS_PER_CLASS));
    pool.set(
      cls,
      list.filter((_, i) => i % step === 0),
    );
  }
  return pool;
}

/** A generated mark as a register row; its logo is its name's design, its hash computed from that design's pixels. */
export function registerRow(mark: GeneratedMark) {
  const design = logoDesignOf(mark.tm_name);
  return {
    ...mark,
    tm_name_pinyin: namePinyin(mark.tm_name),
    goods: JSON.stringify(mark.goods),
    logo_path: generatedLogoPath(design),
    logo_hash: logoHashOfDesign(design),
  };
}

async function insertRegisterBatch(db: Kysely<Database>, marks: GeneratedMark[]): Promise<number[]> {
  const rows = await db
    .insertInto('tm_register')
    .values(marks.map(registerRow))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface RegisterSeedOptions {
  count: number;
  seed?: number;
  /** Serial numbers continue after the register's current size, so repeated runs add new marks. */
  onProgress?: (done: number) => void;
}

/** Writes `count` generated marks into the public register; returns how many were written. */
export async function seedRegister(db: Kysely<Database>, options: RegisterSeedOptions): Promise<number> {
  const pool = await loadGoodsPool(db);
  const existing = await db.selectFrom('tm_register').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const offset = Number(existing.n);
  const random = randomSource(options.seed ?? 20_260_101 + offset);
  const today = new Date().toISOString().slice(0, 10);
  // A register has far fewer applicants than marks: most file several.
  const applicants = Array.from({ length: Math.max(20, Math.ceil(options.count / 8)) }, () => randomApplicant(random));
  let written = 0;
  for (let start = 0; start < options.count; start += BATCH) {
    const marks: GeneratedMark[] = [];
    for (let i = start; i < Math.min(options.count, start + BATCH); i++) {
      marks.push(generateMark(random, offset + i, pool, applicants[Math.floor(random() * applicants.length)]!, today));
    }
    written += (await insertRegisterBatch(db, marks)).length;
    options.onProgress?.(written);
  }
  return written;
}

/** The record columns copied from a register row into an archive row. */
export const COPIED = [
  'country_code',
  'app_no',
  'reg_no',
  'int_cls',
  'tm_name',
  'tm_name_pinyin',
  'tm_type',
  'tm_status',
  'ori_tm_status',
  'applicant_cn',
  'applicant_en',
  'applicant_address',
  'applicant_address_en',
  'agent',
  'agent_en',
  'app_date',
  'prelim_date',
  'announcement_issue',
  'reg_date',
  'reg_issue',
  'private_end_date',
  'submit_way',
  'goods',
  'goods_en',
  'logo_path',
  'logo_hash',
] as const;

/**
 * Links register marks into an organisation's archive as synced records (source 0), each owned
 * by one of `owners` in turn. `where` selects the register rows, e.g. `id % 10 = 3`.
 */
export async function archiveRegisterMarks(db: Kysely<Database>, orgId: number, owners: readonly number[], where: ReturnType<typeof sql>): Promise<number> {
  const columns = sql.join(COPIED.map((c) => sql.ref(c)));
  const ownerList = owners.length > 0 ? owners : [null];
  const ownerExpr = sql`(${sql.val(ownerList)}::int[])[1 + (r.id % ${ownerList.length})]`;
  const result = await sql`
    insert into brand_archives (org_id, register_id, source, owner_user_id, created_by, ${columns})
    select ${orgId}, r.id, 0, ${ownerExpr}, ${ownerList[0] ?? null}, ${sql.join(COPIED.map((c) => sql.ref(`r.${c}`)))}
    from tm_register r
    where ${where}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The enterprise names a demo organisation files for, as applicant profiles. */
async function enterpriseApplicants(db: Kysely<Database>, orgId: number): Promise<ApplicantProfile[]> {
  const rows = await db.selectFrom('enterprises').select(['applicant_name', 'applicant_address']).where('org_id', '=', orgId).execute();
  return rows.map((r) => ({ name: r.applicant_name.split('--')[0]!, nameEn: '', address: r.applicant_address ?? '', addressEn: '' }));
}

/** Brand names the demo enterprises file in several classes, so searches and merges have material. */
const DEMO_BRANDS = ['星辰', '星辰日化', 'STARCHEN', '青禾', '青禾优选', '云帆', 'YUNFAN', '明月清风'];

/**
 * The demo's trademarks, once: a small register, and for each demo organisation the marks of the
 * enterprises it files for (several brands in several classes each), linked into its archive.
 */
export async function seedDemoTrademarks(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('brand_archives').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const orgs = await db.selectFrom('organisations').select(['id', 'kind']).orderBy('id').execute();
  if (orgs.length === 0) return false;
  await seedRegister(db, { count: 300, seed: 7 });
  const pool = await loadGoodsPool(db);
  const random = randomSource(11);
  const today = new Date().toISOString().slice(0, 10);
  let serial = 900_000;
  for (const org of orgs) {
    const applicants = await enterpriseApplicants(db, org.id);
    if (applicants.length === 0) continue;
    const marks: GeneratedMark[] = [];
    for (const applicant of applicants) {
      for (const brand of DEMO_BRANDS) {
        if (random() < 0.45) continue;
        const classes = 1 + Math.floor(random() * 4);
        for (let k = 0; k < classes; k++) marks.push(generateMark(random, serial++, pool, applicant, today, brand));
      }
    }
    const ids = await insertRegisterBatch(db, marks);
    const users = await db.selectFrom('users').select('id').where('org_id', '=', org.id).orderBy('id').execute();
    // Agency work is split between its people; a company's marks belong to its administrator.
    const owners = org.kind === 'agency' ? users.map((u) => u.id) : users.slice(0, 1).map((u) => u.id);
    await archiveRegisterMarks(db, org.id, owners, sql`r.id = any(${sql.val(ids)}::int[])`);
    await addRenewalsDue(db, org.id, owners, chinaToday());
    await addManualDuplicates(db, org.id, DEMO_DUPLICATES);
    await addOverseasDuplicates(db, org.id);
  }
  return true;
}

/**
 * `count` more register marks, then a share of the register linked into the organisations'
 * archives: the first organisation takes every id ending in 0, the next every id ending in 1, and
 * so on up to the share (0.2 → two tenths). Marks already linked are not linked again.
 */
export async function seedTrademarkVolume(db: Kysely<Database>, count: number, archiveShare: number, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  let reported = 0;
  const written = await seedRegister(db, {
    count,
    onProgress: (done) => {
      if (done - reported >= 50_000 || done === count) {
        reported = done;
        log(`商标公告库：已写入 ${done} / ${count}`);
      }
    },
  });
  const orgs = await db.selectFrom('organisations').select('id').orderBy('id').execute();
  const buckets = Math.round(Math.min(1, Math.max(0, archiveShare)) * 10);
  for (let b = 0; b < buckets && orgs.length > 0; b++) {
    const org = orgs[b % orgs.length]!;
    const owners = (await db.selectFrom('users').select('id').where('org_id', '=', org.id).orderBy('id').execute()).map((u) => u.id);
    const linked = await archiveRegisterMarks(
      db,
      org.id,
      owners,
      sql`r.id % 10 = ${b} and not exists (select 1 from brand_archives a where a.register_id = r.id and a.org_id = ${org.id})`,
    );
    log(`组织 ${org.id} 的商标档案：新增 ${linked} 件`);
  }
  // Fresh rows are not yet all-visible: without a vacuum, counting could not use index-only scans.
  await sql`vacuum analyze tm_register`.execute(db);
  await sql`vacuum analyze brand_archives`.execute(db);
  log(`完成：公告库新增 ${written} 件，用时 ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Days from the first start to the end of exclusive use of the demo's marks due for renewal: within the reminder's 6 months, and within the grace period. */
const EXPIRING_IN_DAYS = [6, 25, 47, 96, 130, 171];
const GRACE_SINCE_DAYS = [-9, -41, -88, -150];

/**
 * The ends of exclusive use to give each owner's marks: the days dealt out to the owners in turn,
 * each owner's expiring and grace ends alternating, and the owners taking turns, so that however few
 * marks there are each owner gets some of both.
 */
export function renewalPlan(owners: readonly (number | null)[]): { owner: number | null; days: number }[] {
  const dealt = (days: readonly number[], k: number) => days.filter((_, i) => i % owners.length === k);
  const lists = owners.map((owner, k) => {
    const [expiring, grace] = [dealt(EXPIRING_IN_DAYS, k), dealt(GRACE_SINCE_DAYS, k)];
    return Array.from({ length: Math.max(expiring.length, grace.length) }, (_, i) => [expiring[i], grace[i]])
      .flat()
      .filter((d): d is number => d !== undefined)
      .map((days) => ({ owner, days }));
  });
  const longest = Math.max(0, ...lists.map((l) => l.length));
  return Array.from({ length: longest }, (_, i) => lists.map((l) => l[i]).filter((p) => p !== undefined)).flat();
}

/**
 * Registrations of the organisation due for renewal as of `today`, so the workbench and the archive's
 * reminders have work to show: Chinese marks re-dated (in the archive and the register alike, as
 * registered) to end within the coming months or to have ended within the grace period, shared
 * between the `owners`, so each agent of an agency has some of both. The first archived marks are left
 * as they are: the duplicates below copy them.
 */
export async function addRenewalsDue(db: Kysely<Database>, orgId: number, owners: readonly number[], today: string): Promise<number> {
  const marks = await db
    .selectFrom('brand_archives')
    .select(['id', 'register_id', 'owner_user_id', 'country_code', 'app_no'])
    .where('org_id', '=', orgId)
    .where('register_id', 'is not', null)
    .orderBy('id')
    .execute();
  const candidates = marks.slice(DEMO_DUPLICATES + 1).filter((m) => m.country_code === 'CN');
  const taken = new Set<number>();
  let changed = 0;
  for (const { owner, days } of renewalPlan(owners.length > 0 ? owners : [null])) {
    const mark = candidates.find((m) => !taken.has(m.id) && (owner === null || m.owner_user_id === owner));
    if (!mark) continue;
    taken.add(mark.id);
    // Some were renewed once already.
    const dates = { ...registrationEnding(addDays(today, days), today, changed % 3 === 2), reg_no: mark.app_no };
    await db.updateTable('brand_archives').set(dates).where('id', '=', mark.id).execute();
    await db.updateTable('tm_register').set(dates).where('id', '=', mark.register_id!).execute();
    changed++;
  }
  return changed;
}

/** How many archived marks of each demo organisation also have a hand-typed duplicate. */
const DEMO_DUPLICATES = 3;

/**
 * True duplicates for the merge to find: a copy of an organisation's first `count` archived marks
 * as typed in by hand a month earlier (same country, application number and class; no register
 * link, English fields and remark differ), as happens when a mark is entered before it is synced.
 */
export async function addManualDuplicates(db: Kysely<Database>, orgId: number, count: number): Promise<number> {
  const result = await sql`
    insert into brand_archives (org_id, source, owner_user_id, created_by, country_code, app_no, int_cls, tm_name, tm_name_pinyin,
      tm_type, tm_status, applicant_cn, applicant_address, app_date, submit_way, goods, remark, created_at, updated_at)
    select org_id, 1, owner_user_id, created_by, country_code, app_no, int_cls, tm_name, tm_name_pinyin,
      tm_type, tm_status, applicant_cn, applicant_address, app_date, submit_way, goods, '手动录入', now() - interval '30 days', now() - interval '30 days'
    from brand_archives
    where org_id = ${orgId} and register_id is not null
    order by id
    limit ${count}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * One overseas mark filed twice, for the overseas merge comparison: the US filing of the
 * organisation's first archived mark, once synced with its English record and once typed in by
 * hand with the English fields left empty.
 */
export async function addOverseasDuplicates(db: Kysely<Database>, orgId: number): Promise<number> {
  const result = await sql`
    insert into brand_archives (org_id, source, owner_user_id, created_by, country_code, app_no, int_cls, tm_name, tm_name_pinyin,
      tm_status, applicant_cn, applicant_en, applicant_address, applicant_address_en, agent_en, app_date, goods, goods_en, remark,
      created_at, updated_at)
    select m.org_id, v.source, m.owner_user_id, m.created_by, 'US', '9' || m.app_no, m.int_cls, m.tm_name, m.tm_name_pinyin,
      '已注册', m.applicant_cn, v.applicant_en, m.applicant_address, v.address_en, v.agent_en, m.app_date, m.goods,
      case when v.source = 0 then (select coalesce(jsonb_agg(jsonb_build_object('code', g->>'code', 'name', 'Goods in class ' || m.int_cls)), '[]')
                                   from jsonb_array_elements(m.goods) g)
           else '[]'::jsonb end,
      v.remark, now() - v.age, now() - v.age
    from (select * from brand_archives where org_id = ${orgId} and register_id is not null order by id limit 1) m
    cross join (values (0, 'APPLICANT CO., LTD.', 'No. 1 Example Road, Hangzhou, China', 'Example IP LLP', '', interval '2 days'),
                       (1, '', '', '', '手动录入', interval '40 days')) v(source, applicant_en, address_en, agent_en, remark, age)
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
