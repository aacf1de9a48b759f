import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Database, LicencesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { notFound } from '../http/apiError.js';
import type { ArchiveViewer } from '../trademarks/archiveViewer.js';
import { registerMergeReference } from '../trademarks/mergeRegistry.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { caseTypeVersion, statusTitle } from '../cases/caseTypes.js';
import { addDays, chinaToday, daysBetween } from '../../shared/trademarkDates.js';
import type { GoodsItem, Licence, MarkLicence } from '../../generated/types.js';

// A merge of marks moves their licences to the kept mark (spec 001's merge rule); a licence naming
// both the kept and a merged mark keeps the kept mark's row.
registerMergeReference({ table: 'licence_marks', column: 'brand_id', uniqueWith: ['licence_id'] });

export type LicenceRow = Selectable<LicencesTable>;
export type LicenceType = LicenceRow['licence_type'];
export type LicenceState = Licence['state'];

export const LICENCE_TYPE_TITLES: Record<LicenceType, string> = { exclusive: '独占许可', sole: '排他许可', ordinary: '普通许可' };
export const STATE_TITLES: Record<LicenceState, string> = { valid: '有效', expiring: '即将到期', expired: '已到期' };

/** A licence ending within this many days is 即将到期, and its creator and handler are reminded. */
export const EXPIRING_DAYS = 30;

/** The case types a licence can be filed by (许可备案 and its change, early end and withdrawal). */
export const FILING_CASE_TYPES = ['licenseRecord', 'licenseRecordChange', 'licenseRecordStop', 'licenseRecordWithdraw'];

export const NOT_FOUND = '许可不存在或已删除';

export const asDate = (value: unknown): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

export function stateOn(endDate: string, today: string): LicenceState {
  if (endDate < today) return 'expired';
  return endDate <= addDays(today, EXPIRING_DAYS) ? 'expiring' : 'valid';
}

/** Parses stored licenseGoods text; a row written by hand that is not a list reads as none. */
export function parseGoods(text: string): GoodsItem[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((g): g is { code?: unknown; name: string } => typeof g === 'object' && g !== null && typeof (g as { name?: unknown }).name === 'string')
      .map((g) => ({ code: typeof g.code === 'string' ? g.code : '', name: g.name }));
  } catch {
    return [];
  }
}

/**
 * The licences a viewer may see: an agency user (spec 000 §6's agency rule) only those whose every
 * mark is one they are responsible for; everyone else all of the organisation's.
 */
export function visibleTo(viewer: ArchiveViewer) {
  return (eb: ExpressionBuilder<Database & { l: LicencesTable }, 'l'>) =>
    viewer.ownMarksOnly
      ? eb.not(
          eb.exists(
            eb
              .selectFrom('licence_marks as vm')
              .innerJoin('brand_archives as vb', 'vb.id', 'vm.brand_id')
              .select('vm.brand_id')
              .whereRef('vm.licence_id', '=', 'l.id')
              .where((w) => w.or([w('vb.owner_user_id', 'is', null), w('vb.owner_user_id', '<>', viewer.userId)])),
          ),
        )
      : eb.lit(true);
}

/** The licence the viewer may see, or 404 in the same words whether it is another organisation's or none. */
export async function visibleLicence(db: ScopedDb, viewer: ArchiveViewer, id: number, forUpdate = false): Promise<LicenceRow> {
  const query = db.selectFrom('licences as l').selectAll('l').where('l.id', '=', id).where(visibleTo(viewer));
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The answers for these rows, in their order: marks with their goods, names, and the filing case's state. */
export async function licencesOf(db: ScopedDb, schemas: SchemaLibrary, rows: readonly LicenceRow[], now = new Date()): Promise<Licence[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const marks = await db
    .selectFrom('licence_marks as m')
    .innerJoin('brand_archives as b', 'b.id', 'm.brand_id')
    .select(['m.licence_id', 'm.brand_id', 'm.license_goods', 'b.tm_name', 'b.app_no', 'b.reg_no', 'b.int_cls'])
    .where('m.licence_id', 'in', ids)
    .orderBy('m.licence_id')
    .orderBy('m.position')
    .execute();
  const userIds = rows.flatMap((r) => [r.handler_user_id, r.created_by]).filter((id): id is number => id !== null);
  const names = new Map(
    userIds.length === 0
      ? []
      : (
          await db
            .selectFrom('users')
            .select(['id', 'display_name'])
            .where('id', 'in', [...new Set(userIds)])
            .execute()
        ).map((u) => [u.id, u.display_name]),
  );
  const caseIds = rows.map((r) => r.case_id).filter((id): id is number => id !== null);
  const cases = new Map(
    caseIds.length === 0
      ? []
      : (
          await db
            .selectFrom('cases')
            .select(['id', 'case_no', 'case_type', 'type_version_id', 'status', 'deleted_at'])
            .where('id', 'in', [...new Set(caseIds)])
            .execute()
        ).map((c) => [c.id, c]),
  );
  const caseStates = new Map<number, string>();
  for (const c of cases.values()) {
    if (c.deleted_at !== null) caseStates.set(c.id, '案件已删除');
    else caseStates.set(c.id, statusTitle(await caseTypeVersion(db, schemas, c.case_type, c.type_version_id), c.status));
  }
  const today = chinaToday(now);
  return rows.map((r) => {
    const own = marks.filter((m) => m.licence_id === r.id);
    const endDate = asDate(r.end_date);
    const state = stateOn(endDate, today);
    const filing = r.case_id === null ? undefined : cases.get(r.case_id);
    return {
      id: r.id,
      licensor: r.licensor,
      licensee: r.licensee,
      licenceType: r.licence_type,
      licenceTypeTitle: LICENCE_TYPE_TITLES[r.licence_type],
      territory: r.territory,
      startDate: asDate(r.start_date),
      endDate,
      royalty: r.royalty === null ? null : Number(r.royalty),
      remark: r.remark,
      state,
      stateTitle: STATE_TITLES[state],
      daysLeft: daysBetween(today, endDate),
      marks: own.map((m) => ({
        brandId: m.brand_id,
        tmName: m.tm_name,
        appNo: m.app_no,
        regNo: m.reg_no,
        intCls: m.int_cls,
        licenseGoods: parseGoods(m.license_goods),
      })),
      markNames: own.map((m) => m.tm_name || '图形').join('、'),
      caseNo: filing?.case_no ?? null,
      caseType: filing?.case_type ?? null,
      caseStatusTitle: filing ? (caseStates.get(filing.id) ?? '') : '未备案',
      handlerUserId: r.handler_user_id,
      handlerName: r.handler_user_id === null ? '' : (names.get(r.handler_user_id) ?? ''),
      createdByName: r.created_by === null ? '' : (names.get(r.created_by) ?? ''),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
}

/** One mark's licences for its page: the goods as the spec's JSON text, and parsed. */
export async function markLicences(db: ScopedDb, viewer: ArchiveViewer, brandId: number, now = new Date()): Promise<MarkLicence[]> {
  const rows = await db
    .selectFrom('licences as l')
    .innerJoin('licence_marks as m', 'm.licence_id', 'l.id')
    .leftJoin('cases as c', (j) => j.onRef('c.id', '=', 'l.case_id').on('c.deleted_at', 'is', null))
    .select(['l.id', 'l.licensor', 'l.licensee', 'l.licence_type', 'l.start_date', 'l.end_date', 'm.license_goods', 'c.case_no'])
    .where('m.brand_id', '=', brandId)
    .where(visibleTo(viewer))
    .orderBy('l.end_date')
    .orderBy('l.id')
    .execute();
  const today = chinaToday(now);
  return rows.map((r) => {
    const goodsList = parseGoods(r.license_goods);
    return {
      id: r.id,
      licensor: r.licensor,
      licensee: r.licensee,
      licenceTypeTitle: LICENCE_TYPE_TITLES[r.licence_type],
      startDate: asDate(r.start_date),
      endDate: asDate(r.end_date),
      stateTitle: STATE_TITLES[stateOn(asDate(r.end_date), today)],
      licenseGoods: r.license_goods,
      goodsList,
      goodsText: goodsList.map((g) => g.name).join('；'),
      caseNo: r.case_no,
    };
  });
}

/** The condition on end_date that selects a state, given today. */
export function stateCondition(state: LicenceState, today: string) {
  const soon = addDays(today, EXPIRING_DAYS);
  if (state === 'expired') return sql<boolean>`l.end_date < ${today}::date`;
  if (state === 'expiring') return sql<boolean>`l.end_date >= ${today}::date and l.end_date <= ${soon}::date`;
  return sql<boolean>`l.end_date > ${soon}::date`;
}
