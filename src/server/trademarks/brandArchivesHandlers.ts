import type { HandlersOf } from '../http/context.js';
import { archiveViewer } from './archiveViewer.js';
import { ARCHIVE_COUNT_CAP } from './archiveFilter.js';
import { readArchivePage } from './archivePage.js';
import { toTrademark } from './trademarkRecord.js';
import { attachTags } from './trademarkTags.js';
import { brandDetail } from './brandDetail.js';
import { archiveStatistics } from './archiveStatistics.js';
import { addBrand, batchUpdateBrands, saveBrand } from './brandSave.js';
import { addFromRegister, deleteMarks, relatedMarks } from './archiveMembership.js';
import { similarGoods } from './similarGoods.js';
import { readArchiveSettings, saveArchiveSettings } from './archiveSettings.js';
import { expiryWindow } from './expiryWindow.js';
import { expiryReminders } from './expiryReminders.js';
import { chinaToday } from '../../shared/trademarkDates.js';

const viewerOf = (ctx: Parameters<HandlersOf<'brandArchives'>['brandArchives.queryBrandPage']>[1]) => archiveViewer(ctx.session);

export const brandArchivesHandlers: HandlersOf<'brandArchives'> = {
  'brandArchives.queryBrandPage': async (request, ctx) => {
    const { rows, countAll, offset } = await readArchivePage(ctx.db, ctx.session.orgId, viewerOf(ctx), request);
    // A page past the end has no row to carry the count.
    const counted = rows[0]?.matching_total ?? (offset > 0 ? await countAll() : 0);
    const labels = new Map(rows.map((r) => [r.id, r.labels ?? []]));
    return {
      list: await attachTags(ctx.db, rows.map(toTrademark), labels, { database: ctx.system, orgId: ctx.session.orgId, version: rows[0]?.maps_version }),
      count: Math.min(counted, ARCHIVE_COUNT_CAP),
      countCapped: counted > ARCHIVE_COUNT_CAP,
    };
  },
  'brandArchives.queryBrandDetailList': async (body, ctx) => brandDetail(ctx.db, viewerOf(ctx), body.id),
  'brandArchives.getBrandDetailsStatistics': async (body, ctx) => {
    const settings = await readArchiveSettings(ctx.db, ctx.session.orgId);
    return archiveStatistics(ctx.db, viewerOf(ctx), body, expiryWindow(chinaToday(), settings.expiryReminderMonths));
  },
  'brandArchives.getExpiryReminders': async (body, ctx) => expiryReminders(ctx.db, viewerOf(ctx), body.expiry, body.limit ?? 5),
  'brandArchives.batchUpdateBrands': async (body, ctx) => ({ updated: await batchUpdateBrands(ctx.db, viewerOf(ctx), body) }),
  'brandArchives.saveBrand': async (body, ctx) => saveBrand(ctx.db, viewerOf(ctx), body),
  'brandArchives.addBrand': async (body, ctx) => addBrand(ctx.db, ctx.session.orgId, viewerOf(ctx), body),
  'brandArchives.addFromRegister': async (body, ctx) => addFromRegister(ctx.db, ctx.session.orgId, ctx.session.userId, body),
  'brandArchives.delTrademarkList': async (body, ctx) => ({ deleted: await deleteMarks(ctx.db, viewerOf(ctx), body.ids) }),
  'brandArchives.relevanceBrand': async (body, ctx) => ({ list: await relatedMarks(ctx.db, viewerOf(ctx), body.regNo) }),
  'brandArchives.similarGoods': async (body, ctx) => ({ text: await similarGoods(ctx.db, viewerOf(ctx), body.applyNo) }),
  'brandArchives.getGlobalConfiguration': async (_body, ctx) => readArchiveSettings(ctx.db, ctx.session.orgId),
  'brandArchives.updateGlobalConfiguration': async (body, ctx) => saveArchiveSettings(ctx.db, ctx.session.orgId, ctx.session.userId, body),
};
