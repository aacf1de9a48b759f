import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../generated/tables.js';
import type { Session } from '../auth/session.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { badRequest, forbidden } from '../http/apiError.js';
import { archiveViewer, type ArchiveViewer } from '../trademarks/archiveViewer.js';
import { filterArchive } from '../trademarks/archiveFilter.js';
import type { LetterBusiness } from '../../shared/officialTypes.js';

/** The permission each business's letters need (spec 000 §6): trademark letters the archive's, copyright letters their own. */
export const LETTER_PERMISSION: Record<LetterBusiness, { key: string; label: string }> = {
  trademark: { key: 'trademark', label: '商标' },
  copyright: { key: 'copyrightOfficial', label: '版权官文' },
};

/** Who is reading or changing letters: the archive's viewer plus the businesses their role opens. */
export interface LetterReader extends ArchiveViewer {
  businesses: LetterBusiness[];
}

export function letterReader(session: Pick<Session, 'userId' | 'roleName' | 'permissions'>): LetterReader {
  const businesses = (Object.keys(LETTER_PERMISSION) as LetterBusiness[]).filter((b) => session.permissions.has(LETTER_PERMISSION[b].key));
  return { ...archiveViewer(session), businesses };
}

/** Refuses a reader whose role does not open this business's letters. */
export function requireBusiness(reader: LetterReader, business: LetterBusiness): void {
  if (!reader.businesses.includes(business)) throw forbidden(`没有“${LETTER_PERMISSION[business].label}”权限`);
}

/** The letters table read as `d`. */
export type LetterDb = Database & { d: Database['official_documents'] };
export type LetterQuery<O> = SelectQueryBuilder<LetterDb, 'd', O>;

/**
 * The letters a reader may see among `businesses`: an agency user only those on marks they may
 * see in the archive (the archive's own rule) and those they recorded themselves.
 */
export async function visibleLetters(db: ScopedDb, reader: LetterReader, businesses: readonly LetterBusiness[]): Promise<LetterQuery<object>> {
  const allowed = businesses.filter((b) => reader.businesses.includes(b));
  let q: LetterQuery<object> = db.selectFrom('official_documents as d');
  q = allowed.length === 0 ? q.where(sql<boolean>`false`) : q.where('d.business', 'in', allowed);
  if (!reader.ownMarksOnly) return q;
  const marks = (await filterArchive(db, db.selectFrom('brand_archives'), {}, reader)).select('brand_archives.id');
  return q.where((eb: ExpressionBuilder<LetterDb, 'd'>) => eb.or([eb('d.created_by', '=', reader.userId), eb('d.brand_archive_id', 'in', marks)]));
}

/**
 * The ids among these the reader may change, locked; every one must be, otherwise nothing is
 * changed and the refused numbers are named.
 */
export async function lettersForChange(db: ScopedDb, reader: LetterReader, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await (
    await visibleLetters(db, reader, reader.businesses)
  )
    .where('d.id', 'in', unique)
    .select('d.id')
    .modifyEnd(sql`for update of d`)
    .execute();
  const allowed = new Set(rows.map((r) => r.id));
  const refused = unique.filter((id) => !allowed.has(id));
  if (refused.length > 0) throw badRequest(`以下官文不存在或无权操作：编号 ${refused.slice(0, 20).join('、')}`);
  return unique;
}
