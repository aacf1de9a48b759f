import type { BrandHistoryEntry } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { registerMergeReference } from '../trademarks/mergeRegistry.js';

// A merged mark keeps the history of the marks merged into it.
registerMergeReference({ table: 'brand_history', column: 'brand_id' });

export type HistoryAction = BrandHistoryEntry['action'];

export const HISTORY_ACTION_TITLES: Record<HistoryAction, string> = {
  register: '注册入档',
  renew: '续展',
  changeHolder: '转让/移转',
  changeName: '变更名义',
  changeAddress: '变更地址',
  changeAgent: '变更代理人',
};

/** The archive columns a case changes, by their Chinese names. */
export const HISTORY_FIELD_TITLES: Record<string, string> = {
  applicant_cn: '申请人名称',
  applicant_en: '申请人英文名称',
  applicant_address: '申请人地址',
  applicant_address_en: '申请人英文地址',
  agent: '代理机构',
  private_end_date: '专用权截止日期',
  tm_status: '商标状态',
};

export interface HistoryRecord {
  brandId: number;
  action: HistoryAction;
  field?: string;
  before?: string;
  after?: string;
  content: string;
}

/** Writes what a case changed on marks to their history. */
export async function recordHistory(
  db: ScopedDb,
  at: { orgId: number; caseId: number | null; userId: number | null },
  records: readonly HistoryRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insertInto('brand_history')
    .values(
      records.map((r) => ({
        org_id: at.orgId,
        brand_id: r.brandId,
        case_id: at.caseId,
        user_id: at.userId,
        action: r.action,
        field: r.field ?? '',
        before_value: r.before ?? '',
        after_value: r.after ?? '',
        content: r.content,
      })),
    )
    .execute();
}

/** A mark's history, newest first. */
export async function historyOf(db: ScopedDb, brandId: number): Promise<BrandHistoryEntry[]> {
  const rows = await db
    .selectFrom('brand_history as h')
    .leftJoin('cases as c', 'c.id', 'h.case_id')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.action', 'h.field', 'h.before_value', 'h.after_value', 'h.content', 'h.created_at', 'c.case_no', 'u.display_name'])
    .where('h.brand_id', '=', brandId)
    .orderBy('h.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action as HistoryAction,
    actionTitle: HISTORY_ACTION_TITLES[r.action as HistoryAction] ?? r.action,
    field: r.field,
    fieldTitle: HISTORY_FIELD_TITLES[r.field] ?? r.field,
    before: r.before_value,
    after: r.after_value,
    content: r.content,
    caseNo: r.case_no ?? null,
    userName: r.display_name ?? '',
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
