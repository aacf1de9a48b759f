import type { BrandExportStartRequest } from '../generated/types.js';
import { FIELD_TITLES } from '../generated/fieldTitles.js';
import { FIELD_ENUM_TITLES } from '../generated/fieldFormats.js';

const TRADEMARK = FIELD_TITLES.Trademark;

export type ArchiveExportColumn = NonNullable<BrandExportStartRequest['columns']>[number];

/**
 * The columns an archive export may hold, in file order. The first ones carry the import
 * template's headers, so an exported file can be filled in and imported again.
 */
export const ARCHIVE_EXPORT_COLUMNS: readonly { key: ArchiveExportColumn; label: string }[] = [
  { key: 'tmName', label: TRADEMARK.tmName },
  { key: 'appNo', label: TRADEMARK.appNo },
  { key: 'tmCl', label: TRADEMARK.tmCl },
  { key: 'country', label: TRADEMARK.countryCode },
  { key: 'applicant', label: TRADEMARK.applicant },
  { key: 'applicantAddress', label: TRADEMARK.applicantAddress },
  { key: 'appDate', label: TRADEMARK.appDate },
  { key: 'prelimDate', label: TRADEMARK.prelimDate },
  { key: 'regDate', label: TRADEMARK.regDate },
  { key: 'privateEndDate', label: TRADEMARK.privateEndDate },
  { key: 'regNo', label: TRADEMARK.regNo },
  { key: 'tmStatus', label: TRADEMARK.tmStatus },
  { key: 'goods', label: '商品/服务' },
  { key: 'submitWay', label: TRADEMARK.submitWay },
  { key: 'agent', label: TRADEMARK.agent },
  { key: 'remark', label: TRADEMARK.remark },
  { key: 'tmType', label: TRADEMARK.tmType },
  { key: 'source', label: TRADEMARK.source },
];

export const ARCHIVE_SOURCE_LABELS: Record<number, string> = FIELD_ENUM_TITLES.Trademark.source;
