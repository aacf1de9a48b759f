import { sql } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import type { WorkQueue } from '../../generated/types.js';
import { daysBetween, graceEndDate, GRACE_MONTHS } from '../../shared/trademarkDates.js';
import { filterArchive } from './archiveFilter.js';
import type { ArchiveViewer } from './archiveViewer.js';
import { readExpiryWindow, type Expiry } from './expiryWindow.js';

/** A mark's own page, where its renewal is followed up. */
const markPage = (id: number) => `/brand/detail?id=${id}`;

/**
 * A workbench section of the archive's reminders: how many marks the viewer may see are expiring (or
 * in grace), exactly as the archive's `expiry` condition selects them, and the `limit` whose deadline
 * comes first, with the days left to it: for an expiring mark the end of exclusive use, for one in
 * grace the end of the grace period.
 */
export async function expiryReminders(db: ScopedDb, viewer: ArchiveViewer, expiry: Expiry, limit: number): Promise<WorkQueue> {
  const window = await readExpiryWindow(db);
  const matching = await filterArchive(db, db.selectFrom('brand_archives'), { expiry }, viewer, window);
  const rows = await matching
    .select([
      'brand_archives.id',
      'brand_archives.tm_name',
      'brand_archives.new_tm_name',
      'brand_archives.int_cls',
      'brand_archives.app_no',
      'brand_archives.reg_no',
      'brand_archives.private_end_date',
      sql<number>`(count(*) over ())::int`.as('matching_total'),
    ])
    .orderBy('brand_archives.private_end_date', 'asc')
    .orderBy('brand_archives.id', 'asc')
    .limit(limit)
    .execute();
  const inGrace = expiry === 'grace';
  return {
    count: rows[0]?.matching_total ?? 0,
    note: inGrace ? `专用权已截止、${GRACE_MONTHS} 个月宽展期未满，仍可续展` : `专用权在 ${window.months} 个月内截止`,
    items: rows.map((r) => {
      const date = inGrace ? graceEndDate(r.private_end_date)! : r.private_end_date!;
      const number = r.reg_no ? `注册号 ${r.reg_no}` : `申请号 ${r.app_no}`;
      return {
        id: r.id,
        title: r.new_tm_name || r.tm_name || r.app_no,
        description: r.int_cls ? `第${r.int_cls}类 · ${number}` : number,
        date,
        dateLabel: inGrace ? '宽展期截止' : '专用权截止',
        daysLeft: daysBetween(window.today, date),
        link: markPage(r.id),
      };
    }),
  };
}
