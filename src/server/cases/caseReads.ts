import { sql } from 'kysely';
import type { CaseCountryDetail, CaseCountryFiles, CaseDetail, CaseFeeLine, CaseQuery, CaseStage, CaseSummary, CaseTmItem } from '../../generated/types.js';
import type { Session } from '../auth/session.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { containsPattern } from '../db/likePattern.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { allowedActions } from './caseWorkflow.js';
import { caseFeeLines, feeDay, withFeeTotals } from './caseFees.js';
import type { OfficialFeeEntry } from '../../shared/officialFees.js';
import { caseTypes as builtInCaseTypes } from '../fees/caseTypes.js';
import { availableCaseTypes, defaultStatuses, stageTitle, statusTitle, type CaseType } from './caseTypes.js';
import type { CaseRow } from './caseStore.js';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** The case's items as tmItems, in their order. */
export async function tmItemsOf(db: ScopedDb, caseId: number): Promise<CaseTmItem[]> {
  const rows = await db.selectFrom('case_items').selectAll().where('case_id', '=', caseId).orderBy('position').execute();
  return rows.map((r) => ({
    appCountry: r.country_code,
    countryName: r.country_name,
    tmCl: r.classes,
    goodsItem: r.goods,
    goodsItemTranslate: r.goods_translate,
    basicTmInfos: r.basic_tm_infos,
    applyBasic: r.apply_basic,
    appNo: r.app_no,
    officialFees: Number(r.official_fees),
    agencyFees: Number(r.agency_fees),
    sundryFees: Number(r.sundry_fees),
  }));
}

/** The submitted files grouped by country, in the order of the items (officialSubmitFiles and detailOfficFile alike). */
async function filesByCountry(db: ScopedDb, caseId: number, items: CaseTmItem[]): Promise<CaseCountryFiles[]> {
  const rows = await db.selectFrom('case_files').selectAll().where('case_id', '=', caseId).orderBy('position').execute();
  const names = new Map(items.map((i) => [i.appCountry, i.countryName ?? '']));
  const groups = new Map<string, CaseCountryFiles>();
  for (const r of rows) {
    const group = groups.get(r.country_code) ?? { appCountry: r.country_code, countryName: names.get(r.country_code) ?? '', files: [] };
    group.files.push({ fileName: r.file_name, filePath: r.file_path, ...(r.attachment_key ? { attachmentKey: r.attachment_key } : {}) });
    groups.set(r.country_code, group);
  }
  return [...groups.values()];
}

/** detailCgInfo: per country, its classes each with their goods. */
function countryDetails(items: CaseTmItem[]): CaseCountryDetail[] {
  return items.map((item) => ({
    appCountry: item.appCountry,
    countryName: item.countryName ?? '',
    cgInfo: item.tmCl.map((tmCl) => ({ tmCl, goodsItem: item.goodsItem.filter((g) => g.tmCl === tmCl) })),
    goodsItemTranslate: item.goodsItemTranslate ?? '',
    basicTmInfos: item.basicTmInfos ?? '',
    applyBasic: item.applyBasic ?? '',
    appNo: item.appNo ?? '',
    officialFees: item.officialFees ?? 0,
    agencyFees: item.agencyFees ?? 0,
    sundryFees: item.sundryFees ?? 0,
  }));
}

/** The type's stages with where the case stands in each. */
async function stagesOf(db: ScopedDb, type: CaseType, row: CaseRow): Promise<CaseStage[]> {
  const records = await db.selectFrom('case_stage_records').selectAll().where('case_id', '=', row.id).orderBy('id').execute();
  const currentIndex = type.stages.findIndex((s) => s.key === row.stage);
  return type.stages.map((stage, index) => {
    const last = [...records].reverse().find((r) => r.stage === stage.key);
    const state: CaseStage['state'] = index === currentIndex ? 'current' : last || index < currentIndex ? 'done' : 'waiting';
    return {
      key: stage.key,
      title: stage.title,
      deadlineDays: stage.deadlineDays ?? null,
      state,
      enteredAt: last ? iso(last.entered_at) : null,
      deadline: last?.deadline ?? null,
      leftAt: last ? iso(last.left_at) : null,
    };
  });
}

/** Everything about a case (spec 000 §3's query result), in the version of its type it was created with. */
export async function caseDetail(
  db: ScopedDb,
  type: CaseType,
  row: CaseRow,
  session: Session,
  feeTable: readonly OfficialFeeEntry[],
  feeLines?: CaseFeeLine[],
): Promise<CaseDetail> {
  const [stored, people, enterprise, parent, marks, demand] = await Promise.all([
    tmItemsOf(db, row.id),
    db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('id', 'in', [row.handler_user_id ?? 0, row.created_by ?? 0])
      .execute(),
    row.enterprise_id ? db.selectFrom('enterprises').select('applicant_name').where('id', '=', row.enterprise_id).executeTakeFirst() : undefined,
    row.parent_case_id ? db.selectFrom('cases').select('case_no').where('id', '=', row.parent_case_id).executeTakeFirst() : undefined,
    db
      .selectFrom('case_marks as m')
      .innerJoin('brand_archives as b', 'b.id', 'm.brand_id')
      .select(['b.id', 'b.tm_name', 'b.app_no', 'b.reg_no', 'b.int_cls', 'b.applicant_cn', 'm.main'])
      .where('m.case_id', '=', row.id)
      .orderBy('m.main', 'desc')
      .orderBy('b.id')
      .execute(),
    db
      .selectFrom('demand_cases as dc')
      .innerJoin('demands as d', 'd.id', 'dc.demand_id')
      .select(['d.id', 'd.demand_no', 'd.title'])
      .where('dc.case_id', '=', row.id)
      .executeTakeFirst(),
  ]);
  const fees = feeLines ?? (await caseFeeLines(db, type, stored, marks.length, feeDay(row), { table: feeTable, channel: row.submit_type }));
  // The totals as priced now: a changed channel (online or paper) or fee table shows at once.
  const items = withFeeTotals(stored, fees);
  const files = await filesByCountry(db, row.id, items);
  const name = (id: number | null) => people.find((p) => p.id === id)?.display_name ?? '';
  const biz = row.biz_param;
  const editable = ['draft', 'returned'].includes(row.status) || (row.filed_at === null && !type.statuses.find((s) => s.key === row.status)?.final);
  return {
    caseNo: row.case_no,
    caseType: row.case_type,
    caseTypeTitle: type.title,
    typeVersion: row.type_version,
    status: row.status,
    statusTitle: statusTitle(type, row.status),
    stage: row.stage,
    stageTitle: stageTitle(type, row.stage),
    revision: row.revision,
    enterpriseId: row.enterprise_id,
    applicantName: enterprise?.applicant_name ?? row.applicant_name,
    handlerId: row.handler_user_id,
    handlerName: name(row.handler_user_id),
    creatorName: name(row.created_by),
    submitType: row.submit_type,
    appNo: row.app_no,
    result: row.result,
    resultNote: row.result_note,
    parentCaseNo: parent?.case_no ?? null,
    demand: demand ? { id: demand.id, demandNo: demand.demand_no, title: demand.title } : null,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    submittedAt: iso(row.submitted_at),
    filedAt: iso(row.filed_at),
    bizParam: {
      tmItems: items,
      officialSubmitFiles: files,
      detailCgInfo: countryDetails(items),
      detailOfficFile: files,
      priorityRadio: biz.priorityRadio ?? 'no',
      dplPriorityTm: biz.dplPriorityTm ?? '[]',
      tmType: biz.tmType ?? '',
      coOwnerInfo: biz.coOwnerInfo ?? '[]',
      brandId: biz.brandId ?? null,
      relatedBrandIds: biz.relatedBrandIds ?? [],
      intCls: biz.intCls ?? [],
      tmName: row.tm_name,
      form: biz.form ?? {},
    },
    stages: await stagesOf(db, type, row),
    fees,
    marks: marks.map((m) => ({ id: m.id, tmName: m.tm_name, appNo: m.app_no, regNo: m.reg_no, tmCl: m.int_cls, applicant: m.applicant_cn, main: m.main })),
    customValues: row.custom_values ?? {},
    actions: [
      ...allowedActions(type, session, row.status),
      ...(editable && session.permissions.has('caseManage') && row.filed_at === null ? ['edit'] : []),
      ...(row.filed_at === null && session.permissions.has('caseDelete') ? ['delete'] : []),
    ],
  };
}

/** Titles of statuses and stages for rows of many types: each type's current version, then the default statuses. */
export class CaseTitles {
  private constructor(
    private readonly types: Map<string, CaseType>,
    private readonly statuses: Map<string, string>,
    private readonly dictTitles: Map<string, string>,
  ) {}

  static async load(db: ScopedDb, schemas: SchemaLibrary): Promise<CaseTitles> {
    const types = new Map((await availableCaseTypes(db, schemas)).map((t) => [t.name, t]));
    const statuses = new Map(defaultStatuses(schemas).map((s) => [s.key, s.title]));
    return new CaseTitles(types, statuses, new Map(builtInCaseTypes(schemas).names));
  }

  type(name: string): string {
    return this.types.get(name)?.title ?? this.dictTitles.get(name) ?? name;
  }

  status(typeName: string, key: string): string {
    const type = this.types.get(typeName);
    return (type && type.statuses.find((s) => s.key === key)?.title) ?? this.statuses.get(key) ?? key;
  }

  stage(typeName: string, key: string): string {
    const type = this.types.get(typeName);
    return (type && type.stages.find((s) => s.key === key)?.title) ?? key;
  }
}

/** The calendar day after `day` (YYYY-MM-DD). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The organisation's live cases under a query's conditions; `withType` false leaves out the type condition (for the counts per type). */
export function filteredCases(db: ScopedDb, query: CaseQuery, withType = true) {
  const dateColumn = { createdAt: 'c.created_at', submittedAt: 'c.submitted_at', filedAt: 'c.filed_at', deadline: 'c.stage_deadline' } as const;
  const column = dateColumn[query.dateField ?? 'createdAt'];
  const isDay = column === 'c.stage_deadline';
  let q = db.selectFrom('cases as c').where('c.deleted_at', 'is', null);
  if (withType && query.caseType) q = q.where('c.case_type', '=', query.caseType);
  if (withType && query.caseTypes?.length) q = q.where('c.case_type', 'in', query.caseTypes);
  if (query.status?.length) q = q.where('c.status', 'in', query.status);
  if (query.stage) q = q.where('c.stage', '=', query.stage);
  if (query.handlerId) q = q.where('c.handler_user_id', '=', query.handlerId);
  if (query.country) {
    const country = query.country;
    q = q.where((eb) => eb.exists(eb.selectFrom('case_items as i').select('i.id').whereRef('i.case_id', '=', 'c.id').where('i.country_code', '=', country)));
  }
  if (query.brandId) {
    const brandId = query.brandId;
    q = q.where((eb) => eb.exists(eb.selectFrom('case_marks as m').select('m.case_id').whereRef('m.case_id', '=', 'c.id').where('m.brand_id', '=', brandId)));
  }
  // Dates are China days, both ends included.
  if (query.dateFrom) q = q.where(column, '>=', isDay ? query.dateFrom : `${query.dateFrom}T00:00:00+08:00`);
  if (query.dateTo) q = q.where(column, isDay ? '<=' : '<', isDay ? query.dateTo : `${dayAfter(query.dateTo)}T00:00:00+08:00`);
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = containsPattern(keyword);
    q = q.where((eb) =>
      eb.or([
        eb('c.case_no', 'ilike', like),
        eb('c.tm_name', 'ilike', like),
        eb('c.app_no', 'ilike', like),
        eb('c.applicant_name', 'ilike', like),
        eb.exists(eb.selectFrom('case_items as k').select('k.id').whereRef('k.case_id', '=', 'c.id').where('k.app_no', 'ilike', like)),
      ]),
    );
  }
  return q;
}

export type FilteredCases = ReturnType<typeof filteredCases>;

/** The list counts at most this many cases: counting all of 100,000 took longer than the page itself. */
export const CASE_COUNT_CAP = 10_000;

/** The count of the cases a query selects, counted no further than `limit`. */
export function casesCountUpTo(db: ScopedDb, q: FilteredCases, limit: number) {
  return db
    .selectFrom(
      q
        .select(sql<number>`1`.as('one'))
        .limit(limit)
        .as('m'),
    )
    .select(sql<number>`count(*)::int`.as('n'));
}

export async function countCasesUpTo(db: ScopedDb, q: FilteredCases, limit: number): Promise<number> {
  return (await casesCountUpTo(db, q, limit).executeTakeFirstOrThrow()).n;
}

/** The list rows of the cases a query selects. */
export function summaryRows(q: FilteredCases) {
  return q
    .leftJoin('users as h', 'h.id', 'c.handler_user_id')
    .select([
      'c.case_no',
      'c.case_type',
      'c.status',
      'c.stage',
      'c.stage_deadline',
      'c.tm_name',
      'c.brand_id',
      'c.countries',
      'c.classes',
      'c.app_no',
      'c.applicant_name',
      'c.handler_user_id',
      'h.display_name as handler_name',
      'c.submit_type',
      'c.result',
      'c.created_at',
      'c.updated_at',
      'c.submitted_at',
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryRows>['execute']>>[number];

export function toSummary(row: SummaryRow, titles: CaseTitles): CaseSummary {
  return {
    caseNo: row.case_no,
    caseType: row.case_type,
    caseTypeTitle: titles.type(row.case_type),
    status: row.status,
    statusTitle: titles.status(row.case_type, row.status),
    stage: row.stage,
    stageTitle: titles.stage(row.case_type, row.stage),
    deadline: row.stage_deadline,
    tmName: row.tm_name,
    brandId: row.brand_id,
    countries: row.countries,
    classes: row.classes.join(','),
    appNo: row.app_no,
    applicantName: row.applicant_name,
    handlerId: row.handler_user_id,
    handlerName: row.handler_name ?? '',
    submitType: row.submit_type,
    result: row.result,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    submittedAt: iso(row.submitted_at),
  };
}

/** The list's order: the chosen column, then the case number so pages never overlap. */
export function sortedCases<Q extends ReturnType<typeof summaryRows>>(q: Q, query: CaseQuery): Q {
  const order = query.sortOrder ?? 'desc';
  const column = {
    createdAt: 'c.created_at',
    updatedAt: 'c.updated_at',
    caseNo: 'c.case_no',
    deadline: 'c.stage_deadline',
    submittedAt: 'c.submitted_at',
  } as const;
  const chosen = column[query.sortField ?? 'createdAt'];
  // Only the dates a case may lack sort empty ones last: on a column never empty the plain order matches the list's indexes (0042).
  const nullable = chosen === 'c.stage_deadline' || chosen === 'c.submitted_at';
  return q.orderBy(sql`${sql.ref(chosen)} ${sql.raw(order)}${sql.raw(nullable ? ' nulls last' : '')}`).orderBy('c.case_no', order) as Q;
}
