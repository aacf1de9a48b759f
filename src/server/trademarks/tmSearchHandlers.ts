import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { HandlersOf, Preparers, Settled } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import { pageWindow } from '../db/paging.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { CountBucket, TmSearchCustomSearchRequest, TmSearchQueryStatisticRequest, Trademark } from '../../generated/types.js';
import { extensionOf } from '../files/fileTypes.js';
import { recordUpload } from '../files/recordUpload.js';
import {
  SOUND_THRESHOLD,
  applicantContainsSql,
  checkFilter,
  matchingRecords,
  nameContainsSql,
  namePrefixSql,
  orderSql,
  prefixPattern,
  prefixUpperBound,
  shouldConditions,
  useSimilarityThreshold,
  type RangeType,
  type RecordFilter,
  type ResultRow,
} from './registerQuery.js';
import { registerToTrademark, toSearchResult } from './searchResult.js';
import { toTrademark } from './trademarkRecord.js';
import { APP_NO_SHAPE, parseAppNos } from './appNoList.js';
import { matchReasons, similarNamesSql, useSimilarThresholds } from './similarNames.js';
import {
  examinePicture,
  hashOfExamination,
  nearLogos,
  pictureColumns,
  storedPictureColumns,
  storedPictureHash,
  type PictureExamination,
} from './logoSearch.js';
import { hashHex } from './logoHash.js';
import { LOGO_DESIGNS, logoPng } from './generatedLogo.js';

/** Application numbers one batch search takes (the batch search size of spec 001 §7). */
const MAX_BATCH_APP_NOS = 1500;
/** Totals of result lists stop counting here (spec 001 §9 caps the displayed total at 10,000). */
const COUNT_CAP = 10_000;
/** Rows read for suggestions before de-duplicating; the scan stops there. */
const SUGGESTION_SCAN = 200;

type SearchBody = Omit<TmSearchCustomSearchRequest, 'pageNo' | 'pageSize' | 'sortField' | 'sortOrder'> | TmSearchQueryStatisticRequest;

/** The search form's fields as a record filter, refusing what cannot be searched. */
async function searchFilter(db: ScopedDb, body: SearchBody): Promise<RecordFilter> {
  const filter: RecordFilter = {
    should: shouldConditions(body.shouldFields),
    tmCl: body.tmCl,
    countryCode: body.countryCode,
    applicant: body.applicant,
    agent: body.agent,
    tmStatus: body.tmStatus,
    appDateFrom: body.appDateFrom,
    appDateTo: body.appDateTo,
    regDateFrom: body.regDateFrom,
    regDateTo: body.regDateTo,
  };
  checkFilter(filter);
  if (filter.should?.some((c) => c.searchType === 3)) await useSimilarityThreshold(db, SOUND_THRESHOLD);
  return filter;
}

async function searchPage(db: ScopedDb, orgId: number, body: TmSearchCustomSearchRequest): Promise<{ rows: ResultRow[]; count: number }> {
  const filter = await searchFilter(db, body);
  const records = matchingRecords(orgId, (body.rangeType ?? 3) as RangeType, filter);
  const { limit, offset } = pageWindow(body, 100);
  const rows = await sql<ResultRow>`select * from (${records}) t order by ${orderSql(body)} limit ${limit} offset ${offset}`.execute(db);
  return { rows: rows.rows, count: await cappedCount(db, records) };
}

/** How many rows a result set has, counting no further than the cap: a broad search need not count a million. */
async function cappedCount(db: ScopedDb, records: ReturnType<typeof matchingRecords>): Promise<number> {
  const total = await sql<{ n: number }>`select count(*)::int as n from (select 1 from (${records}) t limit ${COUNT_CAP}) c`.execute(db);
  return total.rows[0]!.n;
}

/** The full records of a page of results, in the page's order. */
async function fullRecords(db: ScopedDb, rows: readonly ResultRow[]): Promise<{ scope: 'archive' | 'register'; trademark: Trademark }[]> {
  const archiveIds = rows.filter((r) => r.scope === 'archive').map((r) => r.id);
  const registerIds = rows.filter((r) => r.scope === 'register').map((r) => r.id);
  const archived = archiveIds.length > 0 ? await db.selectFrom('brand_archives').selectAll().where('id', 'in', archiveIds).execute() : [];
  const registered = registerIds.length > 0 ? await db.selectFrom('tm_register').selectAll().where('id', 'in', registerIds).execute() : [];
  const byKey = new Map<string, Trademark>([
    ...archived.map((r) => [`archive:${r.id}`, toTrademark(r)] as const),
    ...registered.map((r) => [`register:${r.id}`, registerToTrademark(r)] as const),
  ]);
  return rows.map((r) => ({ scope: r.scope, trademark: byKey.get(`${r.scope}:${r.id}`)! }));
}

const bucketsOf = (rows: { key: string | number | null; n: number }[]): CountBucket[] =>
  rows.map((r) => ({ key: r.key === null ? '' : String(r.key), count: r.n }));

const REGISTER_COLUMNS = sql`'register'::text as scope, id, id as register_id, tm_name, app_no, reg_no, int_cls, tm_status, applicant_cn, country_code, app_date, reg_date, logo_path, goods, goods_en`;

export const tmSearchHandlers: HandlersOf<'tmSearch'> = {
  'tmSearch.customSearch': async (body, ctx) => {
    const { rows, count } = await searchPage(ctx.db, ctx.session.orgId, body);
    return { list: rows.map(toSearchResult), count };
  },

  'tmSearch.customSearchV2': async (body, ctx) => {
    const { rows, count } = await searchPage(ctx.db, ctx.session.orgId, body);
    return { list: await fullRecords(ctx.db, rows), count };
  },

  'tmSearch.getBrandName': async (body, ctx) => {
    const prefix = body.prefix.trim();
    if (!prefix) throw badRequest('名称前缀不能为空');
    const rows = await sql<{ key: string; n: number }>`
      select tm_name as key, count(*)::int as n from (
        select tm_name from tm_register r where ${namePrefixSql('r', prefix)}
        union all select tm_name from brand_archives a where a.org_id = ${ctx.session.orgId} and ${namePrefixSql('a', prefix)}
      ) names group by tm_name order by n desc, tm_name limit ${body.limit ?? 10}`.execute(ctx.db);
    return { list: bucketsOf(rows.rows) };
  },

  'tmSearch.batchTmSearchByAppNos': async (body, ctx) => {
    const appNos = parseAppNos(body.appNos);
    if (appNos.length === 0) throw badRequest('请输入申请号，多个以逗号或换行分隔');
    if (appNos.length > MAX_BATCH_APP_NOS) throw badRequest(`一次最多查询 ${MAX_BATCH_APP_NOS} 个申请号，当前 ${appNos.length} 个`);
    const malformed = appNos.filter((n) => !APP_NO_SHAPE.test(n));
    if (malformed.length > 0)
      throw badRequest(`申请号格式不正确：${malformed.slice(0, 5).join('、')}${malformed.length > 5 ? ` 等 ${malformed.length} 个` : ''}`);
    const records = matchingRecords(ctx.session.orgId, (body.rangeType ?? 3) as RangeType, { appNos });
    const rows = (await sql<ResultRow>`select * from (${records}) t order by app_no, int_cls, scope, id`.execute(ctx.db)).rows;
    const position = new Map(appNos.map((n, i) => [n, i]));
    rows.sort((a, b) => position.get(a.app_no)! - position.get(b.app_no)!);
    const found = new Set(rows.map((r) => r.app_no));
    return { list: rows.map(toSearchResult), count: rows.length, notFound: appNos.filter((n) => !found.has(n)) };
  },

  'tmSearch.queryStatistic': async (body, ctx) => {
    const filter = await searchFilter(ctx.db, body);
    const records = matchingRecords(ctx.session.orgId, (body.rangeType ?? 3) as RangeType, filter);
    // One pass: a grouping set per dimension, and the empty set for the total.
    const rows = await sql<{ gs: number; gc: number; gy: number; tm_status: string | null; int_cls: number | null; y: number | null; n: number }>`
      select grouping(tm_status)::int as gs, grouping(int_cls)::int as gc, grouping(y)::int as gy, tm_status, int_cls, y, count(*)::int as n
      from (select tm_status, int_cls, extract(year from app_date)::int as y from (${records}) t) s
      group by grouping sets ((tm_status), (int_cls), (y), ())`.execute(ctx.db);
    const of = (pick: (r: (typeof rows.rows)[number]) => boolean, key: (r: (typeof rows.rows)[number]) => string | number | null) =>
      bucketsOf(rows.rows.filter(pick).map((r) => ({ key: key(r), n: r.n })));
    const byStatus = of(
      (r) => r.gs === 0,
      (r) => r.tm_status,
    ).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
    const byClass = of(
      (r) => r.gc === 0,
      (r) => r.int_cls,
    ).sort((a, b) => Number(a.key) - Number(b.key));
    const byYear = of(
      (r) => r.gy === 0,
      (r) => r.y,
    ).sort((a, b) => a.key.localeCompare(b.key));
    const total = rows.rows.find((r) => r.gs === 1 && r.gc === 1 && r.gy === 1)?.n ?? 0;
    return { total, byStatus, byClass, byYear };
  },

  'tmSearch.familySearch': async (body, ctx) => {
    const appNo = body.appNo.trim().toUpperCase();
    if (!appNo) throw badRequest('申请号不能为空');
    let query = ctx.db.selectFrom('tm_register').select(['id', 'tm_name', 'applicant_cn']).where('app_no', '=', appNo);
    if (body.tmCl !== undefined) query = query.where('int_cls', '=', body.tmCl);
    const mark = await query.orderBy('int_cls').limit(1).executeTakeFirst();
    if (!mark) throw notFound('商标公告库中没有这件商标');
    const family = await sql<ResultRow>`
      select ${REGISTER_COLUMNS} from tm_register
      where tm_name = ${mark.tm_name} and applicant_cn = ${mark.applicant_cn}
      order by country_code = 'CN' desc, country_code, int_cls, app_date desc nulls last, id`.execute(ctx.db);
    const rows = family.rows;
    const self = rows.find((r) => r.id === mark.id)!;
    return {
      mark: toSearchResult(self),
      list: rows.map(toSearchResult),
      count: rows.length,
      classes: [...new Set(rows.map((r) => r.int_cls!))].sort((a, b) => a - b),
      countries: [...new Set(rows.map((r) => r.country_code))],
    };
  },

  'tmSearch.officialSearch': async (body, ctx) => {
    const key = body.key.trim();
    if (!key) throw badRequest('查询内容不能为空');
    const type = body.searchType ?? 1;
    const filter: RecordFilter =
      type === 1
        ? {
            should: [
              { field: 'app_no', value: key.toUpperCase(), searchType: 1 },
              { field: 'reg_no', value: key.toUpperCase(), searchType: 1 },
            ],
          }
        : type === 2
          ? { should: [{ field: 'tm_name', value: key, searchType: 0 }] }
          : { applicant: key };
    if (body.tmCl !== undefined) filter.tmCl = [body.tmCl];
    const records = matchingRecords(ctx.session.orgId, 2, filter);
    const { limit, offset } = pageWindow(body, 20);
    const rows = await sql<ResultRow>`select * from (${records}) t order by ${orderSql({})} limit ${limit} offset ${offset}`.execute(ctx.db);
    return { list: rows.rows.map(toSearchResult), count: await cappedCount(ctx.db, records) };
  },

  'tmSearch.queryApplicantList': async (body, ctx) => {
    const keyword = body.keyword.trim();
    if (!keyword) throw badRequest('关键词不能为空');
    const matching = applicantContainsSql('r', keyword);
    const { limit, offset } = pageWindow(body, 20);
    const rows = await sql<{ name: string; name_en: string; n: number; total: number }>`
      select applicant_cn as name, max(applicant_en) as name_en, count(*)::int as n, count(*) over ()::int as total
      from tm_register r where ${matching}
      group by applicant_cn order by n desc, applicant_cn limit ${limit} offset ${offset}`.execute(ctx.db);
    let count = rows.rows[0]?.total ?? 0;
    if (rows.rows.length === 0 && offset > 0) {
      const all = await sql<{ n: number }>`select count(distinct applicant_cn)::int as n from tm_register r where ${matching}`.execute(ctx.db);
      count = all.rows[0]!.n;
    }
    return { list: rows.rows.map((r) => ({ name: r.name, nameEn: r.name_en, count: r.n })), count };
  },

  'tmSearch.fuzzySearch': async (body, ctx) => {
    const keyword = body.keyword.trim();
    const limit = body.limit ?? 8;
    if (!keyword) return { names: [], numbers: [], applicants: [] };
    // Suggestions need not be complete: each scan stops after a few hundred rows.
    const names = await sql<{ tm_name: string }>`select tm_name from tm_register r where ${nameContainsSql('r', keyword)} limit ${SUGGESTION_SCAN}`.execute(
      ctx.db,
    );
    const applicants = await sql<{
      applicant_cn: string;
    }>`select applicant_cn from tm_register r where ${applicantContainsSql('r', keyword)} limit ${SUGGESTION_SCAN}`.execute(ctx.db);
    let numbers: { appNo: string; tmName: string; tmCl: number }[] = [];
    const number = keyword.toUpperCase();
    if (APP_NO_SHAPE.test(number) && /\d/.test(number)) {
      const upper = prefixUpperBound(number);
      const rows = await sql<{ app_no: string; tm_name: string; int_cls: number }>`
        select app_no, tm_name, int_cls from tm_register where (app_no >= ${number} and app_no < ${upper}) or (reg_no >= ${number} and reg_no < ${upper})
        order by app_no, int_cls limit ${limit}`.execute(ctx.db);
      numbers = rows.rows.map((r) => ({ appNo: r.app_no, tmName: r.tm_name, tmCl: r.int_cls }));
    }
    const distinct = (list: string[]) => [...new Set(list.filter(Boolean))].slice(0, limit);
    return { names: distinct(names.rows.map((r) => r.tm_name)), numbers, applicants: distinct(applicants.rows.map((r) => r.applicant_cn)) };
  },

  'tmSearch.brandSimilarSearch': async (body, ctx) => {
    const name = body.name.trim();
    if (!name) throw badRequest('商标名称不能为空');
    if ((body.tmCl?.length ?? 0) > 45) throw badRequest('类别最多 45 个');
    const { limit, offset } = pageWindow(body, 20);
    await useSimilarThresholds(ctx.db, name);
    const rows = (await similarNamesSql(ctx.session.orgId, { name, tmCl: body.tmCl, minScore: body.minScore ?? 0.3, limit, offset }).execute(ctx.db)).rows;
    return {
      list: rows.map((r) => ({
        mark: toSearchResult(r),
        score: Math.round(Number(r.score) * 1000) / 1000,
        nameSimilarity: Math.round(Number(r.name_similarity) * 1000) / 1000,
        pinyinSimilarity: Math.round(Number(r.pinyin_similarity) * 1000) / 1000,
        reasons: matchReasons(name, r),
        inArchive: r.in_archive,
      })),
      count: rows.length > 0 ? Number(rows[0]!.total) : 0,
    };
  },

  'tmSearch.getBrandNameHint': async (body, ctx) => {
    const keyword = body.keyword.trim();
    const limit = body.limit ?? 10;
    if (!keyword) return { list: [] };
    const own = await sql<{ tm_name: string }>`
      select tm_name from brand_archives a where a.org_id = ${ctx.session.orgId} and ${nameContainsSql('a', keyword)}
      group by tm_name order by tm_name ilike ${prefixPattern(keyword)} desc, count(*) desc, tm_name limit ${limit}`.execute(ctx.db);
    const register = await sql<{ tm_name: string }>`select tm_name from tm_register r where ${namePrefixSql('r', keyword)} limit ${SUGGESTION_SCAN}`.execute(
      ctx.db,
    );
    const seen = new Set<string>();
    const list: { name: string; scope: 'archive' | 'register' }[] = [];
    for (const [rows, scope] of [
      [own.rows, 'archive'],
      [register.rows, 'register'],
    ] as const) {
      for (const { tm_name } of rows) {
        if (!tm_name || seen.has(tm_name) || list.length >= limit) continue;
        seen.add(tm_name);
        list.push({ name: tm_name, scope });
      }
    }
    return { list };
  },

  'tmSearch.graphicRetrieval': async (body, ctx) => {
    // The picture was examined when it was uploaded: nothing is decoded inside this transaction.
    const file = await ctx.db.selectFrom('files').select(storedPictureColumns).where('path', '=', body.path).executeTakeFirst();
    if (!file) throw notFound('图片不存在或无权访问，请重新上传');
    const hash = storedPictureHash(file);
    return logoMatches(ctx.db, hash, body.maxDistance ?? 12, body.tmCl, body.pageSize ?? 20);
  },

  'tmSearch.graphicRetrievalUpload': async (body, ctx) => {
    const { name, stored } = ctx.upload!;
    // Examined before the transaction opened (tmSearchPreparers).
    const prepared = ctx.prepared as Settled<PictureExamination>;
    if ('error' in prepared) throw prepared.error;
    const exam = prepared.value;
    if (exam.status !== 'hashed') {
      // Not a picture a logo can be: keep nothing of it, unless the same bytes are already someone's file.
      const known = await ctx.db.selectFrom('files').select('id').where('path', '=', stored.path).executeTakeFirst();
      if (!known) await ctx.files.discard(stored.path);
    }
    const hash = hashOfExamination(exam);
    // The picture is kept as the organisation's file, as any upload is.
    await recordUpload(ctx, name, extensionOf(name), stored, pictureColumns(exam));
    const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
    return logoMatches(ctx.db, hash, number(body.maxDistance) ?? 12, number(body.tmCl), number(body.pageSize) ?? 20);
  },

  'tmSearch.querySameBrandStatistic': async (body, ctx) => {
    const name = body.tmName.trim();
    if (!name) throw badRequest('商标名称不能为空');
    const applicant = body.applicant?.trim() ?? '';
    const totals = await sql<{ total: number; same: number; applicants: number }>`
      select count(*)::int as total, count(*) filter (where applicant_cn = ${applicant})::int as same, count(distinct applicant_cn)::int as applicants
      from tm_register where tm_name = ${name}`.execute(ctx.db);
    const classes = await sql<{
      key: number;
      n: number;
    }>`select int_cls as key, count(*)::int as n from tm_register where tm_name = ${name} group by int_cls order by int_cls`.execute(ctx.db);
    const archived = await ctx.db
      .selectFrom('brand_archives')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tm_name', '=', name)
      .executeTakeFirstOrThrow();
    const t = totals.rows[0]!;
    return {
      total: t.total,
      sameApplicant: applicant ? t.same : 0,
      otherApplicants: applicant ? t.total - t.same : t.total,
      applicantCount: t.applicants,
      inArchive: archived.n,
      byClass: bucketsOf(classes.rows),
    };
  },

  'tmSearch.logo': async (body) => {
    const design = Number(body.design);
    if (design >= LOGO_DESIGNS) throw notFound('商标图样不存在');
    const png = logoPng(design);
    return { stream: Readable.from([png]), size: png.length, fileName: `logo-${design}.png`, contentType: 'image/png' };
  },
};

async function logoMatches(db: ScopedDb, hash: bigint, maxDistance: number, tmCl: number | undefined, limit: number) {
  const { rows, total } = await nearLogos(db, hash, maxDistance, tmCl, limit);
  return {
    hash: hashHex(hash),
    list: rows.map((r) => ({ mark: toSearchResult(r), distance: r.distance, similarity: Math.round((1 - r.distance / 64) * 1000) / 1000 })),
    count: total,
  };
}

/** The picture of a graphic search is decoded and hashed before the upload's transaction opens: decoding a large one takes a second. */
export const tmSearchPreparers: Preparers = {
  'tmSearch.graphicRetrievalUpload': (_body, { upload, files }) => examinePicture(files, upload!.stored.path, upload!.extension),
};
