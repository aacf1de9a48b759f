import { Readable } from 'node:stream';
import type { HandlersOf } from '../http/context.js';
import { badRequest } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { archiveViewer } from '../trademarks/archiveViewer.js';
import { visibleMark, visibleMarksForChange } from '../trademarks/visibleMarks.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import type { GoodsItem } from '../../generated/types.js';
import { licencesSelectedBy } from './licenceQuery.js';
import { licenceWorkbook, MAX_EXPORT } from './licenceExport.js';
import { FILING_CASE_TYPES, licencesOf, markLicences, stateCondition, visibleLicence, type LicenceState } from './licenceStore.js';

const STATES: LicenceState[] = ['valid', 'expiring', 'expired'];

export const licenseMatterHandlers: HandlersOf<'licenseMatter'> = {
  'licenseMatter.list': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const today = chinaToday();
    const { limit, offset } = pageWindow(body);
    // Every condition but the state: the state counts are taken under these.
    const base = licencesSelectedBy(ctx.db, viewer, body);
    const counts = await Promise.all(STATES.map((s) => countRows(base.where(stateCondition(s, today)).select('l.id'))));
    const chosen = body.state ? base.where(stateCondition(body.state, today)) : base;
    const [rows, count] = await Promise.all([
      chosen.selectAll('l').orderBy('l.end_date').orderBy('l.id', 'desc').limit(limit).offset(offset).execute(),
      countRows(chosen.select('l.id')),
    ]);
    return {
      list: await licencesOf(ctx.db, ctx.schemas, rows),
      count,
      valid: counts[0]!,
      expiring: counts[1]!,
      expired: counts[2]!,
    };
  },

  'licenseMatter.export': async (body, ctx) => {
    const today = chinaToday();
    const base = licencesSelectedBy(ctx.db, archiveViewer(ctx.session), body);
    const chosen = body.state ? base.where(stateCondition(body.state, today)) : base;
    const total = await countRows(chosen.select('l.id'));
    if (total > MAX_EXPORT) {
      throw badRequest(
        `符合条件的许可超过 ${MAX_EXPORT.toLocaleString('en-US')} 份，一次最多导出 ${MAX_EXPORT.toLocaleString('en-US')} 份，请缩小截止日期范围或加上其他条件`,
      );
    }
    const rows = await chosen.selectAll('l').orderBy('l.end_date').orderBy('l.id', 'desc').execute();
    const content = await licenceWorkbook(await licencesOf(ctx.db, ctx.schemas, rows));
    return {
      stream: Readable.from([content]),
      size: content.length,
      fileName: `商标许可-${today.replace(/-/g, '')}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  },

  'licenseMatter.detail': async (body, ctx) => {
    const row = await visibleLicence(ctx.db, archiveViewer(ctx.session), body.id);
    return (await licencesOf(ctx.db, ctx.schemas, [row]))[0]!;
  },

  'licenseMatter.save': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const existing = body.id === undefined ? null : await visibleLicence(ctx.db, viewer, body.id, true);

    // What the licence refers to first, each refusal naming its field; then the licence's own rules.
    const brandIds = body.marks.map((m) => m.brandId);
    if (new Set(brandIds).size !== brandIds.length) throw badRequest('许可商标中同一件商标出现了多次');
    const marks = new Map((await visibleMarksForChange(ctx.db, viewer, brandIds)).map((m) => [m.id, m]));

    const caseNo = body.caseNo?.trim() || null;
    let caseId: number | null = null;
    if (caseNo) {
      const found = await ctx.db
        .selectFrom('cases')
        .select(['id', 'case_type'])
        .where('case_no', '=', caseNo)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!found) throw badRequest(`案件编号 ${caseNo} 不存在`);
      if (!FILING_CASE_TYPES.includes(found.case_type)) throw badRequest(`案件编号 ${caseNo} 不是许可备案类案件，不能作为许可的备案案件`);
      caseId = found.id;
    }

    const handlerId = body.handlerUserId ?? null;
    if (handlerId !== null) {
      const user = await ctx.db.selectFrom('users').select('id').where('id', '=', handlerId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!user) throw badRequest('承办人不存在');
    }

    const licensor = body.licensor.trim();
    const licensee = body.licensee.trim();
    if (!licensor) throw badRequest('许可人不能为空');
    if (!licensee) throw badRequest('被许可人不能为空');
    if (licensor === licensee) throw badRequest('许可人与被许可人不能相同');
    if (body.endDate < body.startDate) throw badRequest(`许可截止日期（${body.endDate}）不能早于许可开始日期（${body.startDate}）`);

    // Each mark's goods licensed must be among the goods it is registered for (a struck-out item is not).
    const goodsOf = body.marks.map((m) => {
      const mark = marks.get(m.brandId)!;
      const own = ((mark.goods ?? []) as GoodsItem[]).filter((g) => g.mark !== 2);
      const chosen: GoodsItem[] = [];
      for (const item of m.goods) {
        const name = item.name.trim();
        const match = own.find((g) => g.name === name && (!item.code || !g.code || g.code === item.code));
        if (!match) {
          const label = `${mark.tm_name || '图形'}（${mark.reg_no || mark.app_no}）`;
          throw badRequest(`许可商品/服务“${name}”不是商标${label}核定使用的商品，请从该商标的商品中选择`);
        }
        if (!chosen.some((g) => g.name === match.name && g.code === match.code)) chosen.push({ code: match.code, name: match.name });
      }
      return { brandId: m.brandId, goods: chosen };
    });

    const values = {
      licensor,
      licensee,
      licence_type: body.licenceType,
      territory: body.territory?.trim() ?? '',
      start_date: body.startDate,
      end_date: body.endDate,
      royalty: body.royalty ?? null,
      remark: body.remark?.trim() ?? '',
      case_id: caseId,
      handler_user_id: handlerId,
    };
    const saved = existing
      ? await ctx.db
          .updateTable('licences')
          .set({ ...values, updated_at: new Date() })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await ctx.db
          .insertInto('licences')
          .values({ ...values, org_id: ctx.session.orgId, created_by: ctx.session.userId })
          .returningAll()
          .executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('licence_marks').where('licence_id', '=', saved.id).execute();
    await ctx.db
      .insertInto('licence_marks')
      .values(
        goodsOf.map((m, position) => ({
          org_id: ctx.session.orgId,
          licence_id: saved.id,
          brand_id: m.brandId,
          license_goods: JSON.stringify(m.goods),
          position,
        })),
      )
      .execute();
    return (await licencesOf(ctx.db, ctx.schemas, [saved]))[0]!;
  },

  'licenseMatter.delete': async (body, ctx) => {
    const row = await visibleLicence(ctx.db, archiveViewer(ctx.session), body.id, true);
    await ctx.db.deleteFrom('licences').where('id', '=', row.id).execute();
    return null;
  },

  'licenseMatter.tmList': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    await visibleMark(ctx.db, viewer, body.brandId);
    const list = await markLicences(ctx.db, viewer, body.brandId);
    return { list, count: list.length };
  },
};
