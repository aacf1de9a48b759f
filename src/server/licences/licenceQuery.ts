import type { LicenceQuery } from '../../generated/types.js';
import { containsPattern } from '../db/likePattern.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { ArchiveViewer } from '../trademarks/archiveViewer.js';
import { visibleTo } from './licenceStore.js';

/**
 * The licences the viewer may see that a query selects by every condition but the state: the list
 * counts each state under these, and the list and the export then narrow them by the state asked.
 */
export function licencesSelectedBy(db: ScopedDb, viewer: ArchiveViewer, query: LicenceQuery) {
  let base = db.selectFrom('licences as l').where(visibleTo(viewer));
  const party = query.party?.trim();
  if (party) base = base.where((eb) => eb.or([eb('l.licensor', 'ilike', containsPattern(party)), eb('l.licensee', 'ilike', containsPattern(party))]));
  const mark = query.tmName?.trim();
  if (mark)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('licence_marks as fm')
          .innerJoin('brand_archives as fb', 'fb.id', 'fm.brand_id')
          .select('fm.brand_id')
          .whereRef('fm.licence_id', '=', 'l.id')
          .where((w) => w.or([w('fb.tm_name', 'ilike', containsPattern(mark)), w('fb.app_no', '=', mark), w('fb.reg_no', '=', mark)])),
      ),
    );
  if (query.licenceType) base = base.where('l.licence_type', '=', query.licenceType);
  if (query.endFrom) base = base.where('l.end_date', '>=', query.endFrom);
  if (query.endTo) base = base.where('l.end_date', '<=', query.endTo);
  return base;
}
