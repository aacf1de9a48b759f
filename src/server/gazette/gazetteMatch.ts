import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { withOrganisation, type ScopedDb } from '../db/tenantScope.js';
import type { JobProgress } from '../jobs/backgroundJobs.js';
import { workCalendar } from '../officials/workCalendarStore.js';
import { crossReferencedGroups } from '../cases/caseTiedMarks.js';
import { CONTAINS_THRESHOLD_CJK, NAME_THRESHOLD, PINYIN_THRESHOLD } from '../trademarks/similarNames.js';
import { addDays, addMonths, chinaToday } from '../../shared/trademarkDates.js';
import { conflictReasons, goodsConflict, goodsGroups, nearHashPairs, oppositionDeadline } from '../../shared/gazette/gazetteRules.js';
import type { GoodsEntry } from '../../shared/goodsGroups.js';
import { registerMergeReference } from '../trademarks/mergeRegistry.js';

// A merged mark's hits move to the kept mark; one the kept mark already has for the same publication is dropped.
registerMergeReference({ table: 'gazette_hits', column: 'brand_id', uniqueWith: ['register_id'] });

/** Publications matched per transaction: the window's trigram index is built for each such slice. */
const SLICE = 5000;
/** Changes committed this long before a run started are still looked at by the next: a slow import may commit late. */
const OVERLAP_MS = 10 * 60_000;

export interface MatchOutcome {
  checked: number;
  added: number;
}

interface Candidate {
  brandId: number;
  registerId: number;
  nameSimilarity: number;
  pinyinSimilarity: number;
  logoDistance: number | null;
}

interface OwnMark {
  id: number;
  register_id: number | null;
  app_no: string;
  tm_name: string;
  tm_name_pinyin: string;
  int_cls: number | null;
  applicant_cn: string;
  goods: GoodsEntry[];
}

interface Publication {
  id: number;
  app_no: string;
  tm_name: string;
  tm_name_pinyin: string;
  int_cls: number;
  applicant_cn: string;
  goods: GoodsEntry[];
  prelim_date: string;
  announcement_issue: string;
}

const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/**
 * The earliest publication date whose opposition period may still be open on `today`: three months
 * back, and a little more, since a period ending on a holiday runs on to the next working day.
 */
export function openSince(today: string): string {
  return addDays(addMonths(today, -3), -20);
}

/**
 * Matches the register's publications for opposition against the organisation's marks, from where
 * its last run stopped: the publications added or changed since then against all its marks, and
 * its marks added or changed since then against every publication still open to opposition. Pairs
 * already found are kept as they are (one row per publication and own mark), so running twice adds
 * nothing. Publications whose opposition period has ended are not matched.
 */
export async function runGazetteMatch(system: Kysely<Database>, orgId: number, progress?: JobProgress, now: Date = new Date()): Promise<MatchOutcome> {
  const inOrg = <T>(work: (db: ScopedDb) => Promise<T>) => withOrganisation(system, orgId, work);
  const today = chinaToday(now);
  const since = openSince(today);
  const run = await inOrg(async (db) => {
    const previous = await db.selectFrom('gazette_runs').select(['register_mark', 'archive_mark']).executeTakeFirst();
    await db
      .insertInto('gazette_runs')
      .values({ org_id: orgId, state: 'running', started_at: now, checked: 0, added: 0, message: '' })
      .onConflict((oc) => oc.column('org_id').doUpdateSet({ state: 'running', started_at: now, message: '' }))
      .execute();
    return previous;
  });
  try {
    const registerMark = run?.register_mark ? new Date(new Date(run.register_mark).getTime() - OVERLAP_MS) : null;
    const archiveMark = run?.archive_mark ? new Date(new Date(run.archive_mark).getTime() - OVERLAP_MS) : null;
    const { fresh, open, allOwn, changedOwn } = await inOrg(async (db) => {
      const published = (changedSince: Date | null) =>
        sql<{ id: number }>`select id from tm_register where prelim_date >= ${since} and prelim_date <= ${today}
          ${changedSince ? sql`and updated_at > ${changedSince}` : sql``} order by id`.execute(db);
      const own = (changedSince: Date | null) =>
        sql<{ id: number }>`select id from brand_archives where org_id = ${orgId} and (tm_name <> '' or logo_hash is not null)
          ${changedSince ? sql`and updated_at > ${changedSince}` : sql``} order by id`.execute(db);
      const allOwnRows = (await own(null)).rows.map((r) => r.id);
      const freshRows = (await published(registerMark)).rows.map((r) => r.id);
      // The first run matches everything still open; later, only what changed on either side.
      const changed = archiveMark && registerMark ? (await own(archiveMark)).rows.map((r) => r.id) : [];
      const openRows = changed.length > 0 ? (await published(null)).rows.map((r) => r.id) : [];
      return { fresh: freshRows, open: openRows, allOwn: allOwnRows, changedOwn: changed };
    });
    const passes: { publications: number[]; own: number[] }[] = [];
    if (fresh.length > 0 && allOwn.length > 0) passes.push({ publications: fresh, own: allOwn });
    if (open.length > 0 && changedOwn.length > 0) passes.push({ publications: open, own: changedOwn });
    const slices = passes.flatMap((p) => chunk(p.publications, SLICE).map((publications) => ({ publications, own: p.own })));
    const calendar = await workCalendar(system);
    const similarGroups = await inOrg((db) => crossReferencedGroups(db));
    let added = 0;
    let checked = 0;
    for (const [at, slice] of slices.entries()) {
      added += await inOrg(async (db) => {
        const candidates = await findCandidates(db, orgId, slice.publications, slice.own);
        if (candidates.length === 0) return 0;
        const [own, theirs] = await Promise.all([ownMarks(db, orgId, candidates), publications(db, candidates)]);
        const rows = [];
        for (const c of candidates) {
          const mark = own.get(c.brandId);
          const pub = theirs.get(c.registerId);
          if (!mark || !pub) continue;
          // Our own filing is no conflict: the same register mark, the same application or the same applicant.
          if (
            mark.register_id === pub.id ||
            (mark.app_no !== '' && mark.app_no === pub.app_no) ||
            (mark.applicant_cn !== '' && mark.applicant_cn === pub.applicant_cn)
          )
            continue;
          const { reasons, score } = conflictReasons({
            ownName: mark.tm_name,
            theirName: pub.tm_name,
            ownPinyin: mark.tm_name_pinyin,
            theirPinyin: pub.tm_name_pinyin,
            nameSimilarity: c.nameSimilarity,
            pinyinSimilarity: c.pinyinSimilarity,
            logoDistance: c.logoDistance,
          });
          if (reasons.length === 0) continue;
          const goods = goodsConflict(
            { cls: mark.int_cls, groups: goodsGroups(mark.goods) },
            { cls: pub.int_cls, groups: goodsGroups(pub.goods) },
            similarGroups,
          );
          if (!goods) continue;
          const deadline = oppositionDeadline(pub.prelim_date, calendar).date;
          if (deadline < today) continue;
          rows.push({
            org_id: orgId,
            register_id: pub.id,
            brand_id: mark.id,
            reasons,
            goods_note: `${pub.int_cls === mark.int_cls || mark.int_cls === null ? '' : `第 ${mark.int_cls} 类与第 ${pub.int_cls} 类，`}${goods.note}`,
            groups: goods.groups,
            score,
            prelim_date: pub.prelim_date,
            announcement_issue: pub.announcement_issue,
            deadline,
          });
        }
        let inserted = 0;
        for (const part of chunk(rows, 500)) {
          const done = await db
            .insertInto('gazette_hits')
            .values(part)
            .onConflict((oc) => oc.columns(['org_id', 'register_id', 'brand_id']).doNothing())
            .returning('id')
            .execute();
          inserted += done.length;
        }
        return inserted;
      });
      checked += slice.publications.length;
      if (progress) {
        progress.rows = checked;
        progress.percent = Math.min(99, Math.floor(((at + 1) * 100) / slices.length));
      }
    }
    const checkedPublications = new Set(passes.flatMap((p) => p.publications)).size;
    await inOrg((db) =>
      db
        .updateTable('gazette_runs')
        .set({ state: 'idle', register_mark: now, archive_mark: now, finished_at: new Date(), checked: checkedPublications, added, message: '' })
        .execute(),
    );
    if (progress) progress.percent = 100;
    return { checked: checkedPublications, added };
  } catch (err) {
    await inOrg((db) => db.updateTable('gazette_runs').set({ state: 'failed', finished_at: new Date(), message: '比对未完成，请稍后重试' }).execute()).catch(
      () => undefined,
    );
    throw err;
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Pairs of a publication of the slice and an own mark whose names or logos are alike. The slice's
 * names go into a temporary table with trigram indexes, so each own mark is one indexed lookup in
 * it (by sound, by the whole name, by the name inside theirs) rather than a comparison with every
 * publication; logos are paired by their hashes' pieces (nearHashPairs).
 */
async function findCandidates(db: ScopedDb, orgId: number, publicationIds: number[], ownIds: number[]): Promise<Candidate[]> {
  await sql`select set_config('pg_trgm.strict_word_similarity_threshold', ${String(NAME_THRESHOLD)}, true),
                   set_config('pg_trgm.similarity_threshold', ${String(PINYIN_THRESHOLD)}, true),
                   set_config('pg_trgm.word_similarity_threshold', ${String(CONTAINS_THRESHOLD_CJK)}, true),
                   set_config('enable_seqscan', 'off', true)`.execute(db);
  await sql`create temporary table gazette_window on commit drop as
              select id, tm_name, tm_name_pinyin from tm_register where id = any(${sql.val(publicationIds)}::int[]) and tm_name <> ''`.execute(db);
  await sql`create index on gazette_window using gin (tm_name gin_trgm_ops)`.execute(db);
  await sql`create index on gazette_window using gin (tm_name_pinyin gin_trgm_ops)`.execute(db);
  await sql`analyze gazette_window`.execute(db);
  const named = await sql<{ brand_id: number; register_id: number; name_similarity: number; pinyin_similarity: number }>`
    select a.id as brand_id, w.id as register_id,
           similarity(w.tm_name, a.tm_name)::float8 as name_similarity, similarity(w.tm_name_pinyin, a.tm_name_pinyin)::float8 as pinyin_similarity
    from brand_archives a
    cross join lateral (
      select g.id, g.tm_name, g.tm_name_pinyin from gazette_window g where a.tm_name_pinyin <> '' and g.tm_name_pinyin % a.tm_name_pinyin
      union
      select g.id, g.tm_name, g.tm_name_pinyin from gazette_window g where a.tm_name <<% g.tm_name
      union
      select g.id, g.tm_name, g.tm_name_pinyin from gazette_window g where char_length(a.tm_name) >= 2 and a.tm_name <% g.tm_name
    ) w
    where a.org_id = ${orgId} and a.id = any(${sql.val(ownIds)}::int[]) and a.tm_name <> ''`.execute(db);
  await sql`select set_config('enable_seqscan', 'on', true)`.execute(db);
  const [ownLogos, theirLogos] = await Promise.all([
    sql<{ id: number; hash: string }>`select id, logo_hash::text as hash from brand_archives
      where org_id = ${orgId} and id = any(${sql.val(ownIds)}::int[]) and logo_hash is not null`.execute(db),
    sql<{ id: number; hash: string }>`select id, logo_hash::text as hash from tm_register
      where id = any(${sql.val(publicationIds)}::int[]) and logo_hash is not null`.execute(db),
  ]);
  const found = new Map<string, Candidate>();
  for (const r of named.rows) {
    found.set(`${r.brand_id}:${r.register_id}`, {
      brandId: r.brand_id,
      registerId: r.register_id,
      nameSimilarity: Number(r.name_similarity),
      pinyinSimilarity: Number(r.pinyin_similarity),
      logoDistance: null,
    });
  }
  const logoPairs = nearHashPairs(
    ownLogos.rows.map((r) => ({ key: r.id, hash: r.hash })),
    theirLogos.rows.map((r) => ({ key: r.id, hash: r.hash })),
  );
  for (const pair of logoPairs) {
    const key = `${pair.left}:${pair.right}`;
    const known = found.get(key);
    if (known) known.logoDistance = pair.distance;
    else found.set(key, { brandId: pair.left, registerId: pair.right, nameSimilarity: 0, pinyinSimilarity: 0, logoDistance: pair.distance });
  }
  return [...found.values()];
}

async function ownMarks(db: ScopedDb, orgId: number, candidates: readonly Candidate[]): Promise<Map<number, OwnMark>> {
  const ids = [...new Set(candidates.map((c) => c.brandId))];
  const rows = await sql<OwnMark>`select id, register_id, app_no, tm_name, tm_name_pinyin, int_cls, applicant_cn, goods
    from brand_archives where org_id = ${orgId} and id = any(${sql.val(ids)}::int[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.id, r]));
}

async function publications(db: ScopedDb, candidates: readonly Candidate[]): Promise<Map<number, Publication>> {
  const ids = [...new Set(candidates.map((c) => c.registerId))];
  const rows = await sql<Publication>`select id, app_no, tm_name, tm_name_pinyin, int_cls, applicant_cn, goods, prelim_date, announcement_issue
    from tm_register where id = any(${sql.val(ids)}::int[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.id, { ...r, prelim_date: day(r.prelim_date) }]));
}

/** Every organisation with marks of its own, matched one after another (the periodic run). */
export async function organisationsToMatch(system: Kysely<Database>): Promise<number[]> {
  const rows = await sql<{
    id: number;
  }>`select o.id from organisations o where exists (select 1 from brand_archives a where a.org_id = o.id) order by o.id`.execute(system);
  return rows.rows.map((r) => r.id);
}
