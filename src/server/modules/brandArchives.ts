import { sql } from 'kysely';
import type { HandlersOf } from '../http/context.js';
import { pageWindow } from '../db/paging.js';
import { archiveViewer } from '../trademarks/archiveViewer.js';
import { filterArchive, orderArchive } from '../trademarks/archiveFilter.js';
import { toTrademark } from '../trademarks/trademarkRecord.js';
import { attachTags } from '../trademarks/trademarkTags.js';

/** The pagination bar shows at most this many; counting further would cost time for nothing. */
export const COUNT_CAP = 10_000;

export const brandArchivesHandlers: HandlersOf<'brandArchives'> = {
  'brandArchives.queryBrandPage': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const { limit, offset } = pageWindow(body, 20);
    const matching = await filterArchive(ctx.db, ctx.db.selectFrom('brand_archives'), body, viewer);
    const [rows, counted] = await Promise.all([
      orderArchive(matching.selectAll('brand_archives'), body).limit(limit).offset(offset).execute(),
      ctx.db
        .selectFrom(matching.select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1).as('m'))
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list: await attachTags(ctx.db, rows.map(toTrademark)), count: Math.min(counted.n, COUNT_CAP), countCapped: counted.n > COUNT_CAP };
  },
};
