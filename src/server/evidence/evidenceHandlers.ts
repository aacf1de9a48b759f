import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { DemandFile } from '../../generated/types.js';
import type { HandlersOf } from '../http/context.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { archiveViewer } from '../trademarks/archiveViewer.js';
import { visibleMark } from '../trademarks/visibleMarks.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { evidenceCoverage } from '../../shared/evidenceCoverage.js';
import {
  evidenceExists,
  evidenceOfMarks,
  MARK_COLUMNS,
  markCoverageRow,
  markGoodsNames,
  spanOf,
  toEvidence,
  visibleEvidence,
  visibleMarks,
} from './evidenceStore.js';
import { evidenceBundle } from './evidenceBundle.js';

/** Files must be ones the organisation uploaded. */
async function checkFiles(db: ScopedDb, files: readonly DemandFile[]): Promise<void> {
  const paths = [...new Set(files.map((f) => f.filePath))];
  if (paths.length === 0) return;
  const found = new Set((await db.selectFrom('files').select('path').where('path', 'in', paths).execute()).map((r) => r.path));
  const missing = paths.find((p) => !found.has(p));
  if (missing !== undefined) throw badRequest(`附件“${missing}”不存在或不属于本组织，请重新上传`);
}

export const evidenceHandlers: HandlersOf<'evidence'> = {
  'evidence.getLists': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const marks = await visibleMarks(ctx.db, viewer, { ids: body.brandId ? [body.brandId] : undefined });
    let query = ctx.db
      .selectFrom('evidence_items')
      .innerJoin(
        marks.select(['brand_archives.id', 'brand_archives.tm_name', 'brand_archives.app_no', 'brand_archives.int_cls']).as('m'),
        'm.id',
        'evidence_items.brand_id',
      );
    if (body.evidenceType) query = query.where('evidence_items.evidence_type', '=', body.evidenceType);
    if (body.dateStart) query = query.where(sql<boolean>`coalesce(evidence_items.date_to, evidence_items.date_from) >= ${body.dateStart}::date`);
    if (body.dateEnd) query = query.where('evidence_items.date_from', '<=', body.dateEnd);
    if (body.goods) query = query.where(sql<boolean>`evidence_items.goods ? ${body.goods}`);
    if (body.keyword) {
      const like = `%${body.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('evidence_items.title', 'like', like), eb('m.tm_name', 'like', like)]));
    }
    const { limit, offset } = pageWindow(body);
    const [count, rows] = await Promise.all([
      countRows(query.select('evidence_items.id')),
      query
        .selectAll('evidence_items')
        .select(['m.tm_name', 'm.app_no', 'm.int_cls'])
        .orderBy('evidence_items.date_from', 'desc')
        .orderBy('evidence_items.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { list: rows.map((r) => toEvidence(r, r)), count };
  },

  'evidence.markCoverage': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const today = chinaToday();
    let marks = await visibleMarks(ctx.db, viewer, { tmName: body.tmName, tmCl: body.tmCl });
    const narrowed = Boolean(body.evidenceType || body.dateStart || body.dateEnd);
    if (narrowed) marks = marks.where(evidenceExists(body));
    const { limit, offset } = pageWindow(body);
    if (body.state === 'none') marks = marks.where(sql<boolean>`not ${evidenceExists({})}`);
    if (body.state === 'complete' || body.state === 'gaps') {
      // Whether a mark is complete is worked out from its evidence: every mark with evidence is read.
      const rows = await marks.where(evidenceExists({})).select(MARK_COLUMNS).orderBy('brand_archives.id', 'desc').execute();
      const evidence = await evidenceOfMarks(
        ctx.db,
        rows.map((r) => r.id),
      );
      const list = rows.map((r) => markCoverageRow(r, evidence.get(r.id) ?? [], today)).filter((r) => r.state === body.state);
      return { list: list.slice(offset, offset + limit), count: list.length };
    }
    const [count, rows] = await Promise.all([
      countRows(marks.select('brand_archives.id')),
      marks.select(MARK_COLUMNS).orderBy(evidenceExists({}), 'desc').orderBy('brand_archives.id', 'desc').limit(limit).offset(offset).execute(),
    ]);
    const evidence = await evidenceOfMarks(
      ctx.db,
      rows.map((r) => r.id),
    );
    return { list: rows.map((r) => markCoverageRow(r, evidence.get(r.id) ?? [], today)), count };
  },

  'evidence.coverage': async (body, ctx) => {
    const mark = await visibleMark(ctx.db, archiveViewer(ctx.session), body.brandId);
    const referenceDate = body.referenceDate ?? chinaToday();
    const evidence = (await evidenceOfMarks(ctx.db, [mark.id])).get(mark.id) ?? [];
    const coverage = evidenceCoverage(markGoodsNames(mark), evidence.map(spanOf), referenceDate);
    const codes = new Map((mark.goods ?? []).map((g) => [g.name, g.code]));
    return {
      brandId: mark.id,
      tmName: mark.tm_name,
      appNo: mark.app_no,
      regNo: mark.reg_no,
      tmCl: mark.int_cls,
      referenceDate,
      periods: coverage.periods,
      goods: coverage.goods.map((g) => ({ name: g.name, code: codes.get(g.name) ?? '', cells: g.cells })),
      gapCount: coverage.gapCount,
      state: coverage.state,
    };
  },

  'evidence.detail': async (body, ctx) => {
    const row = await visibleEvidence(ctx.db, archiveViewer(ctx.session), body.id);
    const mark = await ctx.db.selectFrom('brand_archives').select(['tm_name', 'app_no', 'int_cls']).where('id', '=', row.brand_id).executeTakeFirstOrThrow();
    return toEvidence(row, mark);
  },

  'evidence.save': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    // Checked in this order so each refusal names the one field that is wrong; nothing is written before all pass.
    const mark = await visibleMark(ctx.db, viewer, body.brandId);
    if (body.id !== undefined) await visibleEvidence(ctx.db, viewer, body.id, true);
    const files = body.files ?? [];
    await checkFiles(ctx.db, files);
    const today = chinaToday();
    if (body.dateFrom > today) throw badRequest(`证据日期 ${body.dateFrom} 晚于今天（${today}）：不能录入未来日期的证据`);
    const dateTo = body.dateTo ?? null;
    if (dateTo !== null && dateTo > today) throw badRequest(`截止日期 ${dateTo} 晚于今天（${today}）：不能录入未来日期的证据`);
    if (dateTo !== null && dateTo < body.dateFrom) throw badRequest(`截止日期 ${dateTo} 早于证据日期 ${body.dateFrom}`);
    if (body.title.trim() === '') throw badRequest('证据名称不能为空');
    const allowed = new Set(markGoodsNames(mark));
    const foreign = body.goods.find((g) => !allowed.has(g));
    if (foreign !== undefined) throw badRequest(`证明的商品“${foreign}”不是该商标核定使用的商品`);
    const values = {
      brand_id: mark.id,
      title: body.title,
      evidence_type: body.evidenceType,
      date_from: body.dateFrom,
      date_to: dateTo,
      goods: JSON.stringify([...new Set(body.goods)]),
      description: body.description ?? '',
      files: JSON.stringify(files),
    };
    const row =
      body.id === undefined
        ? await ctx.db
            .insertInto('evidence_items')
            .values({ ...values, org_id: ctx.session.orgId, created_by: ctx.session.userId })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await ctx.db
            .updateTable('evidence_items')
            .set({ ...values, updated_at: new Date().toISOString() })
            .where('id', '=', body.id)
            .returningAll()
            .executeTakeFirstOrThrow();
    return toEvidence(row, mark);
  },

  'evidence.delete': async (body, ctx) => {
    await visibleEvidence(ctx.db, archiveViewer(ctx.session), body.id, true);
    await ctx.db.deleteFrom('evidence_items').where('id', '=', body.id).execute();
    return { id: body.id };
  },

  'evidence.bundle': async (body, ctx) => {
    const mark = await visibleMark(ctx.db, archiveViewer(ctx.session), body.brandId);
    let query = ctx.db.selectFrom('evidence_items').selectAll().where('brand_id', '=', mark.id);
    if (body.dateStart) query = query.where(sql<boolean>`coalesce(date_to, date_from) >= ${body.dateStart}::date`);
    if (body.dateEnd) query = query.where('date_from', '<=', body.dateEnd);
    if (body.goods?.length) query = query.where(sql<boolean>`goods ?| ${sql.val(body.goods)}::text[]`);
    const evidence = await query.orderBy('date_from').orderBy('id').execute();
    if (evidence.length === 0) throw badRequest(`商标“${mark.tm_name}”没有符合条件的使用证据，无法生成证据包`);
    const content = await evidenceBundle(ctx.files, evidence);
    return {
      stream: Readable.from([content]),
      size: content.length,
      fileName: `${mark.tm_name || '商标'}-使用证据-${chinaToday().replace(/-/g, '')}.zip`,
      contentType: 'application/zip',
    };
  },
};
