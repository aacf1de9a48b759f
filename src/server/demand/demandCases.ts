import type { CaseBizParam } from '../../generated/types.js';
import { conditionHolds, fieldValue } from '../../shared/approvalFlow/flowWalk.js';
import { formFieldNames, formFieldTitles } from '../../shared/approvalFlow/formFields.js';
import { bizParamOf, type CaseFormValues } from '../../shared/caseForm/caseBizParam.js';
import { classGoodsRows } from '../../shared/caseForm/classGoods.js';
import { formProblems, problemText, type FormNode } from '../../shared/formRules.js';
import type { CaseContext } from '../cases/caseLifecycle.js';
import { ApiError, badRequest } from '../http/apiError.js';
import { parseRoleAuth } from '../auth/session.js';
import { saveCase } from '../cases/caseLifecycle.js';
import { addTrend as addCaseTrend } from '../cases/caseStore.js';
import { currentCaseType, type CaseType, type CreatesCase } from '../cases/caseTypes.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import type { DemandRow } from './demandStore.js';
import type { ProposalType } from './demandTypes.js';

/**
 * Case fields a mapping may name beside the case form's own: those the case keeps outside its form
 * (the marks it concerns, its countries by route).
 */
const CASE_FIELDS_OUTSIDE_FORM = ['brandId', 'relatedBrandIds', 'tmName', 'intCls', 'tmType', 'nationalCountries', 'madridCountries', 'appCountry'];

/** One case an approval creates, before it is saved. */
interface PlannedCase {
  type: CaseType;
  values: CaseFormValues;
  country: string | null;
  intCls: string | null;
}

export interface CreatedCase {
  caseNo: string;
  caseId: number;
  handlerId: number | null;
}

const COUNTRY = /^[A-Z]{2,3}$/;
const countriesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string' && COUNTRY.test(c)) : []);

/** The countries a case's values apply to: named nationally, then through Madrid, then a single country field. */
function caseCountries(values: CaseFormValues): string[] {
  const single = typeof values.appCountry === 'string' && COUNTRY.test(values.appCountry) ? [values.appCountry] : [];
  return [...new Set([...countriesOf(values.nationalCountries), ...countriesOf(values.madridCountries), ...single])];
}

/** The classes a case's values name: those of its goods, else its class field. */
function caseClasses(values: CaseFormValues): number[] {
  const rows = classGoodsRows(values.parentCgInfo);
  if (rows.length > 0) return rows.map((r) => r.tmCl);
  const one = values.intCls;
  const list = Array.isArray(one) ? one : [one];
  return [...new Set(list.filter((n): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 45))].sort((a, b) => a - b);
}

/** One case's values per country (split by country) or per class (split by class); the values as they are otherwise. */
function splitValues(spec: CreatesCase, values: CaseFormValues): { values: CaseFormValues; country: string | null; intCls: string | null }[] {
  if (spec.split === 'country') {
    return caseCountries(values).map((country) => ({
      values: {
        ...values,
        nationalCountries: countriesOf(values.nationalCountries).includes(country) ? [country] : [],
        madridCountries: countriesOf(values.madridCountries).includes(country) ? [country] : [],
        ...(values.appCountry !== undefined ? { appCountry: country } : {}),
      },
      country,
      intCls: null,
    }));
  }
  if (spec.split === 'class') {
    return caseClasses(values).map((tmCl) => ({
      values: {
        ...values,
        ...(values.parentCgInfo !== undefined ? { parentCgInfo: classGoodsRows(values.parentCgInfo).filter((r) => r.tmCl === tmCl) } : {}),
        ...(values.intCls !== undefined ? { intCls: Array.isArray(values.intCls) ? [tmCl] : tmCl } : {}),
      },
      country: null,
      intCls: String(tmCl),
    }));
  }
  return [{ values, country: null, intCls: null }];
}

/**
 * The case fields a proposal type's mapping names that its case type does not have, in Chinese,
 * each naming the case type and the field; checked when a proposal type is published and again on
 * approval (the case type may have changed since).
 */
export function mappingProblems(proposal: Pick<ProposalType, 'title' | 'form'>, spec: CreatesCase, caseType: CaseType | undefined): string[] {
  if (!caseType || caseType.category !== 'case') return [`提案类型“${proposal.title}”要建立的案件类型 ${spec.caseType} 不存在`];
  const caseFields = new Set([...formFieldNames(caseType.form as FormNode), ...CASE_FIELDS_OUTSIDE_FORM]);
  const proposalFields = formFieldNames(proposal.form as FormNode);
  const problems: string[] = [];
  for (const [caseField, proposalField] of Object.entries(spec.fields)) {
    if (!caseFields.has(caseField)) problems.push(`建立“${caseType.title}”案件的映射中，案件字段“${caseField}”在该案件类型中不存在`);
    if (!proposalFields.has(proposalField)) problems.push(`建立“${caseType.title}”案件的映射中，提案字段“${proposalField}”在提案表单中不存在`);
  }
  for (const condition of spec.when) {
    if (!proposalFields.has(condition.field)) problems.push(`建立“${caseType.title}”案件的条件用了提案表单中没有的字段“${condition.field}”`);
  }
  return problems;
}

/** The cases an approval of this proposal creates, by its type's createsCases, checked before any is saved. */
async function plannedCases(db: ScopedDb, schemas: SchemaLibrary, row: DemandRow, type: ProposalType, markIds: number[]): Promise<PlannedCase[]> {
  const data = row.form_data;
  const proposalTitles = formFieldTitles(type.form as FormNode);
  const planned: PlannedCase[] = [];
  for (const spec of type.createsCases) {
    if (!spec.when.every((c) => conditionHolds(c, data))) continue;
    const caseType = await currentCaseType(db, schemas, spec.caseType);
    const problems = mappingProblems(type, spec, caseType);
    if (problems.length > 0) throw badRequest(`审批未完成：${problems[0]}，请管理员修改提案类型`);
    const values: CaseFormValues = {};
    for (const [caseField, proposalField] of Object.entries(spec.fields)) {
      const value = fieldValue(data, proposalField);
      // An empty list (no picture uploaded, no file) is missing like an empty text: the handler fills it in.
      if (value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)) values[caseField] = structuredClone(value);
    }
    if (values.brandId === undefined && markIds.length > 0) values.brandId = markIds[0];
    if (values.relatedBrandIds === undefined && markIds.length > 1) values.relatedBrandIds = markIds.slice(1);
    // A value the case's form would refuse (a pattern, a length, an option) stops the approval; what is merely missing the handler fills in.
    const source = new Map(Object.entries(spec.fields));
    for (const problem of formProblems(caseType!.form as FormNode, values)) {
      if (fieldValue(values, problem.path) === undefined) continue;
      const from = source.get(problem.path.split('.')[0]!);
      const named = from ? `（来自提案字段“${proposalTitles.get(from) ?? from}”）` : '';
      throw badRequest(`审批未完成：要建立的“${caseType!.title}”案件${problemText(problem)}${named}`);
    }
    const parts = splitValues(spec, values);
    if (parts.length === 0) {
      throw badRequest(
        `审批未完成：“${caseType!.title}”按${spec.split === 'country' ? '国家' : '类别'}建立案件，但提案没有填写${spec.split === 'country' ? '国家/地区' : '类别'}`,
      );
    }
    for (const part of parts) planned.push({ type: caseType!, ...part });
  }
  return planned;
}

/** The submitter handles the cases when their role manages cases; otherwise whoever approved last. */
async function handlerFor(db: ScopedDb, submitterId: number | null): Promise<number | undefined> {
  if (submitterId === null) return undefined;
  const user = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select('r.role_auth')
    .where('u.id', '=', submitterId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  return user && parseRoleAuth(user.role_auth).has('caseManage') ? submitterId : undefined;
}

/**
 * Creates the cases of an approved proposal through the cases' own save, in the approval's
 * transaction, and links each to the proposal both ways. A case that cannot be saved fails the
 * approval with the case's own reason: nothing of it is kept.
 */
export async function createCasesOf(ctx: CaseContext, row: DemandRow, type: ProposalType): Promise<CreatedCase[]> {
  const markIds = (await ctx.db.selectFrom('demand_marks').select('brand_id').where('demand_id', '=', row.id).orderBy('position').execute()).map(
    (m) => m.brand_id,
  );
  const planned = await plannedCases(ctx.db, ctx.schemas, row, type, markIds);
  const handlerId = await handlerFor(ctx.db, row.submitter_id);
  const created: CreatedCase[] = [];
  for (const plan of planned) {
    const bizParam: CaseBizParam = bizParamOf(plan.type.scope, plan.values, {});
    if (Array.isArray(plan.values.relatedBrandIds)) bizParam.relatedBrandIds = plan.values.relatedBrandIds as number[];
    let detail;
    try {
      detail = await saveCase(ctx, { caseType: plan.type.name, bizParam, ...(handlerId ? { handlerId } : {}) });
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        throw new ApiError(err.status, err.subCode, `审批未完成：建立“${plan.type.title}”案件失败，${err.subMessage}`, { cause: err });
      }
      throw err;
    }
    const caseRow = await ctx.db.selectFrom('cases').select(['id', 'org_id', 'handler_user_id']).where('case_no', '=', detail.caseNo).executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('demand_cases')
      .values({ org_id: row.org_id, demand_id: row.id, case_id: caseRow.id, country: plan.country, int_cls: plan.intCls })
      .execute();
    await addCaseTrend(ctx.db, caseRow, ctx.session.userId, 'fromDemand', `由提案 ${row.demand_no}“${row.title}”审批通过建立`);
    created.push({ caseNo: detail.caseNo, caseId: caseRow.id, handlerId: caseRow.handler_user_id });
  }
  return created;
}
