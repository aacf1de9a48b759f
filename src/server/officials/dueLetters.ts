import type { WorkQueue } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { addDays, daysBetween } from '../../shared/trademarkDates.js';
import { visibleLetters, type LetterReader } from './letterAccess.js';
import { STATUS_PENDING, withRowColumns } from './letterList.js';

/** The list page of a business's letters, where a letter is opened. */
const LIST_PAGE = { trademark: '/brand/filesAll', copyright: '/copyRight/officeFile' } as const;

/**
 * The workbench section of letters: pending letters the reader may see whose official deadline
 * falls within `days` from today (the list page's `due` condition), the `limit` soonest first.
 */
export async function dueLetters(db: ScopedDb, reader: LetterReader, days: number, limit: number, today: string): Promise<WorkQueue> {
  const due = (await visibleLetters(db, reader, reader.businesses))
    .where('d.status', '=', STATUS_PENDING)
    .where('d.official_limit', '>=', today)
    .where('d.official_limit', '<=', addDays(today, days));
  const [rows, total] = await Promise.all([
    withRowColumns(due).orderBy('d.official_limit', 'asc').orderBy('d.id', 'asc').limit(limit).execute(),
    due.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    count: Number(total.n),
    note: `官方期限在 ${days} 天内届满的待处理官文`,
    items: rows.map((r) => {
      const name = r.new_tm_name || r.tm_name || '';
      return {
        id: r.id,
        title: name ? `${r.document_type} · ${name}` : r.document_type,
        description: [r.app_no && `申请号 ${r.app_no}`, r.dispatch_no && `发文编号 ${r.dispatch_no}`].filter(Boolean).join(' · '),
        date: r.official_limit!,
        dateLabel: '官方期限',
        daysLeft: daysBetween(today, r.official_limit!),
        link: `${LIST_PAGE[r.business]}?letter=${r.id}`,
      };
    }),
  };
}
