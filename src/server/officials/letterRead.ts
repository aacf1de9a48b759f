import type { OfficialsGetOfficialResponse } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { notFound } from '../http/apiError.js';
import { officialDocumentReply } from '../trademarks/officialDocuments.js';
import { logoUrl } from '../trademarks/trademarkRecord.js';
import { visibleLetters, type LetterReader } from './letterAccess.js';

/** One letter the reader may see, with its mark as the form's 关联商标 shows it; 404 otherwise. */
export async function readLetter(db: ScopedDb, reader: LetterReader, id: number): Promise<OfficialsGetOfficialResponse> {
  const row = await (
    await visibleLetters(db, reader, reader.businesses)
  )
    .leftJoin('files as f', 'f.id', 'd.file_id')
    .leftJoin('users as u', 'u.id', 'd.handled_by')
    .where('d.id', '=', id)
    .selectAll('d')
    .select(['f.id as file_row_id', 'f.path as file_path', 'f.original_name as file_name', 'f.size as file_size', 'u.display_name as handled_by_name'])
    .executeTakeFirst();
  if (!row) throw notFound('官文不存在或无权查看');
  const letter = officialDocumentReply(row);
  const mark =
    row.brand_archive_id === null
      ? undefined
      : await db
          .selectFrom('brand_archives')
          .where('id', '=', row.brand_archive_id)
          .select(['id', 'app_no', 'tm_name', 'new_tm_name', 'int_cls', 'logo_path', 'tm_status'])
          .executeTakeFirst();
  const brandDetail = mark
    ? [
        {
          id: mark.id,
          appNo: mark.app_no,
          tmName: mark.new_tm_name || mark.tm_name,
          tmCl: mark.int_cls,
          tmLogoUrl: logoUrl(mark.logo_path),
          tmStatus: mark.tm_status,
        },
      ]
    : row.app_no
      ? [{ appNo: row.app_no, tmName: letter.details.tmName ?? '' }]
      : [];
  return { letter, brandDetail };
}
