import type { BrandExportStartRequest } from '../generated/types.js';

export type ArchiveExportColumn = NonNullable<BrandExportStartRequest['columns']>[number];

/**
 * The columns an archive export may hold, in file order. The first ones carry the import
 * template's headers, so an exported file can be filled in and imported again.
 */
export const ARCHIVE_EXPORT_COLUMNS: readonly { key: ArchiveExportColumn; label: string }[] = [
  { key: 'tmName', label: '商标名称' },
  { key: 'appNo', label: '申请号' },
  { key: 'tmCl', label: '类别' },
  { key: 'country', label: '国家/地区' },
  { key: 'applicant', label: '申请人' },
  { key: 'applicantAddress', label: '申请人地址' },
  { key: 'appDate', label: '申请日期' },
  { key: 'prelimDate', label: '初审公告日期' },
  { key: 'regDate', label: '注册日期' },
  { key: 'privateEndDate', label: '专用权截止日期' },
  { key: 'regNo', label: '注册号' },
  { key: 'tmStatus', label: '商标状态' },
  { key: 'goods', label: '商品/服务' },
  { key: 'submitWay', label: '申请方式' },
  { key: 'agent', label: '代理机构' },
  { key: 'remark', label: '备注' },
  { key: 'tmType', label: '商标类型' },
  { key: 'source', label: '来源' },
];

export const ARCHIVE_SOURCE_LABELS: Record<number, string> = { 0: '公有云同步', 1: '手动录入', 2: '批量导入', 3: '案件生成' };
