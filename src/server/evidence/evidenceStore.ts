import { sql, type Selectable } from 'kysely';
import type { EvidenceMarkCoverage, GoodsItem, UseEvidence } from '../../generated/types.js';
import type { BrandArchivesTable, EvidenceItemsTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { notFound } from '../http/apiError.js';
import { filterArchive } from '../trademarks/archiveFilter.js';
import type { ArchiveViewer } from '../trademarks/archiveViewer.js';
import { registerMergeReference } from '../trademarks/mergeRegistry.js';
import { evidenceCoverage, liveGoodsNames, type EvidenceSpan } from '../../shared/evidenceCoverage.js';

// Merging duplicate marks moves their evidence to the kept mark (spec 001's merge rule).
registerMergeReference({ table: 'evidence_items', column: 'brand_id' });

export type EvidenceRow = Selectable<EvidenceItemsTable>;
type MarkRow = Pick<Selectable<BrandArchivesTable>, 'id' | 'tm_name' | 'app_no' | 'reg_no' | 'int_cls' | 'tm_status' | 'goods'>;

const iso = (value: string | Date) => new Date(value).toISOString();

export function toEvidence(row: EvidenceRow, mark: Pick<MarkRow, 'tm_name' | 'app_no' | 'int_cls'>): UseEvidence {
  return {
    id: row.id,
    brandId: row.brand_id,
    tmName: mark.tm_name,
    appNo: mark.app_no,
    tmCl: mark.int_cls,
    title: row.title,
    evidenceType: row.evidence_type,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    goods: row.goods,
    description: row.description,
    files: row.files,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export const spanOf = (row: EvidenceRow): EvidenceSpan => ({ id: row.id, dateFrom: row.date_from, dateTo: row.date_to, goods: row.goods });

export const markGoodsNames = (mark: Pick<MarkRow, 'goods'>) => liveGoodsNames((mark.goods ?? []) as GoodsItem[]);

/** The marks the viewer may see (an agency user only their own), as a query to narrow further. */
export async function visibleMarks(db: ScopedDb, viewer: ArchiveViewer, query: { tmName?: string; tmCl?: number; ids?: number[] } = {}) {
  return filterArchive(db, db.selectFrom('brand_archives'), { tmName: query.tmName, tmCl: query.tmCl ? [query.tmCl] : undefined, ids: query.ids }, viewer);
}

/** One evidence item whose mark the viewer may see, or 404. */
export async function visibleEvidence(db: ScopedDb, viewer: ArchiveViewer, id: number, forUpdate = false): Promise<EvidenceRow> {
  let query = db.selectFrom('evidence_items').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('使用证据不存在或已删除');
  const marks = await (await visibleMarks(db, viewer, { ids: [row.brand_id] })).select('brand_archives.id').execute();
  if (marks.length === 0) throw notFound('使用证据不存在或无权查看');
  return row;
}

/** The evidence of these marks, by mark. */
export async function evidenceOfMarks(db: ScopedDb, brandIds: readonly number[]): Promise<Map<number, EvidenceRow[]>> {
  const byMark = new Map<number, EvidenceRow[]>();
  if (brandIds.length === 0) return byMark;
  const rows = await db
    .selectFrom('evidence_items')
    .selectAll()
    .where('brand_id', 'in', [...brandIds])
    .orderBy('date_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) byMark.set(row.brand_id, [...(byMark.get(row.brand_id) ?? []), row]);
  return byMark;
}

/** A mark's row of the coverage list, as of `referenceDate`. */
export function markCoverageRow(mark: MarkRow, evidence: readonly EvidenceRow[], referenceDate: string): EvidenceMarkCoverage {
  const goods = markGoodsNames(mark);
  const coverage = evidenceCoverage(goods, evidence.map(spanOf), referenceDate);
  return {
    brandId: mark.id,
    tmName: mark.tm_name,
    appNo: mark.app_no,
    regNo: mark.reg_no,
    tmCl: mark.int_cls,
    tmStatus: mark.tm_status,
    goodsCount: goods.length,
    evidenceCount: evidence.length,
    gapCount: coverage.gapCount,
    state: coverage.state,
    latestDate: evidence.reduce<string | null>((latest, e) => {
      const end = e.date_to ?? e.date_from;
      return latest === null || end > latest ? end : latest;
    }, null),
  };
}

export const MARK_COLUMNS = [
  'brand_archives.id',
  'brand_archives.tm_name',
  'brand_archives.app_no',
  'brand_archives.reg_no',
  'brand_archives.int_cls',
  'brand_archives.tm_status',
  'brand_archives.goods',
] as const;

/** `exists` evidence of the mark in the outer query, narrowed by type and date. */
export function evidenceExists(filter: { evidenceType?: EvidenceRow['evidence_type']; dateStart?: string; dateEnd?: string }) {
  const conditions = [sql`e.brand_id = brand_archives.id`];
  if (filter.evidenceType) conditions.push(sql`e.evidence_type = ${filter.evidenceType}`);
  if (filter.dateStart) conditions.push(sql`coalesce(e.date_to, e.date_from) >= ${filter.dateStart}::date`);
  if (filter.dateEnd) conditions.push(sql`e.date_from <= ${filter.dateEnd}::date`);
  return sql<boolean>`exists (select 1 from evidence_items e where ${sql.join(conditions, sql` and `)})`;
}
